import { describe, expect, it } from 'vitest';
import { compareHands, deckCard, rankHand, type TeenPattiCategory } from './teen-patti-hands.ts';
import { cards } from './test-kit.ts';

describe('Teen Patti hands', () => {
  it('counts every category over the C(52,3) = 22,100 hands', () => {
    const counts: Record<TeenPattiCategory, number> = {
      trail: 0,
      'pure-sequence': 0,
      sequence: 0,
      colour: 0,
      pair: 0,
      'high-card': 0,
    };
    let total = 0;
    for (let i = 0; i < 52; i++)
      for (let j = i + 1; j < 52; j++)
        for (let k = j + 1; k < 52; k++) {
          counts[rankHand([deckCard(i), deckCard(j), deckCard(k)]).category]++;
          total++;
        }
    expect(total).toBe(22_100);
    expect(counts).toEqual({
      trail: 52,
      'pure-sequence': 48,
      sequence: 720,
      colour: 1_096,
      pair: 3_744,
      'high-card': 16_440,
    });
  });

  it('ranks hand-checked examples in order, best first', () => {
    const order = [
      'As Ah Ad', // trail of aces
      'Ks Kh Kd',
      '2s 2h 2d', // lowest trail beats every pure sequence
      'As Ks Qs', // A-K-Q pure sequence
      'As 2s 3s', // A-2-3 second
      'Kh Qh Jh',
      '4c 3c 2c', // lowest pure sequence
      'Ah Kd Qs', // A-K-Q run
      'Ah 2d 3s', // A-2-3 run second
      'Kh Qd Js',
      '4h 3d 2s',
      'Ah Kh Jh', // best colour
      'Ah 4h 2h', // ace high beats any king-high colour
      'Kd Qd 9d',
      '5c 3c 2c', // lowest colour
      'As Ah Kd', // pair of aces, king kicker
      'As Ah 2d',
      'Ks Kh Ad',
      '2s 2h Ad',
      '2s 2h 3d', // lowest pair
      'As Kd Jh', // best high card
      'As 4d 2h',
      'Ks Qd Th',
      '5s 3d 2h', // the worst hand
    ];
    for (let i = 0; i + 1 < order.length; i++) {
      const better = cards(order[i] ?? '');
      const worse = cards(order[i + 1] ?? '');
      expect(compareHands(better, worse), `${order[i]} > ${order[i + 1]}`).toBe(1);
      expect(compareHands(worse, better)).toBe(-1);
    }
  });

  it('splits equal hands whatever their suits', () => {
    expect(compareHands(cards('As Kd Qh'), cards('Ac Kh Qd'))).toBe(0);
    expect(compareHands(cards('9s 9d 4h'), cards('9c 9h 4s'))).toBe(0);
    expect(compareHands(cards('Ks 8s 3s'), cards('Kh 8h 3h'))).toBe(0);
    expect(compareHands(cards('As 2d 3h'), cards('Ac 2h 3d'))).toBe(0);
  });

  it('reads aces high outside runs and K-A-2 as no run', () => {
    expect(rankHand(cards('Ks As 2d')).category).toBe('high-card');
    expect(rankHand(cards('Qs Kd As')).category).toBe('sequence');
    expect(compareHands(cards('As 7d 5h'), cards('Ks Qd Jc'))).toBe(-1); // a run beats ace high
    expect(compareHands(cards('As 7d 5h'), cards('Ks Qd 9c'))).toBe(1);
  });
});
