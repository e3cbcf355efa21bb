import { SLOT_TITLES } from '@lotus/games/slots/titles';
import { act, screen } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetLanguage } from '../../../test/render-app.tsx';
import { renderUi } from '../../../test/render-ui.tsx';
import { initialWindow } from '../utils/slot-reels.ts';
import { MIN_SPIN_MS, REEL_STEP_MS, reelStopMs, SlotReels } from './slot-reels.tsx';

const title = SLOT_TITLES['tiger-temple'];
type Spin = { id: number; stops: number[]; window: string[][] };

/** Starts on the title's first window; the "go" button hands the reels the `next` spin. */
function Harness({
  next,
  reducedMotion,
  onStopped,
  onReelStop,
}: {
  next: Spin;
  reducedMotion: boolean;
  onStopped: (id: number) => void;
  onReelStop?: (reel: number) => void;
}) {
  const [spin, setSpin] = useState<Spin>({
    id: 0,
    stops: title.reels.map(() => 0),
    window: initialWindow(title),
  });
  return (
    <>
      <button type="button" onClick={() => setSpin(next)}>
        go
      </button>
      <SlotReels
        title={title}
        spin={spin}
        highlighted={new Set()}
        reducedMotion={reducedMotion}
        onStopped={onStopped}
        onReelStop={onReelStop}
        label="reels"
      />
    </>
  );
}

function cellsByReel(): string[][] {
  return Array.from({ length: title.reels.length }, (_, reel) =>
    Array.from(screen.getByTestId(`reel-${reel}`).querySelectorAll('[data-testid="slot-cell"]')).map(
      (cell) => cell.getAttribute('data-symbol') ?? '',
    ),
  );
}

describe('SlotReels', () => {
  beforeEach(async () => {
    await resetLanguage();
  });

  it('renders the title: one column per reel, `rows` symbols each, winning cells lit', () => {
    const window = initialWindow(title);
    renderUi(
      <SlotReels
        title={title}
        spin={{ id: 0, stops: [0, 0, 0, 0, 0], window }}
        highlighted={new Set(['1:2'])}
        reducedMotion={false}
        onStopped={() => {}}
        label="reels"
      />,
    );
    expect(cellsByReel()).toEqual(window);
    const lit = screen.getByTestId('reel-1').querySelectorAll('[data-win]');
    expect(lit).toHaveLength(1);
    expect(lit[0]?.getAttribute('data-symbol')).toBe(window[1]?.[2]);
  });

  it('spins through the real strip and stops on the new window, then reports it once', () => {
    vi.useFakeTimers();
    try {
      const onStopped = vi.fn();
      const stops = [5, 9, 13, 17, 21];
      const next = {
        id: 1,
        stops,
        window: stops.map((stop, reel) => {
          const strip = title.reels[reel] ?? [];
          return [0, 1, 2].map((row) => strip[(stop + row) % strip.length] ?? '');
        }),
      };
      renderUi(<Harness next={next} reducedMotion={false} onStopped={onStopped} />);
      act(() => {
        screen.getByRole('button', { name: 'go' }).click();
      });
      // While spinning, each reel holds its strip column (old window at the bottom), not just the window.
      expect(screen.getByTestId('slot-reels').getAttribute('data-spinning')).toBe('true');
      const lastReel = screen.getByTestId('reel-4').querySelectorAll('[data-symbol]');
      expect(lastReel.length).toBeGreaterThan(title.rows * 2);
      expect(onStopped).not.toHaveBeenCalled();
      act(() => {
        vi.advanceTimersByTime(MIN_SPIN_MS + 100);
      });
      expect(onStopped).toHaveBeenCalledTimes(1);
      expect(onStopped).toHaveBeenCalledWith(1);
      expect(cellsByReel()).toEqual(next.window);
    } finally {
      vi.useRealTimers();
    }
  });

  it('never stops the last reel sooner than 2.5 s after the spin starts; the reels stop one by one', () => {
    vi.useFakeTimers();
    try {
      const onStopped = vi.fn();
      const onReelStop = vi.fn();
      const next = { id: 3, stops: [2, 2, 2, 2, 2], window: title.reels.map((strip) => strip.slice(2, 5)) };
      renderUi(<Harness next={next} reducedMotion={false} onStopped={onStopped} onReelStop={onReelStop} />);
      act(() => {
        screen.getByRole('button', { name: 'go' }).click();
      });
      act(() => {
        vi.advanceTimersByTime(MIN_SPIN_MS - REEL_STEP_MS);
      });
      // Four reels have stopped, in order; the last one has not, and the spin is not over.
      expect(onReelStop.mock.calls.map(([reel]) => reel)).toEqual([0, 1, 2, 3]);
      act(() => {
        vi.advanceTimersByTime(REEL_STEP_MS - 1);
      });
      expect(onReelStop).toHaveBeenCalledTimes(4);
      expect(onStopped).not.toHaveBeenCalled();
      act(() => {
        vi.advanceTimersByTime(100);
      });
      expect(onReelStop).toHaveBeenLastCalledWith(4);
      expect(onStopped).toHaveBeenCalledWith(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('stops the last reel at the time it is given, earlier reels before it, for any reel count', () => {
    for (const reels of [3, 5, 6]) {
      const stops = Array.from({ length: reels }, (_, reel) => reelStopMs(reel, reels, MIN_SPIN_MS));
      expect(stops.at(-1)).toBe(MIN_SPIN_MS);
      expect([...stops].sort((a, b) => a - b)).toEqual(stops);
      expect(stops[0]).toBeGreaterThan(0);
    }
  });

  it('with reduced motion nothing scrolls, and the window still waits out the 2.5 s', () => {
    vi.useFakeTimers();
    try {
      const onStopped = vi.fn();
      const next = { id: 7, stops: [1, 1, 1, 1, 1], window: title.reels.map((strip) => strip.slice(1, 4)) };
      renderUi(<Harness next={next} reducedMotion onStopped={onStopped} />);
      const before = cellsByReel();
      act(() => {
        screen.getByRole('button', { name: 'go' }).click();
      });
      // No strip to scroll: each reel keeps its three symbols, greyed out, until the time is up.
      expect(screen.getByTestId('reel-4').querySelectorAll('[data-symbol]')).toHaveLength(title.rows);
      act(() => {
        vi.advanceTimersByTime(MIN_SPIN_MS - 1);
      });
      expect(onStopped).not.toHaveBeenCalled();
      act(() => {
        vi.advanceTimersByTime(1);
      });
      expect(onStopped).toHaveBeenCalledWith(7);
      expect(cellsByReel()).toEqual(next.window);
      expect(cellsByReel()).not.toEqual(before);
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows the window at once with reduced motion when no time is left to wait', () => {
    const onStopped = vi.fn();
    const next = {
      id: 8,
      stops: [1, 1, 1, 1, 1],
      window: title.reels.map((strip) => strip.slice(1, 4)),
      durationMs: 0,
    };
    renderUi(<Harness next={next} reducedMotion onStopped={onStopped} />);
    act(() => {
      screen.getByRole('button', { name: 'go' }).click();
    });
    expect(onStopped).toHaveBeenCalledWith(8);
    expect(cellsByReel()).toEqual(next.window);
  });
});
