import { STUDIO_SLOTS } from '@lotus/games/slots/studio-slots';
import { SLOT_TITLES } from '@lotus/games/slots/titles';
import type { SlotSpin } from '@lotus/games/types';
import { act, fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../../lib/storage.ts';
import { resetLanguage } from '../../../test/render-app.tsx';
import { renderUi } from '../../../test/render-ui.tsx';
import { useSlotSound } from '../hooks/use-slot-sound.ts';
import { initialWindow } from '../utils/slot-reels.ts';
import { hasSymbolArt, SlotSymbol, symbolArt } from './slot-art.tsx';
import { SlotPaytable } from './slot-paytable.tsx';
import { SlotReels } from './slot-reels.tsx';
import { cellCentre, LINE_CYCLE_MS, lineColour, SlotWinLines } from './slot-win-lines.tsx';
import { SoundToggle } from './sound-toggle.tsx';

// Emoji and pictographs (and the variation selector that turns a text symbol into an emoji).
const EMOJI = /[\u{1F000}-\u{1FAFF}\u{2600}-\u{27BF}\u{2B00}-\u{2BFF}]|\u{FE0F}/u;

describe('slot symbol art', () => {
  beforeEach(async () => {
    await resetLanguage();
  });

  it('has its own drawing for every symbol of every title (a new title with a new id fails here)', () => {
    // Issue 22: every slot the studio serves, the ways, cascade and hold-and-win titles included.
    expect(Object.keys(STUDIO_SLOTS)).toHaveLength(9);
    const missing = Object.values(STUDIO_SLOTS)
      .flatMap((title) => title.symbols.map((symbol) => `${title.code}:${symbol.id}`))
      .filter((key) => !hasSymbolArt(key.split(':')[1] ?? ''));
    expect(missing).toEqual([]);
  });

  it('draws an unknown id as the neutral tile, and names every symbol for screen readers', () => {
    expect(hasSymbolArt('comet')).toBe(false);
    expect(symbolArt('comet')).toBe(symbolArt('another-unknown'));
    expect(symbolArt('toString')).toBe(symbolArt('comet'));
    renderUi(<SlotSymbol id="comet" label="Comet" />);
    const drawing = screen.getByRole('img', { name: 'Comet' });
    expect(drawing.getAttribute('data-art')).toBe('fallback');
    expect(drawing.querySelector('rect, path, circle')).not.toBeNull();
  });

  it('renders reels and paytable of every title as SVG without a single emoji, names in EN and HI', async () => {
    for (const title of Object.values(STUDIO_SLOTS)) {
      const view = renderUi(
        <>
          <SlotReels
            title={title}
            spin={{ id: 0, stops: title.reels.map(() => 0), window: initialWindow(title) }}
            highlighted={new Set()}
            reducedMotion={false}
            onStopped={() => {}}
            label="reels"
          />
          <SlotPaytable title={title} betMinor="1000" currencySymbol="₹" />
        </>,
      );
      const reels = screen.getByTestId('slot-reels');
      expect(reels.querySelectorAll('svg[data-art]')).toHaveLength(title.reels.length * title.rows);
      expect(reels.querySelector('[data-art="fallback"]')).toBeNull();
      if ((title.mechanic ?? 'lines') === 'lines') {
        expect(screen.getAllByTestId('payline')).toHaveLength(title.paylines.length);
      } else {
        expect(screen.queryAllByTestId('payline')).toHaveLength(0);
        expect(screen.getByTestId('paytable-ways').textContent).toContain(
          String(title.rows ** title.reels.length),
        );
      }
      expect(EMOJI.test(document.body.innerHTML)).toBe(false);
      view.unmount();
    }
    renderUi(<SlotSymbol id="elephant" label="Elephant" />);
    expect(screen.getByRole('img', { name: 'Elephant' })).toBeTruthy();
    await resetLanguage('hi');
    const title = SLOT_TITLES['lotus-fortune'];
    renderUi(
      <SlotReels
        title={title}
        spin={{
          id: 0,
          stops: [0, 0, 0, 0, 0],
          window: [['lotus', 'diya', 'wild']].concat(initialWindow(title).slice(1)),
        }}
        highlighted={new Set()}
        reducedMotion={false}
        onStopped={() => {}}
        label="reels"
      />,
    );
    expect(screen.getAllByRole('img', { name: 'कमल' }).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('img', { name: 'दीया' }).length).toBeGreaterThan(0);
  });
});

describe('win lines', () => {
  const title = SLOT_TITLES['lotus-fortune'];
  const spin: SlotSpin = {
    stops: [0, 0, 0, 0, 0],
    window: [
      ['scatter', 'A', 'K'],
      ['A', 'Q', 'J'],
      ['scatter', 'A', 'K'],
      ['Q', 'J', 'scatter'],
      ['K', 'Q', 'J'],
    ],
    // Line 1 (index 0) is the middle row; line 4 (index 3) is the V from the top left.
    lineWins: [
      { line: 0, symbol: 'A', count: 3, payMinor: '25' },
      { line: 3, symbol: 'A', count: 3, payMinor: '25' },
    ],
    scatterCount: 3,
    scatterPayMinor: '200',
    payMinor: '250',
    freeSpinsAwarded: 10,
  };

  it('draws each winning line through its cells in its colour, taking turns, and rings the scatters', () => {
    vi.useFakeTimers();
    try {
      renderUi(<SlotWinLines title={title} spin={spin} reducedMotion={false} />);
      const first = screen.getByTestId('win-line');
      expect(first.getAttribute('data-line')).toBe('0');
      const [shadow, line] = Array.from(first.querySelectorAll('polyline'));
      expect(shadow).toBeTruthy();
      expect(line?.getAttribute('stroke')).toBe(lineColour(0));
      expect(line?.getAttribute('points')).toBe(
        [0, 1, 2, 3, 4].map((reel) => cellCentre(reel, 1).join(',')).join(' '),
      );
      // A dot on each of the three cells that counted.
      expect(first.querySelectorAll('circle')).toHaveLength(3);
      expect(screen.getAllByTestId('scatter-win')).toHaveLength(3);
      act(() => {
        vi.advanceTimersByTime(LINE_CYCLE_MS);
      });
      const second = screen.getByTestId('win-line');
      expect(second.getAttribute('data-line')).toBe('3');
      expect(second.querySelectorAll('polyline')[1]?.getAttribute('points')).toBe(
        (title.paylines[3] ?? []).map((row, reel) => cellCentre(reel, row).join(',')).join(' '),
      );
      expect(second.querySelectorAll('polyline')[1]?.getAttribute('stroke')).toBe(lineColour(3));
    } finally {
      vi.useRealTimers();
    }
  });

  it('draws every line at once with reduced motion, and nothing for a losing spin', () => {
    const view = renderUi(<SlotWinLines title={title} spin={spin} reducedMotion />);
    expect(screen.getAllByTestId('win-line').map((g) => g.getAttribute('data-line'))).toEqual(['0', '3']);
    view.unmount();
    renderUi(
      <SlotWinLines
        title={title}
        spin={{ ...spin, lineWins: [], scatterPayMinor: '0', freeSpinsAwarded: 0, payMinor: '0' }}
        reducedMotion={false}
      />,
    );
    expect(screen.queryByTestId('win-lines')).toBeNull();
  });
});

function SoundHarness() {
  const sound = useSlotSound();
  return <SoundToggle on={sound.on} onToggle={sound.toggle} />;
}

describe('sound toggle', () => {
  beforeEach(async () => {
    window.localStorage.removeItem(STORAGE_KEYS.studioSound);
    await resetLanguage();
  });

  it('is off by default, and the choice is remembered on the device', () => {
    const view = renderUi(<SoundHarness />);
    const button = screen.getByTestId('slot-sound');
    expect(button.getAttribute('aria-pressed')).toBe('false');
    expect(button.textContent).toBe('Sound');
    fireEvent.click(button);
    expect(screen.getByTestId('slot-sound').getAttribute('aria-pressed')).toBe('true');
    expect(window.localStorage.getItem(STORAGE_KEYS.studioSound)).toBe('1');
    view.unmount();
    const again = renderUi(<SoundHarness />);
    expect(screen.getByTestId('slot-sound').getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByTestId('slot-sound'));
    again.unmount();
    renderUi(<SoundHarness />);
    expect(screen.getByTestId('slot-sound').getAttribute('aria-pressed')).toBe('false');
  });
});
