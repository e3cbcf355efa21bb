import type { SlotTitle } from '@lotus/games/types';
import { type CSSProperties, useEffect, useRef, useState } from 'react';
import { spinColumn, symbolGlyph } from '../utils/slot-reels.ts';
import classes from './originals.module.css';

/** Base time of the first reel's spin and the extra time of each later reel (they stop one by one). */
export const REEL_BASE_MS = 650;
export const REEL_STEP_MS = 300;

export function reelsDuration(reelCount: number): number {
  return REEL_BASE_MS + (reelCount - 1) * REEL_STEP_MS;
}

type Spin = { id: number; stops: number[]; window: string[][] };

type SlotReelsProps = {
  title: SlotTitle;
  /** The window to show; a new `spin.id` starts the spin animation towards `spin.window`. */
  spin: Spin;
  highlighted: ReadonlySet<string>;
  reducedMotion: boolean;
  /** Called once every reel has stopped on the spin's window. */
  onStopped: (spinId: number) => void;
  label: string;
};

type Phase = 'idle' | 'start' | 'run';

/**
 * The reels: each a column of real strip symbols that slides with a CSS transform and stops on the
 * outcome's window, later reels scrolling longer so they stop one after another. With reduced motion the
 * window simply appears.
 */
export function SlotReels({ title, spin, highlighted, reducedMotion, onStopped, label }: SlotReelsProps) {
  const shown = useRef<string[][]>(spin.window);
  const [columns, setColumns] = useState<string[][]>(spin.window);
  const [phase, setPhase] = useState<Phase>('idle');
  const lastSpin = useRef(spin.id);
  // Read at spin time through refs: only a new spin id may start (or cancel) an animation.
  const latest = useRef({ spin, title, reducedMotion, onStopped });
  latest.current = { spin, title, reducedMotion, onStopped };
  const symbolKinds = new Map(title.symbols.map((s) => [s.id, s.kind] as const));

  useEffect(() => {
    if (spin.id === lastSpin.current) return;
    const { spin: next, title, reducedMotion, onStopped } = latest.current;
    lastSpin.current = next.id;
    const previous = shown.current;
    shown.current = next.window;
    if (reducedMotion) {
      setColumns(next.window);
      setPhase('idle');
      onStopped(next.id);
      return;
    }
    setColumns(
      next.window.map((column, reel) =>
        spinColumn(title, reel, next.stops[reel] ?? 0, column, previous[reel] ?? column),
      ),
    );
    setPhase('start');
    // Two frames: the browser must paint the start position before the transition to the end begins.
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => setPhase('run'));
    });
    const done = setTimeout(() => {
      setColumns(next.window);
      setPhase('idle');
      onStopped(next.id);
    }, reelsDuration(title.reels.length) + 60);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(done);
    };
  }, [spin.id]);

  return (
    <div
      className={classes.reels}
      role="img"
      aria-label={label}
      data-testid="slot-reels"
      data-spinning={phase !== 'idle' || undefined}
      style={{ '--rows': title.rows, '--reels': title.reels.length } as CSSProperties}
    >
      {columns.map((column, reel) => {
        const travel = column.length - title.rows;
        const style: CSSProperties =
          phase === 'idle'
            ? { transform: 'translateY(0)' }
            : phase === 'start'
              ? { transform: `translateY(calc(-${travel} * var(--cell)))`, transition: 'none' }
              : {
                  transform: 'translateY(0)',
                  transition: `transform ${REEL_BASE_MS + reel * REEL_STEP_MS}ms cubic-bezier(0.2, 0.7, 0.25, 1.04)`,
                };
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: reels are positions, never reordered.
          <div key={reel} className={classes.reel} data-testid={`reel-${reel}`}>
            <div className={classes.reelStrip} style={style}>
              {column.map((symbol, row) => {
                const kind = symbolKinds.get(symbol) ?? 'normal';
                const lit = phase === 'idle' && highlighted.has(`${reel}:${row}`);
                return (
                  <div
                    // biome-ignore lint/suspicious/noArrayIndexKey: a strip repeats symbols; the row is the identity.
                    key={row}
                    className={classes.cell}
                    data-kind={kind}
                    data-win={lit || undefined}
                    data-symbol={symbol}
                    data-testid={phase === 'idle' ? 'slot-cell' : undefined}
                  >
                    <span aria-hidden="true">{symbolGlyph(symbol, kind)}</span>
                  </div>
                );
              })}
            </div>
          </div>
        );
      })}
    </div>
  );
}
