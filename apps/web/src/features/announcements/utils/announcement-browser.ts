/**
 * What the announcement popup shows (SPEC §2 "Announcement popup"), as a pure state machine:
 * - it opens on the announcement chosen on the home page, looking for it page by page if needed;
 * - choosing an item shows its title and text; choosing the open item again collapses it;
 * - changing page selects that page's first item.
 */
export type BrowserState = {
  page: number;
  selectedId: string | null;
  expanded: boolean;
  /** The announcement to open once found; the pages are walked until it is. */
  seeking: string | null;
  /** Select the first item of the page once it has loaded (a page change, or opening without a choice). */
  selectFirst: boolean;
};

export type BrowserAction =
  | { type: 'loaded'; pageNum: number; totalPages: number; ids: readonly string[] }
  | { type: 'goToPage'; page: number }
  | { type: 'choose'; id: string };

export function initialBrowserState(initialId: string | null): BrowserState {
  return { page: 1, selectedId: null, expanded: false, seeking: initialId, selectFirst: initialId === null };
}

function selectFirstOf(state: BrowserState, ids: readonly string[]): BrowserState {
  const first = ids[0] ?? null;
  return { ...state, seeking: null, selectFirst: false, selectedId: first, expanded: first !== null };
}

export function browserReducer(state: BrowserState, action: BrowserAction): BrowserState {
  switch (action.type) {
    case 'loaded': {
      // A late answer for a page the visitor already left changes nothing.
      if (action.pageNum !== state.page) return state;
      if (state.seeking !== null) {
        if (action.ids.includes(state.seeking)) {
          return { ...state, selectedId: state.seeking, expanded: true, seeking: null, selectFirst: false };
        }
        if (action.pageNum < action.totalPages) return { ...state, page: action.pageNum + 1 };
        // Not found anywhere (withdrawn since the marquee loaded): show the newest instead.
        if (action.pageNum === 1) return selectFirstOf(state, action.ids);
        return { ...state, page: 1, seeking: null, selectFirst: true };
      }
      return state.selectFirst ? selectFirstOf(state, action.ids) : state;
    }
    case 'goToPage':
      if (action.page === state.page || action.page < 1) return state;
      return { ...state, page: action.page, seeking: null, selectFirst: true };
    case 'choose':
      if (action.id === state.selectedId && state.expanded) return { ...state, expanded: false };
      return { ...state, selectedId: action.id, expanded: true };
    default:
      return state;
  }
}
