import type { SlotTitle } from '@lotus/games/types';
import { type CSSProperties, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { spinColumn } from '../utils/slot-reels.ts';
import classes from './originals.module.css';
import art from './slot-art.module.css';
import { SlotSymbol } from './slot-art.tsx';

/**
 * Issue 22: a spin is never shorter than 2.5 s from the click to the last reel stopping (player
 * protection: fast spins make play compulsive). The screen hands the reels what is left of the 2.5 s
 * after the answer came; the last reel stops then, and each earlier reel REEL_STEP_MS before the next.
 */
export const MIN_SPIN_MS = 2500;
export const REEL_STEP_MS = 300;

/** How long the reels take from the start of the spin to the last reel stopping (MIN_SPIN_MS unless told). */
export function spinDuration(durationMs: number = MIN_SPIN_MS): number {
  return Math.max(0, durationMs);
}

/** When reel `reel` of `reelCount` stops, in ms after the start: one after another, the last at `total`. */
export function reelStopMs(reel: number, reelCount: number, total: number): number {
  const step = Math.min(REEL_STEP_MS, total / (reelCount + 1));
  return Math.round(total - (reelCount - 1 - reel) * step);
}

type Spin = { id: number; stops: number[]; window: string[][]; durationMs?: number };

type SlotReelsProps = {
  title: SlotTitle;
  /** The window to show; a new `spin.id` starts the spin towards `spin.window`, lasting `durationMs`. */
  spin: Spin;
  highlighted: ReadonlySet<string>;
  reducedMotion: boolean;
  /** Called once every reel has stopped on the spin's window. */
  onStopped: (spinId: number) => void;
  /** Called as each reel stops (for its sound). */
  onReelStop?: (reel: number) => void;
  label: string;
  /** Drawn over the stopped reels (the win lines). */
  overlay?: ReactNode;
};

type Phase = 'idle' | 'start' | 'run' | 'hold';

/**
 * The reels: each a column of real strip symbols that slides with a CSS transform and stops on the
 * outcome's window, later reels stopping later. With reduced motion nothing scrolls: the symbols wait
 * greyed out for the same time, then the window appears.
 */
export function SlotReels(props: SlotReelsProps) {
  const { title, spin, highlighted, label, overlay } = props;
  const { t } = useTranslation('originals');
  const shown = useRef<string[][]>(spin.window);
  const [columns, setColumns] = useState<string[][]>(spin.window);
  const [phase, setPhase] = useState<Phase>('idle');
  const lastSpin = useRef(spin.id);
  // Read at spin time through refs: only a new spin id may start (or cancel) an animation.
  const latest = useRef(props);
  latest.current = props;
  const symbolKinds = new Map(title.symbols.map((s) => [s.id, s.kind] as const));

  useEffect(() => {
    if (spin.id === lastSpin.current) return;
    const { spin: next, title, reducedMotion, onStopped } = latest.current;
    const reelStop = (reel: number) => latest.current.onReelStop?.(reel);
    lastSpin.current = next.id;
    const previous = shown.current;
    shown.current = next.window;
    const total = spinDuration(next.durationMs);
    const finish = () => {
      setColumns(next.window);
      setPhase('idle');
      onStopped(next.id);
    };
    if (reducedMotion) {
      if (total === 0) {
        finish();
        return;
      }
      setPhase('hold');
      const done = setTimeout(() => {
        reelStop(title.reels.length - 1);
        finish();
      }, total);
      return () => clearTimeout(done);
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
    const timers = title.reels.map((_, reel) =>
      setTimeout(() => reelStop(reel), reelStopMs(reel, title.reels.length, total)),
    );
    const done = setTimeout(finish, total + 60);
    return () => {
      cancelAnimationFrame(frame);
      for (const timer of timers) clearTimeout(timer);
      clearTimeout(done);
    };
  }, [spin.id]);

  const total = spinDuration(spin.durationMs);
  const anyLit = phase === 'idle' && highlighted.size > 0;
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
        const stopAt = reelStopMs(reel, title.reels.length, total);
        const style: CSSProperties =
          phase === 'idle' || phase === 'hold'
            ? { transform: 'translateY(0)' }
            : phase === 'start'
              ? { transform: `translateY(calc(-${travel} * var(--cell)))`, transition: 'none' }
              : {
                  transform: 'translateY(0)',
                  transition: `transform ${stopAt}ms cubic-bezier(0.2, 0.7, 0.25, 1.04)`,
                };
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: reels are positions, never reordered.
          <div key={reel} className={classes.reel} data-testid={`reel-${reel}`}>
            <div className={classes.reelStrip} style={style}>
              {column.map((symbol, row) => {
                const kind = symbolKinds.get(symbol) ?? 'normal';
                const lit = phase === 'idle' && highlighted.has(`${reel}:${row}`);
                const look = phase === 'hold' ? art.waiting : lit ? art.lit : anyLit ? art.dim : undefined;
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
                    <SlotSymbol
                      id={symbol}
                      label={t(`symbols.${symbol}`, { defaultValue: symbol })}
                      className={look}
                    />
                  </div>
                );
              })}
            </div>
          </div>
        );
      })}
      {phase === 'idle' ? overlay : null}
    </div>
  );
}
