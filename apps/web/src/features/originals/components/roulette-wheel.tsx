import { useEffect, useRef, useState } from 'react';
import { colourOf, WHEEL_ORDER } from '../../../components/games/roulette-layout.ts';
import classes from './originals.module.css';

export const WHEEL_SPIN_MS = 3200;
const STEP = 360 / WHEEL_ORDER.length;
const FILL = { red: '#c92a2a', black: '#212529', green: '#2b8a3e' } as const;

/** The wheel's rotation (degrees, always forward) that brings `pocket` under the pointer at the top. */
export function rotationFor(pocket: number, current: number, turns = 5): number {
  const index = Math.max(0, WHEEL_ORDER.indexOf(pocket));
  const target = (360 - index * STEP) % 360;
  const base = current - (((current % 360) + 360) % 360);
  return base + turns * 360 + target;
}

type RouletteWheelProps = {
  /** The pocket to land on; a new `spinId` spins the wheel to it. */
  pocket: number | null;
  spinId: number;
  reducedMotion: boolean;
  onStopped: (spinId: number) => void;
  label: string;
};

/** A European wheel drawn in SVG: it turns (CSS transform) and the ball rides in the winning pocket to the pointer. */
export function RouletteWheel({ pocket, spinId, reducedMotion, onStopped, label }: RouletteWheelProps) {
  const [rotation, setRotation] = useState(0);
  const [spinning, setSpinning] = useState(false);
  const latest = useRef({ pocket, reducedMotion, onStopped, rotation });
  latest.current = { pocket, reducedMotion, onStopped, rotation };
  const lastSpin = useRef(spinId);

  useEffect(() => {
    const { pocket, reducedMotion, onStopped, rotation } = latest.current;
    if (spinId === lastSpin.current || pocket === null) return;
    lastSpin.current = spinId;
    const next = rotationFor(pocket, rotation, reducedMotion ? 0 : 5);
    setRotation(next);
    if (reducedMotion) {
      onStopped(spinId);
      return;
    }
    setSpinning(true);
    const done = setTimeout(() => {
      setSpinning(false);
      onStopped(spinId);
    }, WHEEL_SPIN_MS + 50);
    return () => clearTimeout(done);
  }, [spinId]);

  const ballIndex = pocket === null ? -1 : WHEEL_ORDER.indexOf(pocket);
  return (
    <div className={classes.wheelBox} role="img" aria-label={label} data-testid="roulette-wheel">
      <span className={classes.pointer} aria-hidden="true" />
      <svg
        viewBox="-100 -100 200 200"
        className={classes.wheel}
        style={{
          transform: `rotate(${rotation}deg)`,
          transition: spinning ? `transform ${WHEEL_SPIN_MS}ms cubic-bezier(0.15, 0.6, 0.2, 1)` : 'none',
        }}
        aria-hidden="true"
      >
        {WHEEL_ORDER.map((n, index) => {
          // Pocket `index` is centred on angle index·STEP, clockwise from the top.
          const from = ((index - 0.5) * STEP - 90) * (Math.PI / 180);
          const to = ((index + 0.5) * STEP - 90) * (Math.PI / 180);
          const mid = (index * STEP - 90) * (Math.PI / 180);
          const path = `M 0 0 L ${96 * Math.cos(from)} ${96 * Math.sin(from)} A 96 96 0 0 1 ${96 * Math.cos(to)} ${96 * Math.sin(to)} Z`;
          return (
            <g key={n}>
              <path d={path} fill={FILL[colourOf(n)]} stroke="#ced4da" strokeWidth={0.4} />
              <text
                x={82 * Math.cos(mid)}
                y={82 * Math.sin(mid)}
                fill="#fff"
                fontSize={7}
                textAnchor="middle"
                dominantBaseline="central"
                transform={`rotate(${index * STEP} ${82 * Math.cos(mid)} ${82 * Math.sin(mid)})`}
              >
                {n}
              </text>
            </g>
          );
        })}
        <circle r={58} fill="#5c3d1e" />
        <circle r={20} fill="#e9c46a" />
        {ballIndex >= 0 ? (
          <circle
            cx={66 * Math.cos((ballIndex * STEP - 90) * (Math.PI / 180))}
            cy={66 * Math.sin((ballIndex * STEP - 90) * (Math.PI / 180))}
            r={5}
            fill="#fff"
            stroke="#868e96"
            strokeWidth={0.6}
            data-testid="roulette-ball"
          />
        ) : null}
      </svg>
    </div>
  );
}
