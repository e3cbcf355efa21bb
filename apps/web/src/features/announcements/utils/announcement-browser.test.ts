import { describe, expect, it } from 'vitest';
import {
  type BrowserAction,
  type BrowserState,
  browserReducer,
  initialBrowserState,
} from './announcement-browser.ts';

const run = (state: BrowserState, ...actions: BrowserAction[]) => actions.reduce(browserReducer, state);
const loaded = (pageNum: number, totalPages: number, ids: string[]): BrowserAction => ({
  type: 'loaded',
  pageNum,
  totalPages,
  ids,
});

describe('announcement popup state', () => {
  it('opened without a choice, selects and opens the newest', () => {
    const state = run(initialBrowserState(null), loaded(1, 3, ['9', '8', '7']));
    expect(state).toMatchObject({ page: 1, selectedId: '9', expanded: true });
  });

  it('opens on the chosen announcement when it is on the first page', () => {
    const state = run(initialBrowserState('8'), loaded(1, 3, ['9', '8', '7']));
    expect(state).toMatchObject({ page: 1, selectedId: '8', expanded: true, seeking: null });
  });

  it('walks the pages to find the chosen announcement', () => {
    let state = run(initialBrowserState('12'), loaded(1, 3, ['30', '29']));
    expect(state).toMatchObject({ page: 2, selectedId: null, seeking: '12' });
    state = run(state, loaded(2, 3, ['20', '19']));
    expect(state.page).toBe(3);
    state = run(state, loaded(3, 3, ['13', '12', '11']));
    expect(state).toMatchObject({ page: 3, selectedId: '12', expanded: true, seeking: null });
  });

  it('falls back to the newest when the chosen one is gone', () => {
    let state = run(initialBrowserState('404'), loaded(1, 2, ['30', '29']), loaded(2, 2, ['20']));
    expect(state).toMatchObject({ page: 1, seeking: null, selectFirst: true });
    state = run(state, loaded(1, 2, ['30', '29']));
    expect(state).toMatchObject({ selectedId: '30', expanded: true });

    const onePage = run(initialBrowserState('404'), loaded(1, 1, ['5', '4']));
    expect(onePage).toMatchObject({ page: 1, selectedId: '5', expanded: true });
  });

  it('collapses the open item when it is chosen again, and reopens it on a third choice', () => {
    let state = run(initialBrowserState(null), loaded(1, 1, ['3', '2', '1']));
    state = run(state, { type: 'choose', id: '2' });
    expect(state).toMatchObject({ selectedId: '2', expanded: true });
    state = run(state, { type: 'choose', id: '2' });
    expect(state).toMatchObject({ selectedId: '2', expanded: false });
    state = run(state, { type: 'choose', id: '2' });
    expect(state).toMatchObject({ selectedId: '2', expanded: true });
  });

  it('selects the first item of a page the visitor turns to', () => {
    let state = run(initialBrowserState(null), loaded(1, 2, ['3', '2']), { type: 'choose', id: '2' });
    state = run(state, { type: 'goToPage', page: 2 });
    expect(state).toMatchObject({ page: 2, selectedId: '2' });
    state = run(state, loaded(2, 2, ['1', '0']));
    expect(state).toMatchObject({ page: 2, selectedId: '1', expanded: true });
    state = run(state, { type: 'goToPage', page: 1 }, loaded(1, 2, ['3', '2']));
    expect(state).toMatchObject({ page: 1, selectedId: '3', expanded: true });
  });

  it('ignores the answer for a page it has already left', () => {
    const state = run(initialBrowserState(null), { type: 'goToPage', page: 2 }, loaded(1, 2, ['3', '2']));
    expect(state).toMatchObject({ page: 2, selectedId: null, selectFirst: true });
  });

  it('stays put when asked for the current page or an impossible one', () => {
    const state = run(initialBrowserState(null), loaded(1, 2, ['3', '2']), { type: 'choose', id: '2' });
    expect(run(state, { type: 'goToPage', page: 1 })).toBe(state);
    expect(run(state, { type: 'goToPage', page: 0 })).toBe(state);
  });
});
