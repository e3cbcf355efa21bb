import { type DateRange, todayUtc } from '@lotus/shared/date-ranges';
import {
  type AccountRecordItem,
  RECORD_PAGE_SIZE_DEFAULT,
  RECORD_TYPE_FILTERS,
  type RecordTypeFilter,
} from '@lotus/shared/wallet.schema';
import { Alert, Button, Group, Loader, NativeSelect, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { RecordFilters, useRecordRange } from '../../../components/records/record-filters.tsx';
import classes from '../../../components/records/records.module.css';
import { EmptyBlock } from '../../../components/ui/empty-block.tsx';
import { ListPager } from '../../../components/ui/list-pager.tsx';
import { formatDateTime } from '../../../lib/date-time.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { moneyText, signedMoneyText, symbolOrDefault } from '../../../lib/money/money.ts';
import { useMerchantWallet, useTransactions } from '../../../lib/wallet/use-wallet-queries.ts';
import type { TransactionQuery } from '../../../lib/wallet/wallet-api.ts';

type TransactionHistoryPageProps = {
  /** The brand's currency symbol (the member centre passes it); else the wallet call's, else 'P'. */
  currencySymbol?: string;
  /** Today's date (`yyyy-MM-dd`, the brand's day: UTC for now); tests pass a fixed one. */
  today?: string;
};

/**
 * Account record (member centre `transactionHistory`): the main wallet's postings, newest first, filtered by
 * type and by a date range typed or chosen with the SPEC §9 shortcuts (today, yesterday, last 7 and 30
 * days). Amount signed and coloured, balance after each posting, time as yyyy-MM-dd hh:mm:ss.
 */
export function TransactionHistoryPage({ currencySymbol, today = todayUtc() }: TransactionHistoryPageProps) {
  const { t } = useTranslation('wallet');
  const merchantSymbol = useMerchantWallet().data?.currencySymbol;
  const symbol = symbolOrDefault(currencySymbol?.trim() ? currencySymbol : merchantSymbol);
  const dates = useRecordRange(today);
  const [type, setType] = useState<RecordTypeFilter>('all');
  const [query, setQuery] = useState<TransactionQuery>({
    type: 'all',
    ...dates.initial,
    pageNo: 1,
    pageSize: RECORD_PAGE_SIZE_DEFAULT,
  });
  const records = useTransactions(query);

  const search = (next: { type?: RecordTypeFilter; range?: DateRange }) => {
    const nextRange = dates.validRange(next.range);
    if (!nextRange) return;
    setQuery({ ...query, ...nextRange, type: next.type ?? type, pageNo: 1 });
  };

  const data = records.data;

  return (
    <Stack gap="lg" data-testid="page-transactionHistory">
      <RecordFilters
        dates={dates}
        onSearch={(range) => search({ range })}
        testId="record"
        shortcutTestId="shortcut"
      >
        <NativeSelect
          label={t('record.type')}
          value={type}
          onChange={(event) => {
            const next = event.currentTarget.value as RecordTypeFilter;
            setType(next);
            search({ type: next });
          }}
          data={RECORD_TYPE_FILTERS.map((value) => ({ value, label: t(`record.types.${value}`) }))}
          data-testid="record-type"
        />
      </RecordFilters>
      {records.isError && !data ? (
        <Alert color="red" variant="light" role="alert" data-testid="record-error">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('record.loadError')}</Text>
            <Button size="compact-sm" variant="default" onClick={() => void records.refetch()}>
              {t('actions.retry')}
            </Button>
          </Stack>
        </Alert>
      ) : !data ? (
        <Group justify="center" py="xl" role="status" data-testid="record-loading">
          <Loader size="sm" aria-hidden="true" />
          <Text size="sm" c="dimmed">
            {t('record.loading')}
          </Text>
        </Group>
      ) : data.list.length === 0 ? (
        <EmptyBlock title={t('record.empty')} description={t('record.emptyHint')} testId="record-empty" />
      ) : (
        <Stack gap="md">
          <Table
            className={classes.records}
            striped
            highlightOnHover
            aria-busy={records.isFetching || undefined}
            aria-label={t('record.title')}
            data-testid="record-table"
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('record.time')}</Table.Th>
                <Table.Th scope="col">{t('record.type')}</Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('record.amount')}
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('record.balanceAfter')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.list.map((row) => (
                <RecordRow key={row.id} row={row} symbol={symbol} />
              ))}
            </Table.Tbody>
          </Table>
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Text size="sm" c="dimmed" data-testid="record-total">
              {t('record.total', { count: data.total })}
            </Text>
            {data.totalPages > 1 ? (
              <nav aria-label={t('chrome:pagination.label')}>
                <ListPager
                  totalPages={data.totalPages}
                  pageNo={query.pageNo}
                  onChange={(pageNo) => setQuery({ ...query, pageNo })}
                  size="sm"
                  testId="record"
                />
              </nav>
            ) : null}
          </Group>
        </Stack>
      )}
    </Stack>
  );
}

function RecordRow({ row, symbol }: { row: AccountRecordItem; symbol: string }) {
  const { t } = useTranslation('wallet');
  const negative = row.amountMinor.trim().startsWith('-');
  const typeLabel = t(`record.types.${row.type}`);
  return (
    <Table.Tr data-testid="record-row">
      <Table.Td data-label={t('record.time')}>
        <time dateTime={row.createdAt}>{formatDateTime(row.createdAt)}</time>
      </Table.Td>
      <Table.Td data-label={t('record.type')}>
        {row.reversal ? t('record.reversal', { type: typeLabel }) : typeLabel}
        {row.memo ? (
          <Text size="xs" c="dimmed" className={classes.memo}>
            {row.memo}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td
        ta="right"
        data-label={t('record.amount')}
        className={`${classes.amount} ${negative ? classes.debit : classes.credit}`}
        data-testid="record-amount"
        data-sign={negative ? 'debit' : 'credit'}
      >
        {signedMoneyText(row.amountMinor, symbol)}
      </Table.Td>
      <Table.Td
        ta="right"
        data-label={t('record.balanceAfter')}
        className={classes.amount}
        data-testid="record-balance"
      >
        {moneyText(row.balanceAfterMinor, symbol)}
      </Table.Td>
    </Table.Tr>
  );
}
