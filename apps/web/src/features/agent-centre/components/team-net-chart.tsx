import type { TeamBettingReport } from '@lotus/shared/agent-reports.schema';
import { ScrollArea, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
import { BarChartSvg } from '../../../components/ui/bar-chart-svg.tsx';
import { formatDay } from '../../../lib/date-time.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { moneyText, signedMoneyText } from '../../../lib/money/money.ts';
import { NetText } from './betting-figures.tsx';

const BAR = 12;
const HEIGHT = 140;
/** A range of a day or two is drawn a week wide, so its bars keep a bar's shape. */
const MIN_COLUMNS = 7;

type Day = TeamBettingReport['byDay'][number];

/**
 * The team's net per day (players' view: wins − stakes of the rounds settled that day) as bars above and
 * below the zero line, in the site's plain-SVG chart frame (components/ui/bar-chart-svg.tsx, like My income
 * and My activity). A screen reader gets one image named by its title and described by the table below it,
 * which holds every figure the bars draw; each bar has a title for a pointer's tooltip.
 */
export function TeamNetChart({ days, symbol }: { days: Day[]; symbol: string }) {
  const { t, i18n } = useTranslation('agents');
  const tableId = useId();
  const nets = days.map((day) => BigInt(day.netMinor));
  // Drawing proportions only: a Number is exact enough for a bar's height.
  const largest = Math.max(0, ...nets.map((net) => Math.abs(Number(net))));
  const hasNegative = nets.some((net) => net < 0n);
  const hasPositive = nets.some((net) => net > 0n);
  const both = hasNegative && hasPositive;
  const zero = both ? HEIGHT / 2 : hasNegative ? 0 : HEIGHT;
  const room = both ? HEIGHT / 2 : HEIGHT;
  const size = (net: bigint) => (largest === 0 ? 0 : (Math.abs(Number(net)) / largest) * (room - 2));

  return (
    <Stack gap="xs" component="figure" m={0} data-testid="agent-betting-chart">
      <Title order={3} size="h5">
        {t('betting.netByDay')}
      </Title>
      <BarChartSvg
        columns={Math.max(days.length, MIN_COLUMNS)}
        barWidth={BAR}
        height={HEIGHT}
        zero={zero}
        title={t('betting.netChartTitle', { count: days.length })}
        tableId={tableId}
      >
        {days.map((day, index) => {
          const net = BigInt(day.netMinor);
          const height = size(net);
          return height === 0 ? null : (
            <rect
              key={day.day}
              x={index * BAR + 1}
              width={BAR - 2}
              y={net < 0n ? zero : zero - height}
              height={height}
              fill={net < 0n ? 'var(--mantine-color-red-6)' : 'var(--mantine-color-teal-6)'}
              data-testid="agent-betting-bar"
            >
              <title>{`${formatDay(day.day, i18n.language)}: ${signedMoneyText(day.netMinor, symbol)}`}</title>
            </rect>
          );
        })}
      </BarChartSvg>
      <Text size="xs" c="dimmed" component="figcaption">
        {t('betting.netChartNote')}
      </Text>
      <ScrollArea type="auto">
        <Table striped miw={420} id={tableId} data-testid="agent-betting-days">
          <VisuallyHidden component="caption">{t('betting.netByDay')}</VisuallyHidden>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('betting.day')}</Table.Th>
              <Table.Th ta="right">{t('betting.validTurnover')}</Table.Th>
              <Table.Th ta="right">{t('betting.payout')}</Table.Th>
              <Table.Th ta="right">{t('betting.net')}</Table.Th>
              <Table.Th ta="right">{t('betting.rounds')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {days.map((day) => (
              <Table.Tr key={day.day}>
                <Table.Td>{formatDay(day.day, i18n.language)}</Table.Td>
                <Table.Td ta="right">{moneyText(day.validTurnoverMinor, symbol)}</Table.Td>
                <Table.Td ta="right">{moneyText(day.payoutMinor, symbol)}</Table.Td>
                <Table.Td ta="right">
                  <NetText minor={day.netMinor} symbol={symbol} />
                </Table.Td>
                <Table.Td ta="right">{day.rounds}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </Stack>
  );
}
