import { Box } from '@mantine/core';

/**
 * A progress bar (wagering, missions, VIP requirements) drawn with two boxes: Mantine's Progress would add
 * its CSS to every page's first stylesheet (app/mantine-styles.ts is global), for three member pages.
 * `percent` is clamped to 0–100; at 100 the bar turns the "done" colour.
 */
export function ProgressBar({
  percent,
  label,
  valueText,
  testId,
}: {
  percent: number;
  /** What the bar measures, for screen readers. */
  label: string;
  /** The figures in words (e.g. "2,500.00 of 10,000.00"); else the percentage. */
  valueText?: string;
  testId?: string;
}) {
  const value = Math.max(0, Math.min(100, percent));
  return (
    <Box
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      aria-valuetext={valueText ?? `${value}%`}
      h={10}
      bg="var(--mantine-color-default-border)"
      style={{ borderRadius: 999, overflow: 'hidden' }}
      data-testid={testId}
      data-percent={value}
    >
      <Box
        h="100%"
        w={`${value}%`}
        bg={value >= 100 ? 'var(--mantine-color-teal-filled)' : 'var(--mantine-primary-color-filled)'}
        style={{ borderRadius: 'inherit' }}
      />
    </Box>
  );
}
