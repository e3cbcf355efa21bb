import type { TeamBettingReport } from '@lotus/shared/agent-reports.schema';
import { Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { BarChartSvg } from '../../../components/ui/bar-chart-svg.tsx';
import { formatDay } from '../../../lib/date-time.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { signedMoneyText } from '../../../lib/money/money.ts';
import { FiguresTable } from './betting-figures.tsx';

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
      <FiguresTable
        rows={days.map((day) => ({ key: day.day, label: formatDay(day.day, i18n.language), figures: day }))}
        heading={t('betting.day')}
        symbol={symbol}
        testId="agent-betting-days"
        id={tableId}
      />
    </Stack>
  );
}
