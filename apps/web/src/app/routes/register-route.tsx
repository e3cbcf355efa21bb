import { useState } from 'react';
import { useNavigate } from 'react-router';
import { HomePage } from '../../features/home/components/home-page.tsx';
import { RegisterModal } from '../../features/register/components/register-modal.tsx';
import { useSite } from '../site-context.tsx';

/** /register and /register.html: the home page with the register modal open (SPEC §2). */
export function RegisterRoute() {
  const { site } = useSite();
  const navigate = useNavigate();
  const [opened, setOpened] = useState(true);
  return (
    <>
      <HomePage brandName={site.brandName} />
      <RegisterModal
        opened={opened}
        onClose={() => {
          setOpened(false);
          // Closing leaves the register URL, so a reload does not reopen the modal.
          navigate('/', { replace: true });
        }}
      />
    </>
  );
}
