import { useState } from 'react';
import { useNavigate } from 'react-router';
import { RegisterModal } from '../../features/register/components/register-modal.tsx';
import { HomeRoute } from './home-route.tsx';

/** /register and /register.html: the home page with the register modal open (SPEC §2). */
export function RegisterRoute() {
  const navigate = useNavigate();
  const [opened, setOpened] = useState(true);
  return (
    <>
      <HomeRoute />
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
