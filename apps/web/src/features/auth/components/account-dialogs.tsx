import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { AppModal } from '../../../components/ui/app-modal.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { useLogout } from '../../../lib/session/use-session.ts';

type DialogProps = { opened: boolean; onClose: () => void };

/** SPEC §6 / §8: a trial or type-4 account met a real-account feature (`in_need_true_account`). */
export function TrueAccountDialog({ opened, onClose }: DialogProps) {
  const { t } = useTranslation('auth');
  return (
    <AppModal opened={opened} onClose={onClose} title={t('trueAccount.title')} testId="true-account-dialog">
      <Text role="alert">{t('errors:in_need_true_account')}</Text>
      <Group justify="flex-end" mt="md">
        <Button onClick={onClose} data-testid="true-account-confirm">
          {t('in_increase_submit')}
        </Button>
      </Group>
    </AppModal>
  );
}

/**
 * SPEC §4 Logout: a confirm dialog (cancel, confirm); confirming shows a loader while the session ends
 * (useLogout signs the browser out even if the call fails, then closes this and goes home).
 */
export function LogoutConfirmDialog({ opened, onClose }: DialogProps) {
  const { t } = useTranslation('auth');
  const logout = useLogout();
  const [leaving, setLeaving] = useState(false);
  const confirm = async () => {
    if (leaving) return;
    setLeaving(true);
    try {
      await logout();
    } finally {
      setLeaving(false);
    }
  };
  return (
    <AppModal
      opened={opened}
      onClose={leaving ? () => undefined : onClose}
      title={t('logout.title')}
      testId="logout-dialog"
    >
      <Text>{t('logout.question')}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose} disabled={leaving} data-testid="logout-cancel">
          {t('logout.cancel')}
        </Button>
        <Button
          color="red"
          onClick={confirm}
          loading={leaving}
          loaderProps={{ 'aria-label': t('logout.loading') }}
          data-testid="logout-confirm"
        >
          {t('logout.confirm')}
        </Button>
      </Group>
    </AppModal>
  );
}
