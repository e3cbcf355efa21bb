import { GAME_LIST_PAGE_SIZE } from '@lotus/shared/constants';
import { type DateRange, todayUtc } from '@lotus/shared/date-ranges';
import { Group, NativeSelect, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { type ReactNode, useMemo, useState } from 'react';
import { HistorySection } from '../../../components/records/history-section.tsx';
import { RecordFilters, useRecordRange } from '../../../components/records/record-filters.tsx';
import recordClasses from '../../../components/records/records.module.css';
import { useGameMenus } from '../../../lib/catalogue/get-game-menus.ts';
import { categoryLabelKey } from '../../../lib/categories.ts';
import { toBrandLanguage } from '../../../lib/i18n.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { dateTimeText, moneyText, signedMoneyText, symbolOrDefault } from '../../../lib/money/money.ts';
import { type BetRecord, type BetRecordsQuery, useBetRecords } from '../api/get-bet-records.ts';
import { netMinor, netResult } from '../utils/net.ts';
import classes from './bet-records-page.module.css';

type BetRecordsPageProps = {
  /** The brand's currency symbol (the member centre passes it); 'P' when the brand has none. */
  currencySymbol: string;
  /** Today's date (`yyyy-MM-dd`, the brand's day: UTC for now); tests pass a fixed one. */
  today?: string;
};

/**
 * Betting record (member centre `personalHistoryCopy`, SPEC §2): the player's rounds newest first, filtered
 * by game type and by a date range chosen like the account record's (same shortcuts, same 92-day limit),
 * with the totals of the whole filter above the page of rounds. Win or loss is signed, coloured and said in
 * words; on a phone each round is a labelled card (the account record's table styles).
 */
export function BetRecordsPage({ currencySymbol, today = todayUtc() }: BetRecordsPageProps) {
  const { t, i18n } = useTranslation('memberCentre');
  const symbol = symbolOrDefault(currencySymbol);
  const language = toBrandLanguage(i18n.language);
  const dates = useRecordRange(today);
  const [gameType, setGameType] = useState('');
  const [filter, setFilter] = useState<Omit<BetRecordsQuery, 'language'>>({
    gameType: null,
    ...dates.initial,
    pageNo: 1,
    pageSize: GAME_LIST_PAGE_SIZE,
  });
  const records = useBetRecords({ ...filter, language });
  const gameTypes = useGameTypeOptions(language);

  const search = (next: { gameType?: string; range?: DateRange }) => {
    const nextRange = dates.validRange(next.range);
    if (!nextRange) return;
    const nextFilter = { ...filter, ...nextRange, gameType: (next.gameType ?? gameType) || null, pageNo: 1 };
    const unchanged =
      nextFilter.gameType === filter.gameType &&
      nextFilter.startDate === filter.startDate &&
      nextFilter.endDate === filter.endDate &&
      filter.pageNo === 1;
    // Searching again for the same filter asks again (new rounds may have settled, or the last try failed).
    if (unchanged) void records.refetch();
    else setFilter(nextFilter);
  };

  return (
    <Stack gap="lg" data-testid="page-personalHistoryCopy">
      <RecordFilters
        dates={dates}
        onSearch={(range) => search({ range })}
        testId="bet"
        shortcutTestId="bet-shortcut"
      >
        <NativeSelect
          label={t('betRecords.gameType')}
          value={gameType}
          onChange={(event) => {
            const next = event.currentTarget.value;
            setGameType(next);
            search({ gameType: next });
          }}
          data={[{ value: '', label: t('betRecords.allTypes') }, ...gameTypes]}
          data-testid="bet-game-type"
        />
      </RecordFilters>
      <HistorySection<BetRecord>
        testId="bet-records"
        title={t('betRecords.rounds')}
        loadingLabel={t('betRecords.loading')}
        emptyTitle={t('betRecords.empty')}
        list={records}
        pageNo={filter.pageNo}
        onPageChange={(pageNo) => setFilter({ ...filter, pageNo })}
      >
        {(rows) => (
          <>
            {records.data ? (
              <Totals
                count={records.data.total}
                stakeMinor={records.data.totals.stakeMinor}
                payoutMinor={records.data.totals.payoutMinor}
                symbol={symbol}
              />
            ) : null}
            {/* Eight columns may not fit beside the menu: the table scrolls sideways, and takes focus so a
                keyboard can scroll it too (its rows hold nothing else that does). */}
            {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1) */}
            <section tabIndex={0} className={classes.scroll} aria-label={t('betRecords.tableLabel')}>
              <Table
                className={recordClasses.records}
                striped
                highlightOnHover
                aria-busy={records.isFetching || undefined}
                aria-label={t('betRecords.tableLabel')}
                data-testid="bet-table"
              >
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('betRecords.columns.roundId')}</Table.Th>
                    <Table.Th scope="col">{t('betRecords.columns.game')}</Table.Th>
                    <Table.Th scope="col">{t('betRecords.columns.vendor')}</Table.Th>
                    <Table.Th scope="col" ta="right">
                      {t('betRecords.columns.stake')}
                    </Table.Th>
                    <Table.Th scope="col" ta="right">
                      {t('betRecords.columns.payout')}
                    </Table.Th>
                    <Table.Th scope="col" ta="right">
                      {t('betRecords.columns.net')}
                    </Table.Th>
                    <Table.Th scope="col">{t('betRecords.columns.status')}</Table.Th>
                    <Table.Th scope="col">{t('betRecords.columns.time')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((row) => (
                    <RoundRow key={row.roundId} row={row} symbol={symbol} />
                  ))}
                </Table.Tbody>
              </Table>
            </section>
          </>
        )}
      </HistorySection>
    </Stack>
  );
}

