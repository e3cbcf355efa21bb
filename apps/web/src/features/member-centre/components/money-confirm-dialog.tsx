import { Alert, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../components/ui/app-modal.tsx';

export type ConfirmRow = { label: string; value: string };

type MoneyConfirmDialogProps = {
  opened: boolean;
  title: string;
  /** The amount with its symbol, shown large: what the player is agreeing to. */
  amountText: string;
  rows: ConfirmRow[];
  confirmLabel: string;
  busy: boolean;
  /** The last attempt's failure; the player may retry with the same intent (same Idempotency-Key). */
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
  testId: string;
};

/**
 * The confirm step of every money action (docs/wallet-contract.md "Browser"): amount and details, then
 * confirm. A failure stays in the dialog (role=alert) so a retry sends the same intent again.
 */
export function MoneyConfirmDialog({
  opened,
  title,
  amountText,
  rows,
  confirmLabel,
  busy,
  error,
  onConfirm,
  onClose,
  testId,
}: MoneyConfirmDialogProps) {
  const { t } = useTranslation('memberCentre');
  return (
    <AppModal opened={opened} onClose={busy ? () => {} : onClose} title={title} testId={testId}>
      <Stack gap="sm">
        <Text fz={28} fw={700} ta="center" data-testid={`${testId}-amount`}>
          {amountText}
        </Text>
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
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t('confirm.cancel')}
          </Button>
          <Button onClick={onConfirm} loading={busy} data-testid={`${testId}-submit`}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
