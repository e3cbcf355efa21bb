import type { ActivityDay } from '@lotus/shared/player-protection.schema';
import { SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { BarChartSvg } from '../../../components/ui/bar-chart-svg.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { moneyText, signedMoneyText } from '../../../lib/money/money.ts';
import { type ChartSeries, chartBars, dayText } from '../utils/activity-range.ts';

const SERIES: ChartSeries[] = ['netMinor', 'stakedMinor', 'wonMinor'];
const BAR = 10;
const HEIGHT = 160;

/**
 * The per-day chart of "My activity" (issue 17): plain SVG, one bar per day, net (won − staked) above or
 * below the zero line, or the stakes or wins. For a screen reader it is one image with a summary; the daily
 * table under it holds the same figures.
 */
export function ActivityChart({
  days,
  symbol,
  tableId,
}: {
  days: ActivityDay[];
  symbol: string;
  tableId: string;
}) {
  const { t, i18n } = useTranslation('protection');
  const [series, setSeries] = useState<ChartSeries>('netMinor');
  const bars = chartBars(days, series);
  const anyNegative = bars.some((bar) => bar.ratio < 0);
  const zero = anyNegative ? HEIGHT / 2 : HEIGHT;
  const scale = anyNegative ? HEIGHT / 2 : HEIGHT;
  const value = (day: ActivityDay) =>
    series === 'netMinor' ? signedMoneyText(day[series], symbol) : moneyText(day[series], symbol);

  return (
    <Stack gap="xs" component="figure" m={0} data-testid="activity-chart">
      <SegmentedControl
        aria-label={t('activity.chartSeries')}
        value={series}
        onChange={(next) => setSeries(next as ChartSeries)}
        data={SERIES.map((name) => ({ value: name, label: t(`activity.series.${name}`) }))}
        style={{ alignSelf: 'flex-start' }}
        data-testid="activity-chart-series"
      />
      <BarChartSvg
        columns={bars.length}
        barWidth={BAR}
        height={HEIGHT}
        zero={zero}
        title={t('activity.chartTitle', { series: t(`activity.series.${series}`), count: days.length })}
        tableId={tableId}
      >
        {bars.map((bar, index) => {
          const size = Math.abs(bar.ratio) * scale;
          const day = days[index];
          return size === 0 || !day ? null : (
            <rect
              key={bar.day}
              x={index * BAR + 1}
              width={BAR - 2}
              y={bar.ratio < 0 ? zero : zero - size}
              height={size}
              fill={bar.ratio < 0 ? 'var(--mantine-color-orange-6)' : 'var(--mantine-color-teal-6)'}
              data-testid="activity-bar"
            >
              <title>{`${dayText(bar.day, i18n.language)}: ${value(day)}`}</title>
            </rect>
          );
        })}
      </BarChartSvg>
      <Text component="figcaption" size="xs" c="dimmed">
        {t('activity.chartCaption')}
      </Text>
    </Stack>
  );
}
