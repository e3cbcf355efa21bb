import { DIALOG_WIDTH, MODAL_TRANSITION_MS } from '@lotus/shared/constants';
import { Button, Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EmptyBlock } from '../../../components/ui/empty-block.tsx';
import { UserIcon } from '../../../components/ui/icons.tsx';

type RegisterModalProps = { opened: boolean; onClose: () => void };

/**
 * The register modal's frame (SPEC §2 /register). The form itself arrives with accounts; until then the
 * modal says plainly that registration is not open. Generic-modal rules: close icon, no closing by a click
 * on the background, 100 ms transition, width 400.
 */
export function RegisterModal({ opened, onClose }: RegisterModalProps) {
  const { t } = useTranslation('pages');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('register.title')}
      size={DIALOG_WIDTH}
      centered
      closeOnClickOutside={false}
      transitionProps={{ duration: MODAL_TRANSITION_MS }}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      data-testid="register-modal"
    >
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
    </Modal>
  );
}
