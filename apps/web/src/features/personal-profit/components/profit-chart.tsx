import type { ProfitDay } from '@lotus/shared/loyalty.schema';
import { Stack, Text } from '@mantine/core';
import { BarChartSvg } from '../../../components/ui/bar-chart-svg.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { signedMoneyText } from '../../../lib/money/money.ts';
import { netRatios, profitDayText } from '../utils/profit-figures.ts';

const BAR = 10;
const HEIGHT = 140;

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
        columns={days.length}
        barWidth={BAR}
        height={HEIGHT}
        zero={zero}
        title={t('profit.chartTitle', { count: days.length })}
        tableId={tableId}
      >
        {days.map((day, index) => {
          const ratio = ratios[index] ?? 0;
          const size = Math.abs(ratio) * scale;
          return size === 0 ? null : (
            <rect
              key={day.day}
              x={index * BAR + 1}
              width={BAR - 2}
              y={ratio < 0 ? zero : zero - size}
              height={size}
              fill={ratio < 0 ? 'var(--mantine-color-red-6)' : 'var(--mantine-color-teal-6)'}
              data-testid="profit-bar"
            >
              <title>{`${profitDayText(day.day, i18n.language)}: ${signedMoneyText(day.netMinor, symbol)}`}</title>
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
