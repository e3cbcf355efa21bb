import type { AgentTransferResult } from '@lotus/shared/wallet.schema';
import { Alert, Button, Group, Loader, PasswordInput, Stack, Text } from '@mantine/core';
import { type FormEvent, type ReactNode, useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { AmountInput } from '../../../components/ui/amount-input.tsx';
import { MoneyConfirmDialog } from '../../../components/ui/money-confirm-dialog.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { moneyText, symbolOrDefault } from '../../../lib/money/money.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import {
  useBalance,
  useMerchantWallet,
  useWithdrawPasswordStatus,
} from '../../../lib/wallet/use-wallet-queries.ts';
import { transferToUpline } from '../api/transfer-upline-api.ts';
import { intentDialogProps, useMoneyIntent } from '../hooks/use-money-intent.ts';
import { checkAmount } from '../utils/amount.ts';
import { MEMBER_PATHS } from '../utils/member-paths.ts';
import { DismissibleNotice } from './dismissible-notice.tsx';

type UplineInput = { amount: string; amountMinor: string; withdrawPassword: string };

type TransferUplinePageProps = {
  /** The brand's currency symbol (the member centre passes it); else the wallet call's, else 'P'. */
  currencySymbol?: string;
};

/**
 * Transfer to upline (member centre `transferUpline`): amount and payment password, sealed, confirmed, and
 * the result. Offered by the menu only when member info says `toUpline`; reached otherwise it says why.
 * Without a payment password the form is replaced by a link to the security centre, where it is set.
 */
export function TransferUplinePage({ currencySymbol }: TransferUplinePageProps) {
  const { t } = useTranslation('wallet');
  const { member } = useSession();
  const passwordStatus = useWithdrawPasswordStatus();
  const balance = useBalance();
  const merchantSymbol = useMerchantWallet().data?.currencySymbol;
  const symbol = symbolOrDefault(currencySymbol?.trim() ? currencySymbol : merchantSymbol);
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; password?: string }>({});
  const [done, setDone] = useState<string | null>(null);

  const onDone = useCallback(
    (result: AgentTransferResult) => {
      setAmount('');
      setPassword('');
      setDone(
        t('upline.done', {
          amount: moneyText(result.amountMinor, symbol),
          to: result.to,
          main: moneyText(result.main.balanceMinor, symbol),
        }),
      );
    },
    [t, symbol],
  );
  const intent = useMoneyIntent(
    (input: UplineInput, key: string) =>
      transferToUpline({ amount: input.amount, withdrawPassword: input.withdrawPassword }, key),
    onDone,
  );
  const { errorCode, cancel } = intent;

  // A wrong or locked payment password is the field's problem: back to the form, the message under it.
  useEffect(() => {
    if (errorCode?.startsWith('withdraw_password') && errorCode !== 'withdraw_password_not_set') {
      setErrors({ password: t(`errors:${errorCode}`) });
      setPassword('');
      cancel();
    }
  }, [errorCode, cancel, t]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const check = checkAmount(amount, balance.data?.balanceMinor ?? null);
    const next: { amount?: string; password?: string } = {};
    if (!check.ok) {
      next.amount = t(`validation.${check.error}`, {
        wallet: t('fund.main'),
        balance: balance.data ? moneyText(balance.data.balanceMinor, symbol) : '',
      });
    }
    if (password === '') next.password = t('validation.passwordRequired');
    setErrors(next);
    if (!check.ok || next.password) return;
    setDone(null);
    intent.open({ amount: amount.trim(), amountMinor: check.minor.toString(), withdrawPassword: password });
  };

  let body: ReactNode;
  if (member === null || passwordStatus.isPending) {
    body = (
      <Group justify="center" py="xl" role="status" data-testid="upline-loading">
        <Loader size="sm" aria-hidden="true" />
        <Text size="sm" c="dimmed">
          {t('upline.loading')}
        </Text>
      </Group>
    );
  } else if (!member.toUpline) {
    body = (
      <Alert color="blue" variant="light" data-testid="upline-unavailable">
        {t('upline.unavailable')}
      </Alert>
    );
  } else if (passwordStatus.isError) {
    body = (
      <Alert color="red" variant="light" role="alert" data-testid="upline-error">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('upline.loadError')}</Text>
          <Button size="compact-sm" variant="default" onClick={() => void passwordStatus.refetch()}>
            {t('actions.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (!passwordStatus.data.isSet) {
    body = (
      <Alert color="yellow" variant="light" data-testid="upline-no-password">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('upline.noPassword')}</Text>
          <Button component={Link} to={MEMBER_PATHS.securityCentre} size="compact-sm" variant="light">
            {t('upline.setPassword')}
          </Button>
        </Stack>
      </Alert>
    );
  } else {
    body = (
      <form onSubmit={submit} noValidate data-testid="upline-form">
        <Stack gap="md" maw={420}>
          <DismissibleNotice text={done} onDismiss={() => setDone(null)} testId="upline-done" />
          <Text size="sm" c="dimmed" data-testid="upline-available">
            {t('transfer.available', {
              wallet: t('fund.main'),
              balance:
                balance.data && !balance.isFetching ? moneyText(balance.data.balanceMinor, symbol) : '***',
            })}
          </Text>
          <AmountInput
            label={t('transfer.amount', { symbol })}
            value={amount}
            onValue={setAmount}
            required
            error={errors.amount}
            data-testid="upline-amount"
          />
          <PasswordInput
            label={t('upline.password')}
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            autoComplete="off"
            required
            error={errors.password}
            data-testid="upline-password"
            visibilityToggleButtonProps={{ 'aria-label': t('upline.showPassword'), tabIndex: 0 }}
          />
          <Group>
            <Button type="submit" data-testid="upline-submit">
              {t('upline.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    );
  }

  return (
    <Stack gap="lg" data-testid="page-transferUpline">
      {body}
      <MoneyConfirmDialog
        {...intentDialogProps(intent, t)}
        title={t('upline.confirmTitle')}
        summary={
          intent.pending ? t('upline.summary', { amount: moneyText(intent.pending.amountMinor, symbol) }) : ''
        }
        testId="upline-confirm"
      />
    </Stack>
  );
}
