import { type ReactNode, useId } from 'react';

type BarChartSvgProps = {
  /** How many columns (days) the chart has; the drawing is `columns × barWidth` wide, stretched to fit. */
  columns: number;
  barWidth: number;
  height: number;
  /** Where the zero line runs (the bottom, or the middle when some bars go below it). */
  zero: number;
  /** What the chart shows, in words: its accessible name. */
  title: string;
  /** The table that holds every figure the bars draw (its id): the chart's description. */
  tableId: string;
  /** The bars, in the drawing's units. */
  children: ReactNode;
};

/**
 * The frame of the site's per-day bar charts ("My activity", the agent's income): plain SVG (the app
 * carries no chart library), one image for a screen reader, named by its title and described by the table
 * beside it, with the zero line. Light and dark come from Mantine's colour variables.
 */
export function BarChartSvg({ columns, barWidth, height, zero, title, tableId, children }: BarChartSvgProps) {
  const titleId = useId();
  const width = Math.max(1, columns) * barWidth;
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      preserveAspectRatio="none"
      width="100%"
      height={height}
      role="img"
      aria-labelledby={titleId}
      aria-describedby={tableId}
      style={{ display: 'block', background: 'var(--mantine-color-default-hover)', borderRadius: 4 }}
    >
      <title id={titleId}>{title}</title>
      <line
        x1={0}
        x2={width}
        y1={zero}
        y2={zero}
        stroke="var(--mantine-color-dimmed)"
        strokeWidth={1}
        vectorEffect="non-scaling-stroke"
      />
      {children}
    </svg>
  );
}
