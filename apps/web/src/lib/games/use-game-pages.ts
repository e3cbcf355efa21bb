import type { GameCard } from '@lotus/shared/games.schema';
import { type QueryKey, useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { toBrandLanguage } from '../i18n.ts';
import { useTranslation } from '../i18n-react.tsx';
import { useSessionStore } from '../session/session-store.ts';

/** One page of any game list, whatever the call names its fields (list / content, pageNum / page). */
export type GamePage = { cards: GameCard[]; pageNum: number; totalPages: number; total: number };

/** SPEC §4 "Paging: hasMore when current page below totalPages": the next page to ask for, if any. */
export function nextPageOf(page: Pick<GamePage, 'pageNum' | 'totalPages'>): number | undefined {
  return page.pageNum < page.totalPages ? page.pageNum + 1 : undefined;
}

/** A list served whole (hot, popular, a lane) as the one page of a paged list. */
export function singlePage(cards: GameCard[]): GamePage {
  return { cards, pageNum: 1, totalPages: cards.length > 0 ? 1 : 0, total: cards.length };
}

export type GamePages = {
  status: 'pending' | 'error' | 'success';
  cards: GameCard[];
  total: number;
  hasMore: boolean;
  loadingMore: boolean;
  /** The next page failed: the cards loaded so far stay, the button offers to try again. */
  moreFailed: boolean;
  loadMore: () => void;
  retry: () => void;
};

/**
 * A game list paged with "load more" (SPEC §9: 20 a page, 24 in search): pages accumulate under one key;
 * a game that moved between pages while the player read is shown once.
 */
export function useGamePages({
  queryKey,
  fetchPage,
  enabled = true,
}: {
  queryKey: QueryKey;
  fetchPage: (pageNo: number, signal: AbortSignal) => Promise<GamePage>;
  enabled?: boolean;
}): GamePages {
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    enabled,
  });
  const { data, fetchNextPage, refetch } = query;
  const cards = useMemo(() => {
    const seen = new Set<string>();
    const all: GameCard[] = [];
    for (const page of data?.pages ?? []) {
      for (const card of page.cards) {
        if (seen.has(card.nodeId)) continue;
        seen.add(card.nodeId);
        all.push(card);
      }
    }
    return all;
  }, [data]);
  const last = data?.pages.at(-1);
  return {
    status: query.status,
    cards,
    total: last?.total ?? 0,
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    moreFailed: query.isFetchNextPageError,
    loadMore: () => void fetchNextPage(),
    retry: () => void refetch(),
  };
}

/** The brand language code ('EN', 'HI') the catalogue calls take: names come back in it. */
export function useGamesLanguage(): string {
  const { i18n } = useTranslation();
  return toBrandLanguage(i18n.language);
}

/** Whether a session token exists (member info may still be loading). */
export function useLoggedIn(): boolean {
  return useSessionStore((state) => state.token !== null);
}

export function useGameLanguageAndSession(): { language: string; loggedIn: boolean } {
  return { language: useGamesLanguage(), loggedIn: useLoggedIn() };
}
