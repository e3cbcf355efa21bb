import { decimalToMinor, minorToDecimal } from '@lotus/shared/money';
import type { PayoutAccount } from '@lotus/shared/withdrawals.schema';
import { Alert, Button, Group, Loader, NativeSelect, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { AmountInput } from '../../../components/ui/amount-input.tsx';
import { DoneNotice } from '../../../components/ui/done-notice.tsx';
import { MoneyConfirmDialog } from '../../../components/ui/money-confirm-dialog.tsx';
import { messageForApiError } from '../../../lib/forms/validation.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { memberCentrePath } from '../../../lib/member-centre/member-centre-entries.ts';
import {
  type AmountProblem,
  amountProblemText,
  checkAmount,
  moneyText,
  newIdempotencyKey,
} from '../../../lib/money/money.ts';
import { usePayoutAccounts, useWithdrawPasswordIsSet } from '../../../lib/wallet/payout-settings-api.ts';
import { useBalance } from '../../../lib/wallet/use-wallet-queries.ts';
import { createWithdrawal, refreshAfterWithdrawal, type WithdrawalRequest } from '../api/withdrawal-api.ts';
import { withdrawalErrorText } from '../utils/withdrawal-error-text.ts';
import { WithdrawalHistory } from './withdrawal-history.tsx';

type WithdrawPageProps = { currencySymbol: string };

/**
 * SPEC §2 member centre "withdrawal (withdraw)": needs the payment password and a payout account (both set
 * in the security centre); the amount against the available balance; a confirm step; then the history,
 * where paid withdrawals ask for the receipt confirmation (SPEC §4).
 */
export function WithdrawPage({ currencySymbol }: WithdrawPageProps) {
  const { t } = useTranslation('withdrawal');
  const password = useWithdrawPasswordIsSet();
  const accounts = usePayoutAccounts();

  let body: ReactNode;
  if (password.isPending || accounts.isPending) {
    body = (
      <Group justify="center" py="lg">
        <Loader aria-label={t('loading')} />
      </Group>
    );
  } else if (password.isError || accounts.isError) {
    body = (
      <Alert color="red" variant="light" role="alert" data-testid="withdraw-load-error">
        {messageForApiError(t, password.error ?? accounts.error)}
      </Alert>
    );
  } else if (!password.data.isSet) {
    body = (
      <NeedsSetup
        testId="withdraw-needs-password"
        text={t('setup.password')}
        action={t('setup.goSecurity')}
      />
    );
  } else if (accounts.data.accounts.length === 0) {
    body = (
      <NeedsSetup testId="withdraw-needs-account" text={t('setup.account')} action={t('setup.goSecurity')} />
    );
  } else {
    body = <WithdrawForm accounts={accounts.data.accounts} symbol={currencySymbol} />;
  }

  return (
    <Stack gap="xl" data-testid="withdraw-page">
      {body}
      <WithdrawalHistory symbol={currencySymbol} />
    </Stack>
  );
}

function NeedsSetup({ testId, text, action }: { testId: string; text: string; action: string }) {
  return (
    <Alert color="yellow" variant="light" data-testid={testId}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{text}</Text>
        <Button component={Link} to={memberCentrePath('securityCenter')} replace size="xs">
          {action}
        </Button>
      </Stack>
    </Alert>
  );
}

type Intent = { request: WithdrawalRequest; key: string; account: PayoutAccount };

function WithdrawForm({ accounts, symbol }: { accounts: PayoutAccount[]; symbol: string }) {
  const { t } = useTranslation('withdrawal');
  const queryClient = useQueryClient();
  const balance = useBalance();
  const [accountId, setAccountId] = useState<string>(accounts[0]?.id ?? '');
  const [amount, setAmount] = useState('');
  const [withdrawPassword, setWithdrawPassword] = useState('');
  const [errors, setErrors] = useState<{ amount?: AmountProblem; password?: boolean; account?: boolean }>({});
  const [intent, setIntent] = useState<Intent | null>(null);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const availableMinor = balance.data ? BigInt(balance.data.balanceMinor) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    const account = accounts.find((item) => item.id === accountId);
    const checked = checkAmount(amount, { availableMinor });
    const found = {
      ...(checked.ok ? {} : { amount: checked.problem }),
      ...(withdrawPassword === '' ? { password: true } : {}),
      ...(account ? {} : { account: true }),
    };
    setErrors(found);
    if (!account || Object.keys(found).length > 0) return;
    setFailure(null);
    setIntent({
      account,
      key: newIdempotencyKey(),
      request: { payoutAccountId: account.id, amount: amount.trim(), withdrawPassword },
    });
  };

  const confirm = async () => {
    if (!intent || sending) return;
    setSending(true);
    setFailure(null);
    try {
      const result = await createWithdrawal(intent.request, intent.key);
      setIntent(null);
      setAmount('');
      setWithdrawPassword('');
      setDone(t('form.submitted', { id: result.withdrawal.id }));
      await refreshAfterWithdrawal(queryClient);
    } catch (error) {
      setFailure(withdrawalErrorText(t, error, symbol));
    } finally {
      setSending(false);
    }
  };

  const accountLabel = (account: PayoutAccount) =>
    `${account.provider} ${account.accountNumberMasked}${account.kind === 'ewallet' ? ` (${t('kind.ewallet')})` : ''}`;

  return (
    <Stack gap="md" component="section" aria-labelledby="withdraw-form-title">
      <Title order={2} fz="lg" id="withdraw-form-title">
        {t('form.title')}
      </Title>
      <Text size="sm" data-testid="withdraw-available" aria-live="polite">
        {t('form.available')}{' '}
        <Text span fw={700}>
          {availableMinor === null ? '…' : moneyText(availableMinor, symbol)}
        </Text>
      </Text>
      <form onSubmit={submit} noValidate data-testid="withdraw-form">
        <Stack gap="md">
          <NativeSelect
            label={t('form.account')}
            required
            data={accounts.map((account) => ({ value: account.id, label: accountLabel(account) }))}
            value={accountId}
            onChange={(event) => setAccountId(event.currentTarget.value)}
            error={errors.account ? t('validation:required') : null}
            data-testid="withdraw-account"
          />
          <AmountInput
            label={t('form.amount', { symbol })}
            required
            symbol={symbol}
            value={amount}
            onValue={(text) => {
              setAmount(text);
              if (errors.amount) setErrors((current) => ({ ...current, amount: undefined }));
            }}
            error={errors.amount ? amountProblemText(t, errors.amount, symbol) : null}
            data-testid="withdraw-amount"
          />
          {availableMinor !== null && availableMinor > 0n ? (
            <Group gap="xs">
              <Button
                size="xs"
                variant="light"
                radius="xl"
                onClick={() => setAmount(minorToDecimal(availableMinor))}
                data-testid="withdraw-all"
              >
                {t('form.all')}
              </Button>
            </Group>
          ) : null}
          <PasswordInput
            label={t('form.password')}
            required
            autoComplete="off"
            value={withdrawPassword}
            onChange={(event) => {
              setWithdrawPassword(event.currentTarget.value);
              if (errors.password) setErrors((current) => ({ ...current, password: undefined }));
            }}
            error={errors.password ? t('validation:required') : null}
            data-testid="withdraw-password"
          />
          <Button type="submit" data-testid="withdraw-submit">
            {t('form.submit')}
          </Button>
          <DoneNotice text={done} testId="withdraw-submitted" />
        </Stack>
      </form>
      <MoneyConfirmDialog
        opened={intent !== null}
        title={t('confirm.title')}
        amountText={intent ? moneyText(decimalToMinor(intent.request.amount) ?? 0n, symbol) : ''}
        rows={intent ? [{ label: t('form.account'), value: accountLabel(intent.account) }] : []}
        confirmLabel={t('confirm.submit')}
        busy={sending}
        error={failure}
        onConfirm={() => void confirm()}
        onClose={() => setIntent(null)}
        testId="withdraw-confirm"
      />
    </Stack>
  );
}
