import type { BetRecord, BetRecords } from '@lotus/shared/games.schema';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { useSessionStore } from '../../../lib/session/session-store.ts';

export type { BetRecord, BetRecords };

export type BetRecordsQuery = {
  /** A game type code (RNG, LIVE, ...), or null for every type. */
  gameType: string | null;
  /** `yyyy-MM-dd` in the brand's day, both inclusive, at most 92 days apart (the server refuses more). */
  startDate: string;
  endDate: string;
  pageNo: number;
  pageSize: number;
  /** Upper-case brand language code: game names come back in it, else English. */
  language: string;
};

/**
 * GET /wps/member/betRecords (docs/games-contract.md): the player's rounds, newest first, with totals over
 * the whole filter. Typed, not zod-parsed, like every browser call (lib/api-client.ts); money stays in
 * strings of minor units.
 */
export function getBetRecords(query: BetRecordsQuery, signal?: AbortSignal): Promise<BetRecords> {
  const params = new URLSearchParams({
    startDate: query.startDate,
    endDate: query.endDate,
    pageNo: String(query.pageNo),
    pageSize: String(query.pageSize),
    language: query.language,
  });
  if (query.gameType) params.set('gameType', query.gameType);
  return apiGet<BetRecords>(`/wps/member/betRecords?${params}`, signal ? { signal } : {});
}

/**
 * Under ['member'], which logging in or out forgets, so one player's rounds never show to the next. The
 * previous page stays on screen while the next loads; always refetched on arrival (rounds keep settling).
 */
export function useBetRecords(query: BetRecordsQuery) {
  const hasSession = useSessionStore((state) => state.token !== null);
  return useQuery({
    queryKey: ['member', 'betRecords', query],
    queryFn: ({ signal }) => getBetRecords(query, signal),
    enabled: hasSession,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
