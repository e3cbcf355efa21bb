import type {
  ConsolidatedVendor,
  TransferDirection,
  WalletTransferResult,
} from '@lotus/shared/wallet.schema';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { AmountInput } from '../../../components/ui/amount-input.tsx';
import { AppModal } from '../../../components/ui/app-modal.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { moneyText } from '../../../lib/money/money.ts';
import { useMoneyIntent } from '../hooks/use-money-intent.ts';
import { checkAmount } from '../utils/amount.ts';

export type TransferTarget = {
  vendor: ConsolidatedVendor;
  direction: TransferDirection;
  /** The main wallet's balance when the dialog opened (the limit of a transfer in). */
  mainMinor: string;
};

export type VendorTransferInput = {
  vendor: string;
  name: string;
  direction: TransferDirection;
  /** As typed (the server parses it again). */
  amount: string;
  amountMinor: string;
};

type VendorTransferDialogProps = {
  target: TransferTarget | null;
  symbol: string;
  onClose: () => void;
  send: (input: VendorTransferInput, idempotencyKey: string) => Promise<WalletTransferResult>;
  onDone: (result: WalletTransferResult, input: VendorTransferInput) => void;
};

/**
 * Transfer in (main → vendor) or out (vendor → main): the amount, checked against the source wallet, then a
 * confirm step with the amount and symbol. The confirm step is the intent: its key is made when it opens.
 */
export function VendorTransferDialog({ target, symbol, onClose, send, onDone }: VendorTransferDialogProps) {
  const { t } = useTranslation('wallet');
  const [amount, setAmount] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const intent = useMoneyIntent(send, onDone);
  const { cancel } = intent;

  // Every opening starts empty, on the amount step.
  const targetKey = target ? `${target.vendor.vendor}:${target.direction}` : null;
  useEffect(() => {
    if (targetKey === null) return;
    setAmount('');
    setFieldError(null);
    cancel();
  }, [targetKey, cancel]);

  if (!target) return null;

  const { vendor, direction } = target;
  const sourceMinor = direction === 'in' ? target.mainMinor : vendor.balanceMinor;
  const sourceName = direction === 'in' ? t('fund.main') : vendor.name;
  const destinationName = direction === 'in' ? vendor.name : t('fund.main');
  const pending = intent.pending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const check = checkAmount(amount, sourceMinor);
    if (!check.ok) {
      setFieldError(
        t(`validation.${check.error}`, { wallet: sourceName, balance: moneyText(sourceMinor, symbol) }),
      );
      return;
    }
    setFieldError(null);
    intent.open({
      vendor: vendor.vendor,
      name: vendor.name,
      direction,
      amount: amount.trim(),
      amountMinor: check.minor.toString(),
    });
  };

  const close = () => {
    if (intent.busy) return;
    intent.cancel();
    onClose();
  };

  const title = t(direction === 'in' ? 'transfer.titleIn' : 'transfer.titleOut', { vendor: vendor.name });

  return (
    <AppModal opened onClose={close} title={title} testId="vendor-transfer-dialog">
      {pending === null ? (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text size="sm" c="dimmed" data-testid="transfer-available">
              {t('transfer.available', { wallet: sourceName, balance: moneyText(sourceMinor, symbol) })}
            </Text>
            <AmountInput
              label={t('transfer.amount', { symbol })}
              value={amount}
              onValue={setAmount}
              error={fieldError}
              data-autofocus
              data-testid="transfer-amount"
              rightSectionWidth={64}
              rightSection={
                <Button
                  size="compact-xs"
                  variant="subtle"
                  onClick={() => setAmount(moneyText(sourceMinor, '').replaceAll(',', ''))}
                  disabled={sourceMinor === '0'}
                  aria-label={t('transfer.allLabel', { wallet: sourceName })}
                  data-testid="transfer-all"
                >
                  {t('transfer.all')}
                </Button>
              }
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                {t('actions.cancel')}
              </Button>
              <Button type="submit" data-testid="transfer-next">
                {t('actions.next')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <Stack gap="md">
          <Text data-testid="transfer-summary">
            {t('transfer.summary', {
              amount: moneyText(pending.amountMinor, symbol),
              from: sourceName,
              to: destinationName,
            })}
          </Text>
          {intent.errorCode ? (
            <Alert color="red" variant="light" role="alert" data-testid="transfer-error">
              {t(`errors:${intent.errorCode}`)}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              onClick={intent.cancel}
              disabled={intent.busy}
              data-testid="transfer-back"
            >
              {t('actions.back')}
            </Button>
            <Button
              onClick={() => void intent.confirm()}
              loading={intent.busy}
              data-testid="transfer-confirm"
            >
              {intent.errorCode ? t('actions.retry') : t('actions.confirm')}
            </Button>
          </Group>
        </Stack>
      )}
    </AppModal>
  );
}
