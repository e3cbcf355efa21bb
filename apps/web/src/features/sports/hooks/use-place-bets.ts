import { potentialReturnMinor } from '@lotus/games/sports/bet-maths';
import type { AcceptRule, SportsBet } from '@lotus/shared/sportsbook.schema';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { newIdempotencyKey } from '../../../lib/money/money.ts';
import { invalidateWallet } from '../../../lib/wallet/use-wallet-queries.ts';
import { placeBet } from '../api/bets.ts';
import { sportsKeys } from '../api/keys.ts';
import { useBetSlip } from './bet-slip-store.ts';
import { useSportsSession } from './use-sports-session.ts';

export type PlannedBet = {
  kind: 'single' | 'multi';
  stakeMinor: bigint;
  legs: { selectionId: string; oddsMilli: number }[];
};

export type BetsIntent = {
  bets: PlannedBet[];
  acceptRule: AcceptRule;
  totalMinor: bigint;
  returnMinor: bigint;
};

/** A leg whose price the book no longer takes as seen (`sportsbook_odds_changed`): old → new. */
export type OddsChange = { selectionId: string; fromMilli: number; toMilli: number; active: boolean };

/** The current odds a `sportsbook_odds_changed` refusal carries in its details, by selection. */
export function changesOf(error: unknown, intent: BetsIntent): OddsChange[] {
  if (!(error instanceof ApiError) || error.code !== 'sportsbook_odds_changed') return [];
  const legs = Array.isArray(error.value?.legs) ? (error.value.legs as unknown[]) : [];
  const seen = new Map(intent.bets.flatMap((bet) => bet.legs.map((leg) => [leg.selectionId, leg.oddsMilli])));
  const changes: OddsChange[] = [];
  for (const leg of legs) {
    const { selectionId, oddsMilli, active } = (leg ?? {}) as Record<string, unknown>;
    if (typeof selectionId !== 'string' || typeof oddsMilli !== 'number') continue;
    const fromMilli = seen.get(selectionId);
    if (fromMilli === undefined) continue;
    if (fromMilli !== oddsMilli || active === false) {
      changes.push({ selectionId, fromMilli, toMilli: oddsMilli, active: active !== false });
    }
  }
  return changes;
}

/**
 * The slip's money call from confirm to result. One confirm makes one key; bet n of it is sent with
 * requestId `<key>-<n>`, so a retry after a lost answer replays what was placed instead of placing it twice,
 * and a bet already placed is not sent again. On `sportsbook_odds_changed` the slip takes the book's new
 * prices and the dialog shows old → new: accepting them is a new intent (a new key) sent at once.
 */
export function usePlaceBets(gameCode: string) {
  const queryClient = useQueryClient();
  const { withSession } = useSportsSession(gameCode);
  const [intent, setIntent] = useState<BetsIntent | null>(null);
  const keyRef = useRef('');
  const placedRef = useRef(new Set<number>());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [changes, setChanges] = useState<OddsChange[]>([]);
  const [placed, setPlaced] = useState<{ bets: SportsBet[]; balanceMinor: string } | null>(null);

  const open = useCallback((next: BetsIntent) => {
    keyRef.current = newIdempotencyKey();
    placedRef.current = new Set();
    setIntent(next);
    setError(null);
    setChanges([]);
  }, []);

  const cancel = useCallback(() => {
    if (busy) return;
    setIntent(null);
    setError(null);
    setChanges([]);
  }, [busy]);

  const send = useCallback(
    async (current: BetsIntent) => {
      setBusy(true);
      setError(null);
      setChanges([]);
      const done: SportsBet[] = [];
      let balanceMinor = '';
      try {
        for (const [index, bet] of current.bets.entries()) {
          if (placedRef.current.has(index)) continue;
          const body = {
            requestId: `${keyRef.current}-${index}`,
            kind: bet.kind,
            stakeMinor: String(bet.stakeMinor),
            acceptRule: current.acceptRule,
            legs: bet.legs,
          };
          const answer = await withSession((token) => placeBet(body, token));
          placedRef.current.add(index);
          done.push(answer.bet);
          balanceMinor = answer.balanceMinor;
          const slip = useBetSlip.getState();
          if (bet.kind === 'multi') slip.clear();
          else for (const leg of bet.legs) slip.remove(leg.selectionId);
        }
        setIntent(null);
        setPlaced({ bets: done, balanceMinor });
      } catch (failure) {
        setError(failure);
        const moved = changesOf(failure, current);
        setChanges(moved);
        if (moved.length > 0) {
          useBetSlip
            .getState()
            .updatePrices(
              new Map(
                moved.map((change) => [
                  change.selectionId,
                  { oddsMilli: change.toMilli, open: change.active },
                ]),
              ),
            );
        }
        if (done.length > 0) setPlaced({ bets: done, balanceMinor });
      } finally {
        setBusy(false);
        void queryClient.invalidateQueries({ queryKey: [...sportsKeys.all, 'bets'] });
        void invalidateWallet(queryClient);
      }
    },
    [withSession, queryClient],
  );

  const confirm = useCallback(() => {
    if (intent && !busy) void send(intent);
  }, [intent, busy, send]);

  /** Takes the book's new prices for the bets not yet placed: a new intent, confirmed by this click. */
  const acceptChanges = useCallback(() => {
    if (!intent || busy || changes.some((change) => !change.active)) return;
    const price = new Map(changes.map((change) => [change.selectionId, change.toMilli]));
    const remaining = intent.bets
      .filter((_, index) => !placedRef.current.has(index))
      .map((bet) => ({
        ...bet,
        legs: bet.legs.map((leg) => ({ ...leg, oddsMilli: price.get(leg.selectionId) ?? leg.oddsMilli })),
      }));
    const returnMinor = remaining.reduce(
      (sum, bet) =>
        sum +
        potentialReturnMinor(
          bet.stakeMinor,
          bet.legs.map((leg) => leg.oddsMilli),
        ),
      0n,
    );
    const totalMinor = remaining.reduce((sum, bet) => sum + bet.stakeMinor, 0n);
    const next = { ...intent, bets: remaining, totalMinor, returnMinor };
    keyRef.current = newIdempotencyKey();
    placedRef.current = new Set();
    setIntent(next);
    useBetSlip.getState().acceptPrices();
    void send(next);
  }, [intent, busy, changes, send]);

  return {
    pending: intent,
    busy,
    error,
    changes,
    placed,
    open,
    cancel,
    confirm,
    acceptChanges,
    dismissPlaced: () => setPlaced(null),
  };
}
