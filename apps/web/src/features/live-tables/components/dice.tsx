import classes from './live-tables.module.css';

/** The pips of a face, on a 3×3 grid (0–8, row by row). */
const PIPS: Record<number, number[]> = {
  1: [4],
  2: [0, 8],
  3: [0, 4, 8],
  4: [0, 2, 6, 8],
  5: [0, 2, 4, 6, 8],
  6: [0, 2, 3, 5, 6, 8],
};

/** A die drawn in SVG (no font needed); its accessible name is its number. */
export function Die({ face, label, size = 44 }: { face: number; label: string; size?: number }) {
  return (
    <svg
      className={classes.die}
      width={size}
      height={size}
      viewBox="0 0 30 30"
      role="img"
      aria-label={label}
      data-face={face}
    >
      <rect x="1" y="1" width="28" height="28" rx="5" className={classes.dieBody} />
      {(PIPS[face] ?? []).map((pip) => (
        <circle key={pip} cx={8 + (pip % 3) * 7} cy={8 + Math.floor(pip / 3) * 7} r="2.4" />
      ))}
    </svg>
  );
}
