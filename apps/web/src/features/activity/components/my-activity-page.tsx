import { todayUtc } from '@lotus/shared/date-ranges';
import type { ActivityQuery, ActivityReport } from '@lotus/shared/player-protection.schema';
import { Button, Group, Paper, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useId, useState } from 'react';
import { EmptyBlock } from '../../../components/ui/empty-block.tsx';
import { LoadFailed, LoadingRows } from '../../../components/ui/query-states.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { moneyText, signedMoneyText, symbolOrDefault } from '../../../lib/money/money.ts';
import { ACTIVITY_DAYS_MAX } from '../../../lib/protection/protection-constants.ts';
import { useActivity } from '../api/activity-api.ts';
import {
  ACTIVITY_SHORTCUTS,
  type ActivityRangeError,
  type ActivityShortcut,
  activityShortcut,
  checkActivityRange,
  dayText,
  hasActivity,
} from '../utils/activity-range.ts';
import { ActivityChart } from './activity-chart.tsx';

type MyActivityPageProps = {
  currencySymbol?: string;
  /** Today as `yyyy-MM-dd` (UTC, the server's day); tests fix it. */
  today?: string;
};

/**
 * Member centre → "My activity" (issue 17): deposits, withdrawals, stakes, wins and net per day for a range
 * of up to 12 months — totals, a per-day chart and the daily table.
 */
export function MyActivityPage({ currencySymbol = '', today = todayUtc() }: MyActivityPageProps) {
  const { t } = useTranslation('protection');
  const [shortcut, setShortcut] = useState<ActivityShortcut | null>('last30');
  const [range, setRange] = useState<ActivityQuery>(() => activityShortcut('last30', today));
  const [draft, setDraft] = useState<ActivityQuery>(range);
  const [rangeError, setRangeError] = useState<ActivityRangeError | null>(null);
  const report = useActivity(range);

  const choose = (name: ActivityShortcut) => {
    const chosen = activityShortcut(name, today);
    setShortcut(name);
    setDraft(chosen);
    setRangeError(null);
    setRange(chosen);
  };
  const search = (event: FormEvent) => {
    event.preventDefault();
    const problem = checkActivityRange(draft);
    setRangeError(problem);
    if (problem) return;
    setShortcut(null);
    setRange(draft);
  };

  return (
    <Stack gap="lg" data-testid="my-activity">
      <form onSubmit={search} noValidate aria-label={t('activity.rangeLabel')}>
        <Stack gap="sm">
          <Group gap="xs" role="group" aria-label={t('activity.shortcuts')}>
            {ACTIVITY_SHORTCUTS.map((name) => (
              <Button
                key={name}
                size="compact-sm"
                radius="xl"
                variant={shortcut === name ? 'filled' : 'default'}
                aria-pressed={shortcut === name}
                onClick={() => choose(name)}
                data-testid={`activity-shortcut-${name}`}
              >
                {t(`activity.shortcut.${name}`)}
              </Button>
            ))}
          </Group>
          <Group gap="sm" align="flex-end" wrap="wrap">
            <TextInput
              type="date"
              label={t('activity.from')}
              value={draft.from}
              max={draft.to || undefined}
              onChange={(event) => setDraft({ ...draft, from: event.currentTarget.value })}
              data-testid="activity-from"
            />
            <TextInput
              type="date"
              label={t('activity.to')}
              value={draft.to}
              min={draft.from || undefined}
              max={today}
              onChange={(event) => setDraft({ ...draft, to: event.currentTarget.value })}
              data-testid="activity-to"
            />
            <Button type="submit" data-testid="activity-search">
              {t('activity.show')}
            </Button>
          </Group>
          {rangeError ? (
            <Text c="red" size="sm" role="alert" data-testid="activity-range-error">
              {t(`activity.${rangeError}`, { days: ACTIVITY_DAYS_MAX })}
            </Text>
          ) : null}
        </Stack>
      </form>
      {report.isPending ? (
        <LoadingRows rows={4} height={48} testId="activity-loading" />
      ) : report.isError ? (
        <LoadFailed error={report.error} onRetry={() => void report.refetch()} testId="activity-error" />
      ) : (
        <ActivityReportView
          report={report.data}
          symbol={symbolOrDefault(report.data.currencySymbol || currencySymbol)}
        />
      )}
    </Stack>
  );
}

const TOTALS = ['depositedMinor', 'withdrawnMinor', 'stakedMinor', 'wonMinor', 'netMinor'] as const;

function ActivityReportView({ report, symbol }: { report: ActivityReport; symbol: string }) {
  const { t, i18n } = useTranslation('protection');
  const tableId = useId();
  const active = report.days.filter(hasActivity).reverse();
  const money = (key: (typeof TOTALS)[number], minor: string) =>
    key === 'netMinor' ? signedMoneyText(minor, symbol) : moneyText(minor, symbol);

  if (!hasActivity(report.totals)) {
    return (
      <EmptyBlock
        testId="activity-empty"
        title={t('activity.empty')}
        description={t('activity.emptyHint', {
          from: dayText(report.from, i18n.language),
          to: dayText(report.to, i18n.language),
        })}
      />
    );
  }
  return (
    <Stack gap="lg">
      <section aria-labelledby={`${tableId}-totals`}>
        <Title order={2} fz="md" id={`${tableId}-totals`} mb="xs">
          {t('activity.totals', {
            from: dayText(report.from, i18n.language),
            to: dayText(report.to, i18n.language),
          })}
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs" data-testid="activity-totals">
          {TOTALS.map((key) => (
            <Paper key={key} withBorder radius="sm" p="xs">
              <Text size="xs" c="dimmed">
                {t(`activity.series.${key}`)}
              </Text>
              <Text fw={700} data-testid={`activity-total-${key}`}>
                {money(key, report.totals[key])}
              </Text>
            </Paper>
          ))}
          <Paper withBorder radius="sm" p="xs">
            <Text size="xs" c="dimmed">
              {t('activity.rounds')}
            </Text>
            <Text fw={700} data-testid="activity-total-rounds">
              {report.totals.rounds}
            </Text>
          </Paper>
        </SimpleGrid>
      </section>
      <ActivityChart days={report.days} symbol={symbol} tableId={tableId} />
      <Table.ScrollContainer minWidth={620}>
        <Table striped id={tableId} data-testid="activity-table">
          <Table.Caption>{t('activity.tableCaption')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('activity.day')}</Table.Th>
              {TOTALS.map((key) => (
                <Table.Th key={key} ta="right">
                  {t(`activity.series.${key}`)}
                </Table.Th>
              ))}
              <Table.Th ta="right">{t('activity.rounds')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {active.map((day) => (
              <Table.Tr key={day.day} data-testid="activity-row">
                <Table.Th scope="row" fw={500}>
                  {dayText(day.day, i18n.language)}
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
    </Stack>
  );
}
