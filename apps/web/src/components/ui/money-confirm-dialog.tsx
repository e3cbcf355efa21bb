import { Alert, Button, Group, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { AppModal } from './app-modal.tsx';

export type ConfirmRow = { label: string; value: string };

type MoneyConfirmDialogProps = {
  opened: boolean;
  title: string;
  /** The amount with its symbol, shown large (`${testId}-amount`): what the player is agreeing to. */
  amountText?: string;
  /** Details under the amount (method, account, reference…). */
  rows?: ConfirmRow[];
  /** A sentence that says what will happen (`${testId}-summary`), for actions told in words. */
  summary?: ReactNode;
  confirmLabel: string;
  /** Shown on the confirm button instead of `confirmLabel` after a failure, when the caller wants it. */
  retryLabel?: string;
  /** The suffix of the confirm button's test id; the deposit/withdraw journeys use `submit`, the wallet's `confirm`. */
  confirmSuffix?: 'submit' | 'confirm';
  busy: boolean;
  /** The last attempt's failure; the player may retry with the same intent (same Idempotency-Key). */
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
  testId: string;
};

/**
 * The confirm step of every money action (docs/wallet-contract.md "Browser"): amount and details or a
 * summary, then confirm. The caller makes the intent's Idempotency-Key when it opens this and keeps it for the
 * retry, and a failure stays in the dialog (role=alert), so a retry after a lost answer cannot move money twice.
 */
export function MoneyConfirmDialog({
  opened,
  title,
  amountText,
  rows = [],
  summary,
  confirmLabel,
  retryLabel,
  confirmSuffix = 'submit',
  busy,
  error,
  onConfirm,
  onClose,
  testId,
}: MoneyConfirmDialogProps) {
  const { t } = useTranslation('memberCentre');
  return (
    <AppModal opened={opened} onClose={busy ? () => undefined : onClose} title={title} testId={testId}>
      <Stack gap="sm">
        {summary !== undefined ? <Text data-testid={`${testId}-summary`}>{summary}</Text> : null}
        {amountText !== undefined ? (
          <Text fz={28} fw={700} ta="center" data-testid={`${testId}-amount`}>
            {amountText}
          </Text>
        ) : null}
        {rows.length > 0 ? (
          <Table variant="vertical" withTableBorder layout="fixed">
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.label}>
                  <Table.Th w="40%">{row.label}</Table.Th>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : null}
        {error ? (
          <Alert color="red" variant="light" role="alert" data-testid={`${testId}-error`}>
            {error}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy} data-testid={`${testId}-cancel`}>
            {t('confirm.cancel')}
          </Button>
          <Button onClick={onConfirm} loading={busy} data-testid={`${testId}-${confirmSuffix}`}>
            {error && retryLabel ? retryLabel : confirmLabel}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
