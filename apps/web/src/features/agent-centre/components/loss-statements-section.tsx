import type { BettingFigures, LossPeriod, TeamLossRow } from '@lotus/shared/agent-reports.schema';
import type { DateRange } from '@lotus/shared/date-ranges';
import { NativeSelect, ScrollArea, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { formatDay } from '../../../lib/date-time.ts';
import { type TFunction, useTranslation } from '../../../lib/i18n-react.tsx';
import { moneyText, signedMoneyText } from '../../../lib/money/money.ts';
import { LOSS_PERIOD_CHOICES, useTeamLoss } from '../api/get-team-loss.ts';
import { BettingTotals } from './betting-figures.tsx';
import { ListFooter } from './list-footer.tsx';
import { defaultRange, RangeFilter } from './range-filter.tsx';
import { QueryBody } from './section-state.tsx';

/** The loss of a statement: stakes − wins, the players' net turned round (positive when they lost). */
const lossOf = (figures: BettingFigures) => String(-BigInt(figures.netMinor));

function periodText(period: LossPeriod, start: string, language: string, t: TFunction): string {
  if (period === 'day') return formatDay(start, language);
  if (period === 'week') return t('loss.weekOf', { day: formatDay(start, language) });
  const [year, month] = start.split('-').map(Number);
  if (!year || !month) return start;
  return new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    Date.UTC(year, month - 1, 1),
  );
}

function MemberRows({ row, period, symbol }: { row: TeamLossRow; period: LossPeriod; symbol: string }) {
  const { t, i18n } = useTranslation('agents');
  return (
    <Table.Tbody data-testid="agent-loss-member">
      <Table.Tr>
        <Table.Th scope="row">
          <Text size="sm" fw={700}>
            {row.member.username}
          </Text>
          <Text size="xs" c="dimmed" fw={400}>
            {row.depth === 1
              ? t('loss.direct')
              : t('loss.under', { upline: row.uplineUsername ?? '—', level: row.depth })}
          </Text>
        </Table.Th>
        <Table.Td>{t('loss.allPeriods')}</Table.Td>
        <Table.Td ta="right">{moneyText(row.totals.validTurnoverMinor, symbol)}</Table.Td>
        <Table.Td ta="right">{moneyText(row.totals.payoutMinor, symbol)}</Table.Td>
        <Table.Td ta="right" fw={700} data-testid="agent-loss-member-total">
          {signedMoneyText(lossOf(row.totals), symbol)}
        </Table.Td>
      </Table.Tr>
      {row.periods.map((figures) => (
        <Table.Tr key={figures.periodStart} data-testid="agent-loss-period-row">
          <Table.Td />
          <Table.Td>{periodText(period, figures.periodStart, i18n.language, t)}</Table.Td>
          <Table.Td ta="right">{moneyText(figures.validTurnoverMinor, symbol)}</Table.Td>
          <Table.Td ta="right">{moneyText(figures.payoutMinor, symbol)}</Table.Td>
          <Table.Td ta="right">{signedMoneyText(lossOf(figures), symbol)}</Table.Td>
        </Table.Tr>
      ))}
    </Table.Tbody>
  );
}

/**
 * Downline loss statements: every member of the team with settled play in the range, its loss (stakes −
 * wins) per day, week or month and in all; searchable by username and paged.
 */
export function LossStatementsSection({ symbol }: { symbol: string }) {
  const { t } = useTranslation('agents');
  const [range, setRange] = useState(() => defaultRange());
  const [filter, setFilter] = useState<{ period: LossPeriod; username: string }>({
    period: 'day',
    username: '',
  });
  const [draft, setDraft] = useState(filter);
  const [page, setPage] = useState(1);
  const report = useTeamLoss({ page, from: range.startDate, to: range.endDate, ...filter });

  const apply = (next: DateRange) => {
    setRange(next);
    setFilter({ period: draft.period, username: draft.username.trim() });
    setPage(1);
  };

  return (
    <Stack gap="md" data-testid="agent-loss">
      <RangeFilter
        range={range}
        onApply={apply}
        testId="agent-loss"
        extra={
          <>
            <NativeSelect
              label={t('loss.period')}
              value={draft.period}
              onChange={(event) => {
                const period = event.currentTarget.value as LossPeriod;
                setDraft((old) => ({ ...old, period }));
              }}
              data={LOSS_PERIOD_CHOICES.map((value) => ({ value, label: t(`loss.periods.${value}`) }))}
              data-testid="agent-loss-period"
            />
            <TextInput
              label={t('downlines.search')}
              value={draft.username}
              maxLength={64}
              onChange={(event) => {
                const username = event.currentTarget.value;
                setDraft((old) => ({ ...old, username }));
              }}
              data-testid="agent-loss-search"
            />
          </>
        }
      />
      <QueryBody
        query={report}
        testId="agent-loss"
        isEmpty={(data) => data.list.length === 0}
        emptyText={
          filter.username === '' ? t('loss.empty') : t('downlines.noMatch', { username: filter.username })
        }
      >
        {(data) => (
          <Stack gap="md">
            <BettingTotals totals={data.totals} symbol={symbol} testId="agent-loss-totals" />
            <Text size="xs" c="dimmed">
              {t('loss.note')}
            </Text>
            <ScrollArea type="auto">
              <Table miw={620} data-testid="agent-loss-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('loss.member')}</Table.Th>
                    <Table.Th>{t('loss.period')}</Table.Th>
                    <Table.Th ta="right">{t('betting.validTurnover')}</Table.Th>
                    <Table.Th ta="right">{t('betting.payout')}</Table.Th>
                    <Table.Th ta="right">{t('loss.loss')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                {data.list.map((row) => (
                  <MemberRows key={row.member.id} row={row} period={data.period} symbol={symbol} />
                ))}
              </Table>
            </ScrollArea>
            <ListFooter
              totalText={t('loss.total', { count: data.total })}
              totalPages={data.totalPages}
              page={page}
              onPage={setPage}
              testId="agent-loss"
            />
          </Stack>
        )}
      </QueryBody>
    </Stack>
  );
}
