import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../components/ui/app-modal.tsx';

type ConfirmMoneyDialogProps = {
  opened: boolean;
  title: string;
  /** The sentence that says what will happen, with the amount and symbol. */
  summary: ReactNode;
  /** An `errors` namespace key from the last attempt, shown until the next one. */
  errorCode: string | null;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  testId: string;
};

/**
 * The confirm step of every money action (docs/wallet-contract.md "Browser"): what will move, then Confirm.
 * The caller makes the intent's Idempotency-Key when it opens this and keeps it for "Try again", so a retry
 * after a lost answer cannot move the money twice.
 */
export function ConfirmMoneyDialog({
  opened,
  title,
  summary,
  errorCode,
  busy,
  onConfirm,
  onCancel,
  testId,
}: ConfirmMoneyDialogProps) {
  const { t } = useTranslation('wallet');
  return (
    <AppModal opened={opened} onClose={busy ? () => undefined : onCancel} title={title} testId={testId}>
      <Stack gap="md">
        <Text data-testid={`${testId}-summary`}>{summary}</Text>
        {errorCode ? (
          <Alert color="red" variant="light" role="alert" data-testid={`${testId}-error`}>
            {t(`errors:${errorCode}`)}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={busy} data-testid={`${testId}-cancel`}>
            {t('actions.cancel')}
          </Button>
          <Button onClick={onConfirm} loading={busy} data-testid={`${testId}-confirm`}>
            {errorCode ? t('actions.retry') : t('actions.confirm')}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
