import type { RememberedAccount } from '@lotus/shared/auth.schema';
import { Anchor, Button, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n-react.tsx';

type LoginRememberedCardProps = {
  account: RememberedAccount;
  busy: boolean;
  onContinue: () => void;
  onNotYou: () => void;
};

/** "Continue as …" for the account this device remembers, and "not you?" to forget it. */
export function LoginRememberedCard({ account, busy, onContinue, onNotYou }: LoginRememberedCardProps) {
  const { t } = useTranslation('auth');
  return (
    <Paper withBorder p="sm" radius="md" data-testid="login-remembered">
      <Stack gap={6}>
        <Text size="sm" c="dimmed">
          {t('login.rememberedHint')}
        </Text>
        <Button variant="light" onClick={onContinue} loading={busy} data-testid="login-continue">
          {t('login.continueAs', { username: account.username })}
        </Button>
        <Anchor
          component="button"
          type="button"
          size="sm"
          onClick={onNotYou}
          data-testid="login-not-you"
          ta="center"
        >
          {t('login.notYou')}
        </Anchor>
      </Stack>
    </Paper>
  );
}
