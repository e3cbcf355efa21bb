import { Group, Stack, Text } from '@mantine/core';
import { BarChartSvg } from '../../../components/ui/bar-chart-svg.tsx';
import { formatDay } from '../../../lib/date-time.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { signedMoneyText } from '../../../lib/money/money.ts';
import { type DayAmounts, stackColumns } from '../utils/stacked-bars.ts';

const BAR = 12;
const HEIGHT = 160;
/** A range of a day or two is drawn a week wide, so its bars keep a bar's shape. */
const MIN_COLUMNS = 7;

/** One colour per kind of income, the same in the legend and the bars; readable on light and dark. */
const COLOURS = ['teal', 'indigo', 'orange', 'grape', 'cyan', 'lime', 'pink', 'yellow'];
export const kindColour = (index: number) => `var(--mantine-color-${COLOURS[index % COLOURS.length]}-6)`;

/**
 * My income per day, one stacked column per day and one colour per kind (commission, dividend, each
 * salary), in the site's plain-SVG chart frame (components/ui/bar-chart-svg.tsx, as "My activity"): for a
 * screen reader one image with a summary, and the table beside it (`tableId`) holds every figure; each
 * segment has a title for a pointer's tooltip.
 */
export function IncomeChart({
  days,
  kinds,
  kindLabel,
  symbol,
  tableId,
}: {
  days: DayAmounts[];
  kinds: readonly string[];
  kindLabel: (kind: string) => string;
  symbol: string;
  tableId: string;
}) {
  const { t, i18n } = useTranslation('agents');
  const chart = stackColumns(days, kinds);
  const zero = chart.hasNegative ? HEIGHT / 2 : HEIGHT;
  const scale = chart.hasNegative ? HEIGHT / 2 : HEIGHT;
  const shown = kinds.filter((kind) => days.some((day) => BigInt(day.amounts[kind] ?? '0') !== 0n));

  return (
    <Stack gap="xs" component="figure" m={0} data-testid="agent-income-chart">
      <BarChartSvg
        columns={Math.max(chart.columns.length, MIN_COLUMNS)}
        barWidth={BAR}
        height={HEIGHT}
        zero={zero}
        title={t('income.chartTitle', { count: days.length })}
        tableId={tableId}
      >
        {chart.columns.map((column, index) =>
          column.segments.map((segment) => {
            const top = zero - Math.max(segment.start, segment.end) * scale;
            const size = Math.abs(segment.end - segment.start) * scale;
            return size === 0 ? null : (
              <rect
                key={`${column.day}-${segment.kind}`}
                x={index * BAR + 1}
                width={BAR - 2}
                y={top}
                height={size}
                fill={kindColour(kinds.indexOf(segment.kind))}
                data-testid="agent-income-bar"
              >
                <title>
                  {`${formatDay(column.day, i18n.language)}, ${kindLabel(segment.kind)}: ${signedMoneyText(
                    String(segment.minor),
                    symbol,
                  )}`}
                </title>
              </rect>
            );
          }),
        )}
      </BarChartSvg>
      <Group gap="md" aria-hidden="true" data-testid="agent-income-legend">
        {shown.map((kind) => (
          <Group key={kind} gap={4} wrap="nowrap">
            <svg width={10} height={10} aria-hidden="true">
              <rect width={10} height={10} rx={2} fill={kindColour(kinds.indexOf(kind))} />
            </svg>
            <Text size="xs">{kindLabel(kind)}</Text>
          </Group>
        ))}
      </Group>
    </Stack>
  );
}
