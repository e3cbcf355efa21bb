/**
 * The drawings the catalogue's generated game icons are made of (the studio's in features/originals,
 * game-icon.tsx; the live tables' in features/live-tables, live-table-icon.tsx): a die, a playing card, a
 * roulette wheel, in a 256×256 icon's coordinates. Drawn as plain SVG so an icon renders to a static file.
 */
import { colourOf, WHEEL_ORDER } from './roulette-layout.ts';

/** A die of 72×72 at (x, y) showing `face` (3, 5 or 6). */
export function DieFace({ x, y, face }: { x: number; y: number; face: number }) {
  const pips: Record<number, [number, number][]> = {
    3: [
      [18, 18],
      [36, 36],
      [54, 54],
    ],
    5: [
      [18, 18],
      [54, 18],
      [36, 36],
      [18, 54],
      [54, 54],
    ],
    6: [
      [18, 16],
      [54, 16],
      [18, 36],
      [54, 36],
      [18, 56],
      [54, 56],
    ],
  };
  return (
    <g transform={`translate(${x} ${y})`}>
      <rect width="72" height="72" rx="14" fill="#fffdf7" stroke="#862e9c" strokeWidth="4" />
      {(pips[face] ?? []).map(([cx, cy]) => (
        <circle key={`${cx}-${cy}`} cx={cx} cy={cy} r="7" fill="#212529" />
      ))}
    </g>
  );
}

/** A playing card of 80×112 at (x, y), turned `angle` degrees about its centre. */
export function CardGlyph({
  x,
  y,
  rank,
  red,
  angle = 0,
}: {
  x: number;
  y: number;
  rank: string;
  red: boolean;
  angle?: number;
}) {
  const ink = red ? '#c92a2a' : '#212529';
  return (
    <g transform={`translate(${x} ${y}) rotate(${angle} 40 56)`}>
      <rect width="80" height="112" rx="9" fill="#ffffff" stroke="#adb5bd" strokeWidth="2" />
      <text x="10" y="30" fontSize="26" fontWeight="700" fontFamily="Georgia, serif" fill={ink}>
        {rank}
      </text>
      <path
        d={
          red
            ? 'M40 46 L60 72 L40 98 L20 72 Z'
            : 'M40 44 C56 62 70 72 66 86 C63 96 50 96 43 88 L46 100 H34 L37 88 C30 96 17 96 14 86 C10 72 24 62 40 44 Z'
        }
        fill={ink}
      />
    </g>
  );
}

const WHEEL_INK = { red: '#c62828', black: '#1b1b1b', green: '#2e7d32' } as const;

/**
 * A European wheel of radius r centred at (cx, cy): its 37 pockets in the wheel's order and colours (the
 * layout's, so the drawing cannot disagree with the table), a gold rim and a ball on zero.
 */
export function WheelGlyph({ cx, cy, r }: { cx: number; cy: number; r: number }) {
  const step = (2 * Math.PI) / WHEEL_ORDER.length;
  const at = (angle: number, radius: number) =>
    `${(cx + radius * Math.sin(angle)).toFixed(1)} ${(cy - radius * Math.cos(angle)).toFixed(1)}`;
  return (
    <g>
      <circle cx={cx} cy={cy} r={r + 8} fill="#5d4037" stroke="#ffca28" strokeWidth="5" />
      {WHEEL_ORDER.map((pocket, index) => {
        const from = (index - 0.5) * step;
        const to = (index + 0.5) * step;
        return (
          <path
            key={pocket}
            d={`M${cx} ${cy}L${at(from, r)}A${r} ${r} 0 0 1 ${at(to, r)}Z`}
            fill={WHEEL_INK[colourOf(pocket)]}
            stroke="#ffca28"
            strokeWidth="0.6"
          />
        );
      })}
      <circle cx={cx} cy={cy} r={r * 0.55} fill="#6d4c41" stroke="#ffca28" strokeWidth="3" />
      <circle cx={cx} cy={cy} r={r * 0.14} fill="#ffca28" />
      <circle cx={cx} cy={cy - r * 0.82} r={r * 0.08} fill="#ffffff" />
    </g>
  );
}

/** Three dice (6, 5, 3), two above one, the top pair's top at `top`: sic bo. */
export function DiceTrio({ top }: { top: number }) {
  return (
    <>
      <DieFace x={40} y={top} face={6} />
      <DieFace x={144} y={top} face={5} />
      <DieFace x={92} y={top + 70} face={3} />
    </>
  );
}

/** A joker (red J) above two cards fanned out below it, `drop` lower: Andar Bahar. */
export function CardFan({ top, drop }: { top: number; drop: number }) {
  return (
    <>
      <CardGlyph x={88} y={top} rank="J" red />
      <CardGlyph x={30} y={top + drop} rank="7" red={false} angle={-8} />
      <CardGlyph x={146} y={top + drop} rank="J" red={false} angle={8} />
    </>
  );
}

/** Two cards turned apart, a 9 and a king unless told: baccarat. */
export function CardPair({ top, ranks = ['9', 'K'] }: { top: number; ranks?: [string, string] }) {
  return (
    <>
      <CardGlyph x={56} y={top} rank={ranks[0]} red angle={-10} />
      <CardGlyph x={120} y={top} rank={ranks[1]} red={false} angle={10} />
    </>
  );
}