/**
 * The brand's game types as filter options, from the game menus the header already loaded (same query,
 * so no extra request): each real type once (a brand-rule category such as in-house is not a type).
 */
function useGameTypeOptions(language: string): { value: string; label: string }[] {
  const { t } = useTranslation();
  const menus = useGameMenus(language);
  return useMemo(() => {
    const seen = new Set<string>();
    const options: { value: string; label: string }[] = [];
    for (const category of menus.data?.categories ?? []) {
      if (category.key !== category.gameType || seen.has(category.gameType)) continue;
      seen.add(category.gameType);
      options.push({ value: category.gameType, label: t(categoryLabelKey(category, [])) });
    }
    return options;
  }, [menus.data, t]);
}

function Totals({
  count,
  stakeMinor,
  payoutMinor,
  symbol,
}: {
  count: number;
  stakeMinor: string;
  payoutMinor: string;
  symbol: string;
}) {
  const { t } = useTranslation('memberCentre');
  return (
    <section aria-labelledby="bet-totals-title" className={classes.totals} data-testid="bet-totals">
      <Group justify="space-between" wrap="wrap" gap="xs" mb="xs">
        <Text fw={600} size="sm" id="bet-totals-title">
          {t('betRecords.totals')}
        </Text>
        <Text size="sm" c="dimmed" data-testid="bet-count">
          {t('betRecords.count', { count })}
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs" component="dl" className={classes.figures}>
        <Figure label={t('betRecords.totalStake')} testId="bet-total-stake" className={recordClasses.amount}>
          {moneyText(stakeMinor, symbol)}
        </Figure>
        <Figure
          label={t('betRecords.totalPayout')}
          testId="bet-total-payout"
          className={recordClasses.amount}
        >
          {moneyText(payoutMinor, symbol)}
        </Figure>
        <Figure label={t('betRecords.totalNet')} testId="bet-total-net">
          <NetAmount net={netMinor(stakeMinor, payoutMinor)} symbol={symbol} />
        </Figure>
      </SimpleGrid>
    </section>
  );
}

/** One total: its name (dt) over its amount (dd). */
function Figure({
  label,
  testId,
  className,
  children,
}: {
  label: string;
  testId: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" className={className} data-testid={testId}>
        {children}
      </Text>
    </div>
  );
}

/** Signed, coloured, and with the outcome in words (never colour alone). */
function NetAmount({ net, symbol }: { net: bigint | null; symbol: string }) {
  const { t } = useTranslation('memberCentre');
  if (net === null) return <span>—</span>;
  const result = netResult(net);
  const colour = result === 'win' ? recordClasses.credit : result === 'loss' ? recordClasses.debit : '';
  return (
    <span className={`${recordClasses.amount} ${colour}`} data-result={result}>
      {signedMoneyText(String(net), symbol)}{' '}
      <span className={classes.result}>{t(`betRecords.result.${result}`)}</span>
    </span>
  );
}

function RoundRow({ row, symbol }: { row: BetRecord; symbol: string }) {
  const { t } = useTranslation('memberCentre');
  // Only a settled round has an outcome: an open one is still being played, a rolled-back one was refunded.
  const net = row.status === 'settled' ? netMinor(row.stakeMinor, row.payoutMinor) : null;
  return (
    <Table.Tr data-testid="bet-row" data-status={row.status}>
      <Table.Td data-label={t('betRecords.columns.roundId')} className={classes.roundId}>
        {row.roundId}
      </Table.Td>
      <Table.Td data-label={t('betRecords.columns.game')}>{row.gameName}</Table.Td>
      <Table.Td data-label={t('betRecords.columns.vendor')}>{row.vendorName}</Table.Td>
      <Table.Td ta="right" data-label={t('betRecords.columns.stake')} className={recordClasses.amount}>
        {moneyText(row.stakeMinor, symbol)}
      </Table.Td>
      <Table.Td ta="right" data-label={t('betRecords.columns.payout')} className={recordClasses.amount}>
        {row.status === 'open' ? '—' : moneyText(row.payoutMinor, symbol)}
      </Table.Td>
      <Table.Td ta="right" data-label={t('betRecords.columns.net')} data-testid="bet-net">
        <NetAmount net={net} symbol={symbol} />
      </Table.Td>
      <Table.Td data-label={t('betRecords.columns.status')} data-testid="bet-status">
        {t(`betRecords.status.${row.status}`)}
      </Table.Td>
      <Table.Td data-label={t('betRecords.columns.time')}>
        <time dateTime={row.createdAt}>{dateTimeText(row.createdAt)}</time>
      </Table.Td>
    </Table.Tr>
  );
}
