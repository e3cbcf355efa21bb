import type { RaffleKind } from '@lotus/shared/raffles.schema';
import classes from './raffles.module.css';

export type ArtState = 'closed' | 'opening' | 'opened';

type RaffleArtProps = {
  kind: RaffleKind;
  state: ArtState;
  /** Prize wheel: how many segments, and which one was drawn (null before the draw). */
  segments?: number;
  drawnIndex?: number | null;
  className?: string;
};

const SEGMENT_COLOURS = ['#e03131', '#f59f00', '#2f9e44', '#1971c2', '#9c36b5', '#e8590c'];

/** The wheel's turn that brings segment `index` (of `count`) under the pointer at the top, after 5 turns. */
export function wheelAngle(index: number, count: number): number {
  const segment = 360 / count;
  return 5 * 360 + (360 - (index + 0.5) * segment);
}

function Wheel({ segments, drawnIndex }: { segments: number; drawnIndex: number | null }) {
  const count = Math.max(1, segments);
  const angle = drawnIndex === null ? 0 : wheelAngle(drawnIndex, count);
  const slice = (2 * Math.PI) / count;
  return (
    <>
      <g className={classes.wheel} style={{ transform: `rotate(${angle}deg)` }} data-angle={angle}>
        {Array.from({ length: count }, (_, index) => {
          const from = index * slice - Math.PI / 2;
          const to = from + slice;
          const large = slice > Math.PI ? 1 : 0;
          const path =
            count === 1
              ? 'M90 10 A80 80 0 1 1 89.99 10 Z'
              : `M90 90 L${90 + 80 * Math.cos(from)} ${90 + 80 * Math.sin(from)} A80 80 0 ${large} 1 ${90 + 80 * Math.cos(to)} ${90 + 80 * Math.sin(to)} Z`;
          // biome-ignore lint/suspicious/noArrayIndexKey: segments are positions of the fixed prize table
          return <path key={index} d={path} fill={SEGMENT_COLOURS[index % SEGMENT_COLOURS.length]} />;
        })}
        <circle cx="90" cy="90" r="14" fill="#fff" />
      </g>
      <path d="M80 2 L100 2 L90 22 Z" fill="#212529" />
    </>
  );
}

/**
 * The closed, opening and opened looks of a red envelope, a golden egg and a prize wheel: SVG with CSS
 * transitions (raffles.module.css), which stop under prefers-reduced-motion. Decorative: the dialog says
 * the prize in words.
 */
export function RaffleArt({ kind, state, segments = 6, drawnIndex = null, className }: RaffleArtProps) {
  const stateClass = state === 'opened' ? classes.opened : state === 'opening' ? classes.opening : '';
  return (
    <svg
      viewBox="0 0 180 180"
      className={`${className ?? classes.art} ${stateClass}`}
      aria-hidden="true"
      data-state={state}
      data-kind={kind}
    >
      {kind === 'red_envelope' ? (
        <>
          <rect className={classes['card-rise']} x="50" y="50" width="80" height="70" rx="6" fill="#fff3bf" />
          <rect x="30" y="50" width="120" height="110" rx="10" fill="#c92a2a" />
          <path
            className={classes.flap}
            d="M30 60 Q90 120 150 60 L150 55 Q150 50 140 50 L40 50 Q30 50 30 55 Z"
            fill="#e03131"
          />
          <circle cx="90" cy="92" r="14" fill="#fab005" />
        </>
      ) : null}
      {kind === 'golden_egg' ? (
        <g className={classes.egg} style={{ transformOrigin: '90px 150px' }}>
          <ellipse cx="90" cy="150" rx="50" ry="8" fill="#00000022" />
          <path
            className={classes['shell-left']}
            d="M90 20 C55 20 40 80 40 105 C40 135 62 150 90 150 L90 110 L78 98 L90 86 L80 70 L90 58 Z"
            fill="#fab005"
          />
          <path
            className={classes['shell-right']}
            d="M90 20 C125 20 140 80 140 105 C140 135 118 150 90 150 L90 110 L78 98 L90 86 L80 70 L90 58 Z"
            fill="#f59f00"
          />
        </g>
      ) : null}
      {kind === 'prize_wheel' ? <Wheel segments={segments} drawnIndex={drawnIndex} /> : null}
    </svg>
  );
}
