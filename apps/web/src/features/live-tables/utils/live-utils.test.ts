import { sha256Hex } from '@lotus/games/fair';
import { shuffleShoe } from '@lotus/games/live/shoe';
import { LIVE_BET_KINDS, LIVE_TABLE_KINDS, type LiveVerify, liveSpotSchema } from '@lotus/shared/live.schema';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { liveKeys } from '../api/keys.ts';
import { applyLiveTablePush } from '../hooks/use-live-tables-live.ts';
import { makeTable } from '../test/live-fixtures.ts';
import { spotKind, spotsOf } from './spots.ts';
import { verifyRound } from './verify.ts';

describe('live tables utils', () => {
  it('offers only spots the contract takes, of the table kind’s bet kinds', () => {
    for (const kind of LIVE_TABLE_KINDS) {
      const spots = spotsOf(kind);
      expect(new Set(spots.map((s) => s.spot)).size).toBe(spots.length);
      for (const { spot } of spots) {
        expect(liveSpotSchema.safeParse(spot).success, spot).toBe(true);
        expect(LIVE_BET_KINDS[kind] as readonly string[]).toContain(spotKind(spot));
      }
    }
    expect(spotsOf('roulette')).toHaveLength(37 + 3 + 3 + 6);
    expect(spotsOf('sic-bo')).toHaveLength(5 + 14 + 6 * 3 + 15);
  });

  it('verifies a shoe in the browser once its seed is out, and refuses a wrong one', () => {
    const seed = 'c0ffee'.repeat(10);
    const cards = shuffleShoe(seed, 8).slice(0, 6);
    const data: LiveVerify = {
      roundId: '1',
      roundNo: 1,
      tableCode: 'baccarat-1',
      kind: 'baccarat',
      phase: 'result',
      outcome: null,
      shoe: {
        shoeId: '1',
        shoeNo: 1,
        decks: 8,
        commitment: sha256Hex(seed),
        seed: null,
        revealedAt: null,
        shoeCards: cards,
        firstCard: 0,
        cardCount: 6,
      },
    };
    expect(verifyRound(data)).toBe('pending');
    expect(verifyRound({ ...data, shoe: { ...data.shoe, seed } })).toBe('verified');
    const swapped = [cards[1], cards[0], ...cards.slice(2)].filter((card) => card !== undefined);
    const same = swapped[0]?.rank === swapped[1]?.rank && swapped[0]?.suit === swapped[1]?.suit;
    if (!same)
      expect(verifyRound({ ...data, shoe: { ...data.shoe, seed, shoeCards: swapped } })).toBe('failed');
    expect(verifyRound({ ...data, shoe: { ...data.shoe, seed: `${seed}0` } })).toBe('failed');
  });

  it('writes a push into the table and the lobby, keeping older results the table had', () => {
    const client = new QueryClient();
    const before = makeTable();
    client.setQueryData(liveKeys.table('baccarat-1'), before);
    client.setQueryData(liveKeys.tables, [before]);
    const newer = {
      ...before.lastResults[0],
      roundId: '41',
      roundNo: 41,
    } as (typeof before.lastResults)[number];
    applyLiveTablePush(client, { ...before, phase: 'result', players: 5, lastResults: [newer] });
    const table = client.getQueryData<typeof before>(liveKeys.table('baccarat-1'));
    expect(table?.lastResults.map((r) => r.roundId)).toEqual(['41', '40']);
    const lobby = client.getQueryData<(typeof before)[]>(liveKeys.tables);
    expect(lobby?.[0]?.players).toBe(5);
    expect(lobby?.[0]).not.toHaveProperty('round');
  });
});
