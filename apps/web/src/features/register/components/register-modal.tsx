import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../components/ui/app-modal.tsx';
import { EmptyBlock } from '../../../components/ui/empty-block.tsx';
import { UserIcon } from '../../../components/ui/icons.tsx';

type RegisterModalProps = { opened: boolean; onClose: () => void };

/**
 * The register modal's frame (SPEC §2 /register), on the site's generic modal (close icon, draggable, not
 * closed by the background, width 400). The form itself arrives with accounts; until then the modal says
 * plainly that registration is not open.
 */
export function RegisterModal({ opened, onClose }: RegisterModalProps) {
  const { t } = useTranslation('pages');
  return (
    <AppModal opened={opened} onClose={onClose} title={t('register.title')} testId="register-modal">
      <EmptyBlock
        testId="register-unavailable"
        icon={<UserIcon size={28} />}
        title={t('register.unavailable')}
        description={t('register.unavailableHint')}
        actions={
          <Button variant="default" onClick={onClose}>
            {t('common:actions.close')}
          </Button>
        }
      />
    </AppModal>
  );
}
