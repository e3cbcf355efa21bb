import type { AgentIncomeReport, IncomeAmount } from '@lotus/shared/agent-reports.schema';
import type { DateRange } from '@lotus/shared/date-ranges';
import { Paper, ScrollArea, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useId, useState } from 'react';
import { formatDay } from '../../../lib/date-time.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { moneyText, signedMoneyText } from '../../../lib/money/money.ts';
import { INCOME_KINDS, useAgentIncome } from '../api/get-agent-income.ts';
import { IncomeChart, kindColour } from './income-chart.tsx';
import { defaultRange, RangeFilter } from './range-filter.tsx';
import { QueryBody } from './section-state.tsx';

/** A kind's amount in a day or in the whole range ('0' when none was paid). */
const amountOf = (figures: { byKind: IncomeAmount[] }, kind: string) =>
  figures.byKind.find((entry) => entry.kind === kind)?.amountMinor ?? '0';

function IncomeBody({ report, symbol }: { report: AgentIncomeReport; symbol: string }) {
  const { t, i18n } = useTranslation('agents');
  const tableId = useId();
  const kindLabel = (kind: string) => t(`income.kinds.${kind}`);
  // Only the kinds ever paid in the range get a column: a daily-wage agent sees no empty dividend column.
  const kinds = INCOME_KINDS.filter((kind) =>
    report.byKind.some((entry) => entry.kind === kind && entry.amountMinor !== '0'),
  );
  const paidDays = report.days.filter((day) => day.totalMinor !== '0');
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
        <Paper withBorder radius="md" p="sm">
          <Text size="xs" c="dimmed">
            {t('income.total')}
          </Text>
          <Text fw={700} fz="lg" data-testid="agent-income-total">
            {moneyText(report.totalMinor, symbol)}
          </Text>
        </Paper>
        {kinds.map((kind) => (
          <Paper
            key={kind}
            withBorder
            radius="md"
            p="sm"
            style={{ borderLeft: `4px solid ${kindColour(INCOME_KINDS.indexOf(kind))}` }}
          >
            <Text size="xs" c="dimmed">
              {kindLabel(kind)}
            </Text>
            <Text fw={700} fz="lg" data-testid={`agent-income-kind-${kind}`}>
              {moneyText(amountOf(report, kind), symbol)}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      <IncomeChart
        days={report.days.map((day) => ({
          day: day.date,
          amounts: Object.fromEntries(day.byKind.map((entry) => [entry.kind, entry.amountMinor])),
        }))}
        kinds={INCOME_KINDS}
        kindLabel={kindLabel}
        symbol={symbol}
        tableId={tableId}
      />
      <ScrollArea type="auto">
        <Table
          striped
          miw={Math.max(360, 160 + kinds.length * 130)}
          id={tableId}
          data-testid="agent-income-table"
        >
          <Table.Caption>{t('income.tableCaption')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('income.day')}</Table.Th>
              {kinds.map((kind) => (
                <Table.Th key={kind} ta="right">
                  {kindLabel(kind)}
                </Table.Th>
              ))}
              <Table.Th ta="right">{t('income.dayTotal')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {paidDays
              .slice()
              .reverse()
              .map((day) => (
                <Table.Tr key={day.date} data-testid="agent-income-row">
                  <Table.Th scope="row" fw={400}>
                    {formatDay(day.date, i18n.language)}
                  </Table.Th>
                  {kinds.map((kind) => (
                    <Table.Td key={kind} ta="right">
                      {signedMoneyText(amountOf(day, kind), symbol)}
                    </Table.Td>
                  ))}
                  <Table.Td ta="right" fw={700}>
                    {signedMoneyText(day.totalMinor, symbol)}
                  </Table.Td>
                </Table.Tr>
              ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </Stack>
  );
}

/**
 * My income (revenue report): every commission, dividend and salary paid to the agent in a range — totals
 * per kind, a chart per day by kind, and the days with income in a table (newest first).
 */
export function IncomeSection({ symbol }: { symbol: string }) {
  const { t } = useTranslation('agents');
  const [range, setRange] = useState(() => defaultRange());
  const report = useAgentIncome(range.startDate, range.endDate);
  return (
    <Stack gap="md" data-testid="agent-income">
      <RangeFilter range={range} onApply={(next: DateRange) => setRange(next)} testId="agent-income" />
      <QueryBody
        query={report}
        testId="agent-income"
        isEmpty={(data) => data.days.every((day) => day.totalMinor === '0')}
        emptyText={t('income.empty')}
      >
        {(data) => <IncomeBody report={data} symbol={symbol} />}
      </QueryBody>
    </Stack>
  );
}
