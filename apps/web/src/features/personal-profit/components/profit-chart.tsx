import type { ProfitDay } from '@lotus/shared/loyalty.schema';
import { Stack, Text } from '@mantine/core';
import { BarChartSvg } from '../../../components/ui/bar-chart-svg.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { signedMoneyText } from '../../../lib/money/money.ts';
import { netRatios, profitDayText } from '../utils/profit-figures.ts';

const BAR = 10;
const HEIGHT = 140;
/** A short range keeps thin bars (one day is not one bar across the whole page). */
const MIN_COLUMNS = 14;

/** A day's bar in the drawing's units: up from the zero line for a win, down for a loss; none for zero. */
function barOf(ratio: number, index: number, zero: number, scale: number) {
  const height = Math.abs(ratio) * scale;
  if (height === 0) return null;
  const loss = ratio < 0;
  return {
    x: index * BAR + 1,
    width: BAR - 2,
    y: loss ? zero : zero - height,
    height,
    fill: `var(--mantine-color-${loss ? 'red' : 'teal'}-6)`,
  };
}

/**
 * The net result per day (payout − stake): wins above the zero line, losses below. For a screen reader it
 * is one image named by its title and described by the daily table, which holds the same figures.
 */
export function ProfitChart({
  days,
  symbol,
  tableId,
}: {
  days: ProfitDay[];
  symbol: string;
  tableId: string;
}) {
  const { t, i18n } = useTranslation('loyalty');
  const ratios = netRatios(days);
  const anyLoss = ratios.some((ratio) => ratio < 0);
  const anyWin = ratios.some((ratio) => ratio > 0);
  // Both directions: the zero line in the middle; only one: all the height for it.
  const zero = anyLoss ? (anyWin ? HEIGHT / 2 : 0) : HEIGHT;
  const scale = anyLoss && anyWin ? HEIGHT / 2 : HEIGHT;
  return (
    <Stack gap="xs" component="figure" m={0} data-testid="profit-chart">
      <BarChartSvg
        columns={Math.max(days.length, MIN_COLUMNS)}
        barWidth={BAR}
        height={HEIGHT}
        zero={zero}
        title={t('profit.chartTitle', { count: days.length })}
        tableId={tableId}
      >
        {days.map((day, index) => {
          const bar = barOf(ratios[index] ?? 0, index, zero, scale);
          if (!bar) return null;
          const label = `${profitDayText(day.day, i18n.language)}: ${signedMoneyText(day.netMinor, symbol)}`;
          return (
            <rect key={day.day} {...bar} data-testid="profit-bar">
              <title>{label}</title>
            </rect>
          );
        })}
      </BarChartSvg>
      <Text component="figcaption" size="xs" c="dimmed">
        {t('profit.chartCaption')}
      </Text>
    </Stack>
  );
}
