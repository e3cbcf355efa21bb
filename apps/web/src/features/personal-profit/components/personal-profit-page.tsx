import type { DateRange } from '@lotus/shared/date-ranges';
import { todayUtc } from '@lotus/shared/date-ranges';
import type { ProfitReport } from '@lotus/shared/loyalty.schema';
import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { RecordFilters, useRecordRange } from '../../../components/records/record-filters.tsx';
import { EmptyBlock } from '../../../components/ui/empty-block.tsx';
import { LoadFailed, LoadingRows } from '../../../components/ui/query-states.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { moneyText, signedMoneyText, symbolOrDefault } from '../../../lib/money/money.ts';
import { useProfit } from '../api/get-profit.ts';
import { hasPlay, profitDayText } from '../utils/profit-figures.ts';
import { ProfitChart } from './profit-chart.tsx';
import { type FigureColumn, ProfitTable } from './profit-table.tsx';

type PersonalProfitPageProps = {
  currencySymbol?: string;
  /** Today as `yyyy-MM-dd` (UTC, the server's day); tests fix it. */
  today?: string;
};

/**
 * Member centre → personal profit and loss (SPEC §2 `personalProfit`, issue 19): the player's result at the
 * games for a range (SPEC §9 shortcuts, at most 92 days): totals, the net per day as a chart, the days and
 * the game types. Net = payout − stake of settled rounds; the rebates granted for those days are shown
 * beside it, not added in; bonuses are not counted.
 */
export function PersonalProfitPage({ currencySymbol = '', today = todayUtc() }: PersonalProfitPageProps) {
  const { t } = useTranslation('loyalty');
  const dates = useRecordRange(today);
  const [range, setRange] = useState<DateRange>(dates.initial);
  const search = (next?: DateRange) => {
    const valid = dates.validRange(next);
    if (valid) setRange(valid);
  };
  return (
    <Stack gap="lg" data-testid="personal-profit">
      <Text size="sm" c="dimmed">
        {t('profit.lead')}
      </Text>
      <RecordFilters dates={dates} onSearch={search} testId="profit" shortcutTestId="profit-shortcut">
        {null}
      </RecordFilters>
      <ProfitResult range={range} fallbackSymbol={currencySymbol} />
    </Stack>
  );
}

/** The range's figures once they arrive: loading rows, the failure with a retry, nothing played, or the report. */
function ProfitResult({ range, fallbackSymbol }: { range: DateRange; fallbackSymbol: string }) {
  const query = useProfit(range);
  if (query.isPending) return <LoadingRows rows={4} height={48} testId="profit-loading" />;
  if (query.isError) {
    return <LoadFailed error={query.error} onRetry={() => void query.refetch()} testId="profit-error" />;
  }
  const symbol = symbolOrDefault(query.data.currencySymbol || fallbackSymbol);
  return <ProfitView report={query.data} symbol={symbol} />;
}

/** The money columns of the totals and of the days, in order. */
const MONEY_KEYS = ['stakeMinor', 'payoutMinor', 'netMinor', 'rebateMinor'] as const;

function ProfitView({ report, symbol }: { report: ProfitReport; symbol: string }) {
  const { t, i18n } = useTranslation('loyalty');
  const tableId = useId();
  const range = {
    from: profitDayText(report.from, i18n.language),
    to: profitDayText(report.to, i18n.language),
  };
  if (!hasPlay(report.totals)) {
    return (
      <EmptyBlock
        testId="profit-empty"
        title={t('profit.empty')}
        description={t('profit.emptyHint', range)}
      />
    );
  }
  const amount = (key: (typeof MONEY_KEYS)[number], minor: string) =>
    key === 'netMinor' ? signedMoneyText(minor, symbol) : moneyText(minor, symbol);
  const dayColumns: FigureColumn<ProfitReport['days'][number]>[] = [
    ...MONEY_KEYS.map((key) => ({
      key,
      label: t(`profit.column.${key}`),
      cell: (row: ProfitReport['days'][number]) => amount(key, row[key]),
    })),
    { key: 'rounds', label: t('profit.column.rounds'), cell: (row) => String(row.rounds) },
  ];
  const typeColumns: FigureColumn<ProfitReport['gameTypes'][number]>[] = [
    {
      key: 'stakeMinor',
      label: t('profit.column.stakeMinor'),
      cell: (row) => moneyText(row.stakeMinor, symbol),
    },
    {
      key: 'payoutMinor',
      label: t('profit.column.payoutMinor'),
      cell: (row) => moneyText(row.payoutMinor, symbol),
    },
    {
      key: 'netMinor',
      label: t('profit.column.netMinor'),
      cell: (row) => signedMoneyText(row.netMinor, symbol),
    },
    { key: 'rounds', label: t('profit.column.rounds'), cell: (row) => String(row.rounds) },
  ];
  const net = report.totals.netMinor;
  return (
    <Stack gap="lg">
      <section aria-labelledby={`${tableId}-totals`}>
        <Title order={2} fz="md" id={`${tableId}-totals`} mb="xs">
          {t('profit.totals', range)}
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="xs" data-testid="profit-totals">
          {[...MONEY_KEYS, 'rounds' as const].map((key) => (
            <Paper key={key} withBorder radius="sm" p="xs">
              <Text size="xs" c="dimmed">
                {t(`profit.column.${key}`)}
              </Text>
              <Text
                fw={700}
                c={key === 'netMinor' ? (net.startsWith('-') ? 'red' : 'teal') : undefined}
                data-testid={`profit-total-${key}`}
              >
                {key === 'rounds' ? report.totals.rounds : amount(key, report.totals[key])}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
      </section>
      <ProfitChart days={report.days} symbol={symbol} tableId={tableId} />
      <ProfitTable
        id={tableId}
        testId="profit-days"
        rowTestId="profit-day"
        caption={t('profit.daysCaption')}
        headLabel={t('profit.column.day')}
        rows={report.days.filter(hasPlay).reverse()}
        rowKey={(row) => row.day}
        rowHead={(row) => profitDayText(row.day, i18n.language)}
        columns={dayColumns}
        minWidth={560}
      />
      {report.gameTypes.length > 0 ? (
        <ProfitTable
          testId="profit-game-types"
          rowTestId="profit-game-type"
          caption={t('profit.gameTypesCaption')}
          headLabel={t('profit.column.gameType')}
          rows={report.gameTypes}
          rowKey={(row) => row.gameType}
          rowHead={(row) => t(`gameTypes.${row.gameType}`, { defaultValue: row.gameType })}
          columns={typeColumns}
          minWidth={480}
        />
      ) : null}
      <Text size="xs" c="dimmed">
        {t('profit.counted')}
      </Text>
    </Stack>
  );
}
