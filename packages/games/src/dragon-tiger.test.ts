import { describe, expect, it } from 'vitest';
import {
  dragonTigerExactRtp,
  playDragonTiger,
  SHOE_SIZE,
  settleDragonTiger,
  shoeCard,
} from './dragon-tiger.ts';
import { createDraws } from './fair.ts';

describe('shoe', () => {
  it('holds 8 decks: every rank and suit 8 times, ace low', () => {
    const seen = new Map<string, number>();
    for (let i = 0; i < SHOE_SIZE; i++) {
      const c = shoeCard(i);
      seen.set(`${c.rank}/${c.suit}`, (seen.get(`${c.rank}/${c.suit}`) ?? 0) + 1);
    }
    expect(seen.size).toBe(52);
    expect([...seen.values()].every((n) => n === 8)).toBe(true);
    expect(shoeCard(0)).toEqual({ rank: 1, suit: 0 });
    expect(shoeCard(12)).toEqual({ rank: 13, suit: 0 });
    expect(shoeCard(13)).toEqual({ rank: 1, suit: 1 });
  });
});

describe('settleDragonTiger', () => {
  const bets = [
    { side: 'dragon' as const, amountMinor: '1001' },
    { side: 'tiger' as const, amountMinor: '2000' },
    { side: 'tie' as const, amountMinor: '1000' },
  ];

  it('draws tiger from the 415 cards left after dragon', () => {
    // Dragon takes shoe card 0 (A♠); tiger's draw 0 is then shoe card 1 (2♠): tiger wins, ace is low.
    const o = settleDragonTiger(bets, 0, 0);
    expect([o.dragon, o.tiger, o.winner]).toEqual([{ rank: 1, suit: 0 }, { rank: 2, suit: 0 }, 'tiger']);
    expect(o.bets.map((b) => b.payMinor)).toEqual(['0', '4000', '0']);
    expect(settleDragonTiger(bets, 5, 3).tiger).toEqual(shoeCard(3));
  });

  it('on a tie returns half of dragon and tiger (rounded down) and pays tie 8:1', () => {
    // Shoe cards 0 and 52 are both A♠ of different decks.
    const o = settleDragonTiger(bets, 0, 51);
    expect(o.winner).toBe('tie');
    expect(o.bets.map((b) => b.payMinor)).toEqual(['500', '1000', '9000']);
    expect(o.stakeMinor).toBe('4001');
    expect(o.totalPayMinor).toBe('10500');
  });

  it('plays from the round draws deterministically', () => {
    const inputs = { serverSeed: '0'.repeat(64), clientSeed: 'dt', nonce: 12 };
    const d = createDraws(inputs);
    expect(playDragonTiger(bets, inputs)).toEqual(settleDragonTiger(bets, d.int(416), d.int(415)));
  });
});

describe('dragonTigerExactRtp', () => {
  it('enumerates all 416 × 415 draws: dragon and tiger 799/830, tie 279/415', () => {
    const of = (side: 'dragon' | 'tiger' | 'tie') => {
      const r = dragonTigerExactRtp([{ side, amountMinor: '1000' }]);
      return [r.numerator, r.denominator];
    };
    expect(of('dragon')).toEqual([799n, 830n]);
    expect(of('tiger')).toEqual([799n, 830n]);
    expect(of('tie')).toEqual([279n, 415n]);
  });
});
