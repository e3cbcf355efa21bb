import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetLanguage } from '../../../test/render-app.tsx';
import { renderUi, stubFetch } from '../../../test/render-ui.tsx';
import { WinnerBoard } from './winner-board.tsx';

const winners = Array.from({ length: 20 }, (_, index) => ({
  vo: {
    account: `pl***${String(index).padStart(2, '0')}`,
    gameName: 'Lotus Crash',
    vendor: 'LOTUS',
    amountMinor: String(1000 + index),
    currencySymbol: 'P',
    wonAt: '2026-02-03T04:05:06.000Z',
  },
}));

/** jsdom lays nothing out: give the rows a height (40 px each) and the window 280 px. */
function fakeLayout() {
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return this.tagName === 'UL' ? this.children.length * 40 : 0;
  });
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return this.dataset.testid === 'winner-board-viewport' ? 280 : 0;
  });
}

/** Animation frames run only when the test says so. */
function manualFrames() {
  let queue: FrameRequestCallback[] = [];
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
    queue.push(callback);
    return queue.length;
  });
  vi.stubGlobal('cancelAnimationFrame', () => {});
  return (count: number) => {
    for (let frame = 0; frame < count; frame += 1) {
      const due = queue;
      queue = [];
      act(() => {
        for (const callback of due) callback(performance.now());
      });
    }
  };
}

function reduceMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query.includes('prefers-reduced-motion'),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }));
}

const track = () => screen.getByTestId('winner-board-viewport').firstElementChild as HTMLElement;

describe('winner board scrolling', () => {
  beforeEach(async () => {
    await resetLanguage();
    fakeLayout();
  });
  afterEach(() => vi.restoreAllMocks());

  it('moves up 0.5 px a frame, pauses under the pointer, resumes after', async () => {
    reduceMotion(false);
    const runFrames = manualFrames();
    stubFetch({ '/wps/relay/GCSGAME_getRankList': { list: winners } });
    renderUi(<WinnerBoard />);
    const viewport = await screen.findByTestId('winner-board-viewport');
    await act(async () => {}); // let the effect that starts the animation run
    expect(viewport.dataset.scrolling).toBe('on');
    // The list is drawn twice for the seamless loop; the copy is hidden from assistive technology.
    expect(viewport.querySelectorAll('ul')).toHaveLength(2);
    expect(viewport.querySelectorAll('ul')[1]?.getAttribute('aria-hidden')).toBe('true');

    runFrames(4);
    expect(track().style.transform).toBe('translateY(-2px)');
    fireEvent.mouseEnter(viewport);
    runFrames(10);
    expect(track().style.transform).toBe('translateY(-2px)');
    fireEvent.mouseLeave(viewport);
    runFrames(1);
    expect(track().style.transform).toBe('translateY(-2.5px)');
  });

  it('stands still for visitors who prefer reduced motion, and can be scrolled by keyboard', async () => {
    reduceMotion(true);
    const runFrames = manualFrames();
    stubFetch({ '/wps/relay/GCSGAME_getRankList': { list: winners } });
    renderUi(<WinnerBoard />);
    const viewport = await screen.findByTestId('winner-board-viewport');
    await act(async () => {});
    runFrames(10);
    expect(viewport.dataset.scrolling).toBe('off');
    expect(track().style.transform).toBe('');
    expect(viewport.querySelectorAll('ul')).toHaveLength(1);
    expect(viewport.getAttribute('tabindex')).toBe('0');
  });
});
