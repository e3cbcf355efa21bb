import type { DownlineItem } from '@lotus/shared/agents.schema';
import { decimalToMinor } from '@lotus/shared/money';
import type { AgentTransferResult } from '@lotus/shared/wallet.schema';
import { Alert, Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { AmountInput } from '../../../components/ui/amount-input.tsx';
import { AppModal } from '../../../components/ui/app-modal.tsx';
import { messageForApiError } from '../../../lib/forms/validation.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { moneyText } from '../../../lib/money/money.ts';
import { transferToDownline } from '../api/transfer-downline.ts';

type DownlineTransferDialogProps = {
  /** The downline member to pay; null when closed. */
  target: DownlineItem | null;
  symbol: string;
  onClose: () => void;
  onDone: (result: AgentTransferResult) => void;
};

function newKey(): string {
  return typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
        byte.toString(16).padStart(2, '0'),
      ).join('');
}

/**
 * Transfer to one downline member: amount and payment password, confirmed here, sent sealed to the wallet's
 * downline transfer. One Idempotency-Key per intent (docs/wallet-contract.md "Idempotency"): made when the
 * dialog opens or the amount changes, kept for every retry of that intent, so a retry after a lost answer
 * cannot pay twice (the password is not part of the intent: a corrected password retries the same one).
 */
export function DownlineTransferDialog({ target, symbol, onClose, onDone }: DownlineTransferDialogProps) {
  const { t } = useTranslation('agents');
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; password?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const key = useRef(newKey());

  useEffect(() => {
    if (target === null) return;
    key.current = newKey();
    setAmount('');
    setPassword('');
    setErrors({});
    setFailure(null);
  }, [target]);

  const changeAmount = (text: string) => {
    setAmount(text);
    key.current = newKey();
    setErrors((old) => ({ ...old, amount: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!target || busy) return;
    const minor = decimalToMinor(amount.trim());
    const next: { amount?: string; password?: string } = {};
    if (minor === null || minor <= 0n) next.amount = t('transfer.amountInvalid');
    if (password === '') next.password = t('transfer.passwordRequired');
    setErrors(next);
    if (next.amount || next.password) return;
    setBusy(true);
    setFailure(null);
    try {
      const result = await transferToDownline(
        { username: target.username, amount: amount.trim(), withdrawPassword: password },
        key.current,
      );
      onDone(result);
    } catch (error) {
      const message = messageForApiError(t, error);
      const code = error instanceof Error && 'code' in error ? String(error.code) : '';
      if (code.startsWith('withdraw_password') && code !== 'withdraw_password_not_set') {
        setErrors({ password: message });
        setPassword('');
      } else {
        setFailure(message);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <AppModal
      opened={target !== null}
      onClose={busy ? () => undefined : onClose}
      title={t('transfer.title')}
      testId="agent-transfer-dialog"
    >
      {target ? (
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack gap="sm">
            <Text size="sm" data-testid="agent-transfer-to">
              {t('transfer.to', {
                username: target.username,
                balance: moneyText(target.balanceMinor, symbol),
              })}
            </Text>
            {failure ? (
              <Alert color="red" variant="light" role="alert" data-testid="agent-transfer-error">
                {failure}
              </Alert>
            ) : null}
            <AmountInput
              label={t('transfer.amount', { symbol })}
              value={amount}
              onValue={changeAmount}
              required
              error={errors.amount}
              data-testid="agent-transfer-amount"
              data-autofocus
            />
            <PasswordInput
              label={t('transfer.password')}
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              autoComplete="off"
              required
              error={errors.password}
              data-testid="agent-transfer-password"
              visibilityToggleButtonProps={{ 'aria-label': t('register.showPassword') }}
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose} disabled={busy} data-testid="agent-transfer-cancel">
                {t('transfer.cancel')}
              </Button>
              <Button type="submit" loading={busy} data-testid="agent-transfer-confirm">
                {failure ? t('retry') : t('transfer.confirm')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </AppModal>
  );
}
