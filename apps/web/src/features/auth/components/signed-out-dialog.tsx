import { Button, Group, Text } from '@mantine/core';
import { AppModal } from '../../../components/ui/app-modal.tsx';
import { formatLongDateTime } from '../../../lib/date-time.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { openAuthModal, type SignedOutReason } from '../../../lib/session/auth-modal-store.ts';

type SignedOutDialogProps = { opened: boolean; onClose: () => void; reason: SignedOutReason };

/**
 * The session ended for the player's own protection (issue 17): a break or self-exclusion just taken, with
 * the moment it ends in the reader's language, or the session time limit. Plain and calm: the player did
 * nothing wrong. Announced (role=alert) since it appears without the player asking. Its texts are the
 * `protection` namespace, loaded with it (app/auth-modals/auth-modals.tsx).
 */
export function SignedOutDialog({ opened, onClose, reason }: SignedOutDialogProps) {
  const { t, i18n } = useTranslation('protection');
  return (
    <AppModal opened={opened} onClose={onClose} title={t('signedOut.title')} testId="signed-out-dialog">
      <Text role="alert" data-testid="signed-out-message">
        {reason.code === 'exclusion'
          ? t(`signedOut.${reason.exclusion}`, { date: formatLongDateTime(reason.endsAt, i18n.language) })
          : t('errors:play_session_limit_reached')}
      </Text>
      <Group justify="flex-end" mt="md">
        {reason.code === 'play_session_limit_reached' ? (
          <Button variant="default" onClick={() => openAuthModal({ kind: 'login' })}>
            {t('signedOut.login')}
          </Button>
        ) : null}
        <Button onClick={onClose} data-testid="signed-out-ok">
          {t('signedOut.ok')}
        </Button>
      </Group>
    </AppModal>
  );
}
