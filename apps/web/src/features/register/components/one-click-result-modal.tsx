import { Alert, Button, CopyButton, Group, Stack, Text } from '@mantine/core';
import { AppModal } from '../../../components/ui/app-modal.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';

type OneClickResultModalProps = {
  opened: boolean;
  onClose: () => void;
  username: string;
  password: string;
};

function CredentialRow({
  label,
  value,
  copyLabel,
  testId,
}: {
  label: string;
  value: string;
  copyLabel: string;
  testId: string;
}) {
  const { t } = useTranslation('register');
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <div style={{ minWidth: 0 }}>
        <Text size="xs" c="dimmed">
          {label}
        </Text>
        <Text ff="monospace" fw={600} fz="lg" style={{ wordBreak: 'break-all' }} data-testid={testId}>
          {value}
        </Text>
      </div>
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Button
            size="xs"
            variant={copied ? 'filled' : 'default'}
            onClick={copy}
            aria-label={copyLabel}
            data-testid={`${testId}-copy`}
          >
            {copied ? t('oneClick.copied') : t('oneClick.copy')}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}

/**
 * The one-click account's credentials, shown once (docs/accounts-contract.md: "the server never sends a
 * password back", so this is the only place the player can learn it).
 */
export function OneClickResultModal({ opened, onClose, username, password }: OneClickResultModalProps) {
  const { t } = useTranslation('register');
  return (
    <AppModal opened={opened} onClose={onClose} title={t('oneClick.title')} testId="one-click-result">
      <Stack gap="md">
        <Alert variant="light" color="yellow">
          {t('oneClick.notice')}
        </Alert>
        <CredentialRow
          label={t('oneClick.username')}
          value={username}
          copyLabel={t('oneClick.copyUsername')}
          testId="one-click-username"
        />
        <CredentialRow
          label={t('oneClick.password')}
          value={password}
          copyLabel={t('oneClick.copyPassword')}
          testId="one-click-password"
        />
        <Button onClick={onClose} data-testid="one-click-saved">
          {t('oneClick.saved')}
        </Button>
      </Stack>
    </AppModal>
  );
}
