import { describe, expect, it } from 'vitest';
import { FISHING_TITLES } from '../fishing/titles.ts';
import { chiSquareFits99 } from '../live/chi-square.ts';
import { declaredRtp, INHOUSE_GAMES } from '../play.ts';
import { STUDIO_SLOTS } from '../slots/studio-slots.ts';
import type { InHouseGameCode } from '../types.ts';
import { playStudioAndarBahar, playStudioBaccarat, playStudioSicBo, tableGameRtps } from './table-games.ts';

const seed = 'c3'.repeat(32);
const at = (nonce: number) => ({ serverSeed: seed, clientSeed: 'studio', nonce });

describe('studio table games', () => {
  it('deals a baccarat coup by the drawing rules: 4 to 6 distinct-position cards, points and pays agree', () => {
    for (let nonce = 0; nonce < 2000; nonce++) {
      const o = playStudioBaccarat([{ kind: 'player', amountMinor: '1000' }], at(nonce));
      expect(o.player.length + o.banker.length).toBeGreaterThanOrEqual(4);
      expect(o.player.length + o.banker.length).toBeLessThanOrEqual(6);
      const pts = (cards: { rank: number }[]) =>
        cards.reduce((a, c) => a + (c.rank >= 10 ? 0 : c.rank), 0) % 10;
      expect(pts(o.player)).toBe(o.playerPoints);
      expect(pts(o.banker)).toBe(o.bankerPoints);
      const expected = o.winner === 'player' ? '2000' : o.winner === 'tie' ? '1000' : '0';
      expect(o.totalPayMinor).toBe(expected);
    }
  });

  it('deals andar bahar until the joker rank comes, alternating from andar', () => {
    const winners = { andar: 0, bahar: 0 };
    for (let nonce = 0; nonce < 4000; nonce++) {
      const o = playStudioAndarBahar([{ side: 'bahar', amountMinor: '1000' }], at(nonce));
      const all = [o.joker, ...o.andar, ...o.bahar].map((c) => `${c.rank}:${c.suit}`);
      expect(new Set(all).size).toBe(all.length);
      expect(o.andar.length - o.bahar.length).toBe(o.winner === 'andar' ? 1 : 0);
      const last = o.winner === 'andar' ? o.andar.at(-1) : o.bahar.at(-1);
      expect(last?.rank).toBe(o.joker.rank);
      winners[o.winner]++;
      expect(o.totalPayMinor).toBe(o.winner === 'bahar' ? '2000' : '0');
    }
    // Andar's exact chance is ≈ 0.5152 (live/andar-bahar.ts andarBaharOdds).
    const fit = chiSquareFits99('andar bahar winners', [winners.andar, winners.bahar], [0.515_16, 0.484_84]);
    expect(fit.ok, fit.report).toBe(true);
  });

  it('rolls sic bo dice uniformly and settles the total', () => {
    const faces = [0, 0, 0, 0, 0, 0];
    for (let nonce = 0; nonce < 3000; nonce++) {
      const o = playStudioSicBo([{ kind: 'big', numbers: [], amountMinor: '1000' }], at(nonce));
      for (const d of o.dice) faces[d - 1] = (faces[d - 1] ?? 0) + 1;
      expect(o.total).toBe(o.dice[0] + o.dice[1] + o.dice[2]);
    }
    const fit = chiSquareFits99(
      'sic bo faces',
      faces,
      [1, 1, 1, 1, 1, 1].map((x) => x / 6),
    );
    expect(fit.ok, fit.report).toBe(true);
  });
});

describe('declared RTPs come from the maths', () => {
  it('every studio game declares a figure its maths computes', () => {
    const rtps = tableGameRtps();
    const expected: Record<InHouseGameCode, number> = {
      ...(Object.fromEntries(
        Object.entries(STUDIO_SLOTS).map(([code, t]) => [code, t.declaredRtp]),
      ) as Record<string, number>),
      'european-roulette': 0.973,
      'dragon-tiger': 0.9627,
      'sic-bo': rtps['sic-bo'].declared,
      baccarat: rtps.baccarat.declared,
      'andar-bahar': rtps['andar-bahar'].declared,
      ...(Object.fromEntries(
        Object.entries(FISHING_TITLES).map(([code, title]) => [code, title.declaredRtp]),
      ) as Record<string, number>),
    } as Record<InHouseGameCode, number>;
    for (const code of Object.keys(INHOUSE_GAMES) as InHouseGameCode[]) {
      expect(declaredRtp(code), code).toBe(expected[code]);
    }
    // Published figures of these rules: sic bo small 97.22 %, baccarat banker 98.94 %, bahar 97.00 %.
    expect(rtps['sic-bo'].declared).toBe(0.9722);
    expect(rtps.baccarat.declared).toBe(0.9894);
    expect(rtps.baccarat.bets.player).toBe(0.9876);
    expect(rtps['andar-bahar'].declared).toBe(0.97);
  });
});
