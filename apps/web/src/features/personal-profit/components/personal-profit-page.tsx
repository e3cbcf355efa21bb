import type { DateRange } from '@lotus/shared/date-ranges';
import { todayUtc } from '@lotus/shared/date-ranges';
import type { ProfitReport } from '@lotus/shared/loyalty.schema';
import { Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { RecordFilters, useRecordRange } from '../../../components/records/record-filters.tsx';
import { EmptyBlock } from '../../../components/ui/empty-block.tsx';
import { LoadFailed, LoadingRows } from '../../../components/ui/query-states.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { moneyText, signedMoneyText, symbolOrDefault } from '../../../lib/money/money.ts';
import { useProfit } from '../api/get-profit.ts';
import { hasPlay, profitDayText } from '../utils/profit-figures.ts';
import { ProfitChart } from './profit-chart.tsx';

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
  const report = useProfit(range);
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
      {report.isPending ? (
        <LoadingRows rows={4} height={48} testId="profit-loading" />
      ) : report.isError ? (
        <LoadFailed error={report.error} onRetry={() => void report.refetch()} testId="profit-error" />
      ) : (
        <ProfitView
          report={report.data}
          symbol={symbolOrDefault(report.data.currencySymbol || currencySymbol)}
        />
      )}
    </Stack>
  );
}

const TOTALS = ['stakeMinor', 'payoutMinor', 'netMinor', 'rebateMinor'] as const;

function ProfitView({ report, symbol }: { report: ProfitReport; symbol: string }) {
  const { t, i18n } = useTranslation('loyalty');
  const tableId = useId();
  const played = report.days.filter(hasPlay).reverse();
  const from = profitDayText(report.from, i18n.language);
  const to = profitDayText(report.to, i18n.language);

  if (!hasPlay(report.totals)) {
    return (
      <EmptyBlock
        testId="profit-empty"
        title={t('profit.empty')}
        description={t('profit.emptyHint', { from, to })}
      />
    );
  }
  const money = (key: (typeof TOTALS)[number], minor: string) =>
    key === 'netMinor' ? signedMoneyText(minor, symbol) : moneyText(minor, symbol);
  return (
    <Stack gap="lg">
      <section aria-labelledby={`${tableId}-totals`}>
        <Title order={2} fz="md" id={`${tableId}-totals`} mb="xs">
          {t('profit.totals', { from, to })}
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="xs" data-testid="profit-totals">
          {TOTALS.map((key) => (
            <Paper key={key} withBorder radius="sm" p="xs">
              <Text size="xs" c="dimmed">
                {t(`profit.column.${key}`)}
              </Text>
              <Text
                fw={700}
                c={key === 'netMinor' ? (report.totals.netMinor.startsWith('-') ? 'red' : 'teal') : undefined}
                data-testid={`profit-total-${key}`}
              >
                {money(key, report.totals[key])}
              </Text>
            </Paper>
          ))}
          <Paper withBorder radius="sm" p="xs">
            <Text size="xs" c="dimmed">
              {t('profit.column.rounds')}
            </Text>
            <Text fw={700} data-testid="profit-total-rounds">
              {report.totals.rounds}
            </Text>
          </Paper>
        </SimpleGrid>
      </section>
      <ProfitChart days={report.days} symbol={symbol} tableId={tableId} />
      <Table.ScrollContainer minWidth={560}>
        <Table striped id={tableId} data-testid="profit-days">
          <Table.Caption>{t('profit.daysCaption')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('profit.column.day')}</Table.Th>
              {TOTALS.map((key) => (
                <Table.Th key={key} ta="right">
                  {t(`profit.column.${key}`)}
                </Table.Th>
              ))}
              <Table.Th ta="right">{t('profit.column.rounds')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {played.map((day) => (
              <Table.Tr key={day.day} data-testid="profit-day">
                <Table.Th scope="row" fw={500}>
                  {profitDayText(day.day, i18n.language)}
                </Table.Th>
                {TOTALS.map((key) => (
                  <Table.Td key={key} ta="right">
                    {money(key, day[key])}
                  </Table.Td>
                ))}
                <Table.Td ta="right">{day.rounds}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {report.gameTypes.length > 0 ? (
        <Table.ScrollContainer minWidth={480}>
          <Table striped data-testid="profit-game-types">
            <Table.Caption>{t('profit.gameTypesCaption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('profit.column.gameType')}</Table.Th>
                <Table.Th ta="right">{t('profit.column.stakeMinor')}</Table.Th>
                <Table.Th ta="right">{t('profit.column.payoutMinor')}</Table.Th>
                <Table.Th ta="right">{t('profit.column.netMinor')}</Table.Th>
                <Table.Th ta="right">{t('profit.column.rounds')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {report.gameTypes.map((type) => (
                <Table.Tr key={type.gameType} data-testid="profit-game-type" data-game-type={type.gameType}>
                  <Table.Th scope="row" fw={500}>
                    {t(`gameTypes.${type.gameType}`, { defaultValue: type.gameType })}
                  </Table.Th>
                  <Table.Td ta="right">{moneyText(type.stakeMinor, symbol)}</Table.Td>
                  <Table.Td ta="right">{moneyText(type.payoutMinor, symbol)}</Table.Td>
                  <Table.Td ta="right">{signedMoneyText(type.netMinor, symbol)}</Table.Td>
                  <Table.Td ta="right">{type.rounds}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      <Text size="xs" c="dimmed">
        {t('profit.counted')}
      </Text>
    </Stack>
  );
}
