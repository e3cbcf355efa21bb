import type { ConsolidatedVendor, TransferDirection } from '@lotus/shared/wallet.schema';
import { Alert, Button, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useCallback, useState } from 'react';
import recordClasses from '../../../components/records/records.module.css';
import { MoneyConfirmDialog } from '../../../components/ui/money-confirm-dialog.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { moneyText, symbolOrDefault } from '../../../lib/money/money.ts';
import { useConsolidated, useMerchantWallet } from '../../../lib/wallet/use-wallet-queries.ts';
import { recallWallets, transferWallet, type WalletTransferResult } from '../../../lib/wallet/wallet-api.ts';
import { intentDialogProps, useMoneyIntent } from '../hooks/use-money-intent.ts';
import { DismissibleNotice } from './dismissible-notice.tsx';
import { type TransferTarget, VendorTransferDialog } from './vendor-transfer-dialog.tsx';
import classes from './wallet-pages.module.css';

type Notice = { kind: 'transfer' | 'recall'; text: string } | null;

type TransferFundPageProps = {
  /** The brand's currency symbol (the member centre passes it); else the wallet call's, else 'P'. */
  currencySymbol?: string;
};

/**
 * My wallet (member centre `transferFund`): the main wallet, every vendor wallet, a transfer in or out of
 * each (amount → confirm) and "recall all". A single-wallet brand has nothing to transfer and says so.
 */
export function TransferFundPage({ currencySymbol }: TransferFundPageProps) {
  const { t } = useTranslation('wallet');
  const merchant = useMerchantWallet();
  const funds = useConsolidated();
  const [target, setTarget] = useState<TransferTarget | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const symbol = symbolOrDefault(
    currencySymbol?.trim() ? currencySymbol : (funds.data?.currencySymbol ?? merchant.data?.currencySymbol),
  );

  const onRecalled = useCallback(() => setNotice({ kind: 'recall', text: t('recall.done') }), [t]);
  const recall = useMoneyIntent((_: { all: true }, key: string) => recallWallets(key), onRecalled);

  const onTransferred = useCallback(
    (
      result: WalletTransferResult,
      input: { direction: TransferDirection; name: string; amountMinor: string },
    ) => {
      setTarget(null);
      setNotice({
        kind: 'transfer',
        text: t(input.direction === 'in' ? 'transfer.doneIn' : 'transfer.doneOut', {
          amount: moneyText(input.amountMinor, symbol),
          vendor: input.name,
          main: moneyText(result.main.balanceMinor, symbol),
        }),
      });
    },
    [t, symbol],
  );

  const loading = merchant.isPending || funds.isPending;
  const failed = merchant.isError || funds.isError;

  return (
    <Stack gap="lg" data-testid="page-transferFund">
      {failed ? (
        <Alert color="red" variant="light" role="alert" data-testid="transfer-fund-error">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('fund.loadError')}</Text>
            <Button
              size="compact-sm"
              variant="default"
              onClick={() => {
                void merchant.refetch();
                void funds.refetch();
              }}
            >
              {t('actions.retry')}
            </Button>
          </Stack>
        </Alert>
      ) : loading || !merchant.data || !funds.data ? (
        <Group justify="center" py="xl" role="status" aria-live="polite" data-testid="transfer-fund-loading">
          <Loader size="sm" aria-hidden="true" />
          <Text size="sm" c="dimmed">
            {t('fund.loading')}
          </Text>
        </Group>
      ) : (
        <>
          <DismissibleNotice
            text={notice?.text ?? null}
            onDismiss={() => setNotice(null)}
            testId={notice?.kind === 'recall' ? 'recall-done' : 'transfer-done'}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Paper withBorder radius="md" p="md" className={classes.balanceCard}>
              <Text size="sm" c="dimmed">
                {t('fund.main')}
              </Text>
              <Text fw={700} fz={{ base: 22, sm: 26 }} data-testid="main-wallet-balance">
                {moneyText(funds.data.main.balanceMinor, symbol)}
              </Text>
            </Paper>
            <Paper withBorder radius="md" p="md" className={classes.balanceCard}>
              <Text size="sm" c="dimmed">
                {t('fund.total')}
              </Text>
              <Text fw={700} fz={{ base: 22, sm: 26 }} data-testid="total-balance">
                {moneyText(funds.data.totalMinor, symbol)}
              </Text>
            </Paper>
          </SimpleGrid>
          {merchant.data.isSingle ? (
            <Alert color="blue" variant="light" data-testid="single-wallet-note">
              {t('fund.singleWallet')}
            </Alert>
          ) : (
            <VendorWallets
              vendors={funds.data.vendors}
              symbol={symbol}
              onTransfer={(vendor, direction) => {
                setNotice(null);
                setTarget({ vendor, direction, mainMinor: funds.data.main.balanceMinor });
              }}
              onRecall={() => {
                setNotice(null);
                recall.open({ all: true });
              }}
            />
          )}
        </>
      )}
      <VendorTransferDialog
        target={target}
        symbol={symbol}
        onClose={() => setTarget(null)}
        send={(input, key) =>
          transferWallet({ vendor: input.vendor, direction: input.direction, amount: input.amount }, key)
        }
        onDone={onTransferred}
      />
      <MoneyConfirmDialog
        {...intentDialogProps(recall, t)}
        title={t('recall.title')}
        summary={t('recall.summary')}
        testId="recall-confirm"
      />
    </Stack>
  );
}

type VendorWalletsProps = {
  vendors: ConsolidatedVendor[];
  symbol: string;
  onTransfer: (vendor: ConsolidatedVendor, direction: TransferDirection) => void;
  onRecall: () => void;
};

function VendorWallets({ vendors, symbol, onTransfer, onRecall }: VendorWalletsProps) {
  const { t } = useTranslation('wallet');
  const anyFunds = vendors.some((vendor) => vendor.balanceMinor !== '0');
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={2} fz="lg" id="vendor-wallets-title">
          {t('fund.vendors')}
        </Title>
        <Button variant="light" onClick={onRecall} disabled={!anyFunds} data-testid="recall-all">
          {t('recall.button')}
        </Button>
      </Group>
      {vendors.length === 0 ? (
        <Text c="dimmed" size="sm" data-testid="no-vendor-wallets">
          {t('fund.noVendors')}
        </Text>
      ) : (
        <ul className={classes.vendorList} aria-labelledby="vendor-wallets-title">
          {vendors.map((vendor) => (
            <li key={vendor.vendor} className={classes.vendorRow} data-testid={`vendor-${vendor.vendor}`}>
              <div className={classes.vendorName}>
                <Text fw={600} size="sm">
                  {vendor.name}
                </Text>
                <Text
                  size="sm"
                  className={recordClasses.amount}
                  data-testid={`vendor-balance-${vendor.vendor}`}
                >
                  {moneyText(vendor.balanceMinor, symbol)}
                </Text>
              </div>
              <Group gap="xs" wrap="nowrap">
                <Button
                  size="compact-sm"
                  variant="light"
                  onClick={() => onTransfer(vendor, 'in')}
                  aria-label={t('transfer.inTo', { vendor: vendor.name })}
                  data-testid={`transfer-in-${vendor.vendor}`}
                >
                  {t('transfer.in')}
                </Button>
                <Button
                  size="compact-sm"
                  variant="default"
                  onClick={() => onTransfer(vendor, 'out')}
                  disabled={vendor.balanceMinor === '0'}
                  aria-label={t('transfer.outOf', { vendor: vendor.name })}
                  data-testid={`transfer-out-${vendor.vendor}`}
                >
                  {t('transfer.out')}
                </Button>
              </Group>
            </li>
          ))}
        </ul>
      )}
    </Stack>
  );
}
