import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Hmac } from './fair.ts';
import { GameRuleError, INHOUSE_GAMES, playRound, validateBet, verifyRound } from './play.ts';
import type { GameBet } from './types.ts';

const nodeHmac: Hmac = (key, message) => createHmac('sha256', key).update(message).digest();
const inputs = { serverSeed: '9a'.repeat(32), clientSeed: 'lucky', nonce: 41 };

const rounds: [string, GameBet][] = [
  ['lotus-fortune', { game: 'slot', betMinor: '1000' }],
  ['tiger-temple', { game: 'slot', betMinor: '500' }],
  ['monsoon-gems', { game: 'slot', betMinor: '10000' }],
  ['rajahs-ways', { game: 'slot', betMinor: '1000' }],
  ['maharani-1024', { game: 'slot', betMinor: '500' }],
  ['mumbai-cascade', { game: 'slot', betMinor: '2000' }],
  ['holi-cascade', { game: 'slot', betMinor: '100' }],
  ['golden-diya', { game: 'slot', betMinor: '1000' }],
  ['lakshmi-coins', { game: 'slot', betMinor: '10000' }],
  [
    'sic-bo',
    {
      game: 'sic-bo',
      bets: [
        { kind: 'small', numbers: [], amountMinor: '1000' },
        { kind: 'combination', numbers: [2, 5], amountMinor: '2000' },
        { kind: 'single', numbers: [3], amountMinor: '1000' },
      ],
    },
  ],
  [
    'baccarat',
    {
      game: 'baccarat',
      bets: [
        { kind: 'banker', amountMinor: '1000' },
        { kind: 'player-pair', amountMinor: '1000' },
      ],
    },
  ],
  ['andar-bahar', { game: 'andar-bahar', bets: [{ side: 'andar', amountMinor: '1500' }] }],
  [
    'european-roulette',
    {
      game: 'roulette',
      bets: [
        { kind: 'corner', numbers: [8, 9, 11, 12], amountMinor: '1000' },
        { kind: 'even', numbers: [], amountMinor: '5000' },
      ],
    },
  ],
  [
    'dragon-tiger',
    {
      game: 'dragon-tiger',
      bets: [
        { side: 'dragon', amountMinor: '1000' },
        { side: 'tie', amountMinor: '1000' },
      ],
    },
  ],
];

function ruleError(f: () => unknown): string {
  try {
    f();
  } catch (error) {
    if (error instanceof GameRuleError) return error.code;
    throw error;
  }
  return 'accepted';
}

describe('INHOUSE_GAMES', () => {
  it('lists the seventeen studio games with names and limits', () => {
    expect(Object.keys(INHOUSE_GAMES).sort()).toEqual([
      'andar-bahar',
      'baccarat',
      'deep-sea-hunt',
      'dragon-tiger',
      'european-roulette',
      'golden-diya',
      'holi-cascade',
      'lakshmi-coins',
      'lotus-fortune',
      'lotus-reef',
      'maharani-1024',
      'monsoon-gems',
      'mumbai-cascade',
      'ocean-king',
      'rajahs-ways',
      'sic-bo',
      'tiger-temple',
    ]);
    const byType = (type: string) =>
      Object.values(INHOUSE_GAMES)
        .filter((g) => g.gameType === type)
        .map((g) => g.code);
    expect(byType('TG')).toEqual(['european-roulette', 'sic-bo', 'baccarat']);
    expect(byType('PVP')).toEqual(['dragon-tiger', 'andar-bahar']);
    expect(byType('FISH')).toEqual(['ocean-king', 'lotus-reef', 'deep-sea-hunt']);
    expect(
      Object.values(INHOUSE_GAMES)
        .filter((g) => g.jackpot)
        .map((g) => g.code),
    ).toEqual(['lotus-fortune', 'golden-diya', 'lakshmi-coins']);
    expect(INHOUSE_GAMES['ocean-king']).toMatchObject({
      game: 'fishing',
      gameType: 'FISH',
      minBetMinor: '10',
      maxBetMinor: '10000',
    });
    expect(() => validateBet('ocean-king', { game: 'slot', betMinor: '10' })).toThrow(GameRuleError);
    expect(INHOUSE_GAMES['lotus-fortune']).toMatchObject({
      gameType: 'RNG',
      minBetMinor: '100',
      maxBetMinor: '10000',
    });
    expect(INHOUSE_GAMES['european-roulette']).toMatchObject({
      gameType: 'TG',
      minBetMinor: '1000',
      maxBetMinor: '500000',
      maxTotalMinor: '2000000',
    });
    expect(INHOUSE_GAMES['dragon-tiger']).toMatchObject({ minBetMinor: '1000', maxBetMinor: '1000000' });
    for (const g of Object.values(INHOUSE_GAMES)) expect(g.names.en && g.names.hi).toBeTruthy();
  });
});

describe('playRound and verifyRound', () => {
  it.each(rounds)(
    '%s: same inputs give the same outcome, which verifies after a JSON round trip',
    (code, bet) => {
      const outcome = playRound(code, bet, inputs, nodeHmac);
      expect(playRound(code, bet, inputs)).toEqual(outcome);
      const stored = JSON.parse(JSON.stringify(outcome));
      expect(verifyRound(code, bet, inputs, stored)).toBe(true);
      expect(verifyRound(code, bet, { ...inputs, nonce: inputs.nonce + 1 }, stored)).toBe(
        JSON.stringify(playRound(code, bet, { ...inputs, nonce: inputs.nonce + 1 })) ===
          JSON.stringify(outcome),
      );
    },
  );

  it.each(rounds)('%s: a tampered outcome does not verify', (code, bet) => {
    const stored = JSON.parse(JSON.stringify(playRound(code, bet, inputs)));
    expect(
      verifyRound(code, bet, inputs, { ...stored, totalPayMinor: String(BigInt(stored.totalPayMinor) + 1n) }),
    ).toBe(false);
    const extra = { ...stored, note: 1 };
    expect(verifyRound(code, bet, inputs, extra)).toBe(false);
    expect(verifyRound(code, bet, inputs, null)).toBe(false);
    if (stored.game === 'slot') {
      const base = { ...stored.base, stops: stored.base.stops.map((s: number) => s + 1) };
      expect(verifyRound(code, bet, inputs, { ...stored, base })).toBe(false);
    } else if (stored.game === 'roulette') {
      expect(verifyRound(code, bet, inputs, { ...stored, pocket: (stored.pocket + 1) % 37 })).toBe(false);
    } else if (stored.game === 'sic-bo') {
      const dice = [(stored.dice[0] % 6) + 1, stored.dice[1], stored.dice[2]];
      expect(verifyRound(code, bet, inputs, { ...stored, dice })).toBe(false);
    } else if (stored.game === 'baccarat') {
      const player = [
        { ...stored.player[0], suit: (stored.player[0].suit + 1) % 4 },
        ...stored.player.slice(1),
      ];
      expect(verifyRound(code, bet, inputs, { ...stored, player })).toBe(false);
    } else if (stored.game === 'andar-bahar') {
      expect(
        verifyRound(code, bet, inputs, {
          ...stored,
          joker: { ...stored.joker, suit: (stored.joker.suit + 1) % 4 },
        }),
      ).toBe(false);
    } else {
      expect(
        verifyRound(code, bet, inputs, {
          ...stored,
          dragon: { ...stored.dragon, suit: (stored.dragon.suit + 1) % 4 },
        }),
      ).toBe(false);
    }
  });

  it('does not verify a round against another bet or a refused bet', () => {
    const stored = playRound('lotus-fortune', { game: 'slot', betMinor: '1000' }, inputs);
    expect(verifyRound('lotus-fortune', { game: 'slot', betMinor: '2000' }, inputs, stored)).toBe(false);
    expect(verifyRound('lotus-fortune', { game: 'slot', betMinor: '3' }, inputs, stored)).toBe(false);
    expect(verifyRound('tiger-temple', { game: 'slot', betMinor: '1000' }, inputs, stored)).toBe(false);
  });
});

describe('bet rules', () => {
  const roulette = (bets: { kind: string; numbers: number[]; amountMinor: string }[]) =>
    ruleError(() => validateBet('european-roulette', { game: 'roulette', bets } as GameBet));
  const dragonTiger = (bets: { side: string; amountMinor: string }[]) =>
    ruleError(() => validateBet('dragon-tiger', { game: 'dragon-tiger', bets } as GameBet));
  const sides = (code: string, game: string, bets: unknown[]) =>
    ruleError(() => validateBet(code, { game, bets } as GameBet));
  const slot = (betMinor: string, code = 'lotus-fortune') =>
    ruleError(() => validateBet(code, { game: 'slot', betMinor }));

  it('checks slot bets against the title', () => {
    expect(slot('100')).toBe('accepted');
    expect(slot('10000')).toBe('accepted');
    expect(slot('300')).toBe('bet_invalid');
    expect(slot('50')).toBe('bet_limit');
    expect(slot('20000')).toBe('bet_limit');
    expect(slot('0')).toBe('bet_invalid');
    expect(slot('1e3')).toBe('bet_invalid');
    expect(slot('-100')).toBe('bet_invalid');
    expect(ruleError(() => playRound('lotus-fortune', { game: 'roulette', bets: [] }, inputs))).toBe(
      'bet_invalid',
    );
    expect(ruleError(() => playRound('no-such-game', { game: 'slot', betMinor: '100' }, inputs))).toBe(
      'bet_invalid',
    );
  });

  it('checks roulette bets: real positions, 10.00 to 5,000.00 per spot, 20,000.00 a spin', () => {
    const bet = (kind: string, numbers: number[], amountMinor = '1000') => ({ kind, numbers, amountMinor });
    expect(roulette([bet('split', [0, 2]), bet('line', [31, 32, 33, 34, 35, 36], '500000')])).toBe(
      'accepted',
    );
    expect(roulette([bet('split', [3, 4])])).toBe('bet_invalid');
    expect(roulette([bet('dozen', [1, 2, 3])])).toBe('bet_invalid');
    expect(roulette([bet('lucky', [1])])).toBe('bet_invalid');
    expect(roulette([])).toBe('bet_invalid');
    expect(roulette(Array.from({ length: 61 }, () => bet('red', [])))).toBe('bet_invalid');
    expect(roulette([bet('red', [], '999')])).toBe('bet_limit');
    expect(roulette([bet('red', [], '500001')])).toBe('bet_limit');
    expect(roulette([bet('red', [], '12.5')])).toBe('bet_invalid');
    // Two bets on one spot count together.
    expect(roulette([bet('straight', [7], '300000'), bet('straight', [7], '300000')])).toBe('bet_limit');
    expect(roulette([bet('straight', [7], '300000'), bet('straight', [8], '300000')])).toBe('accepted');
    expect(roulette(Array.from({ length: 5 }, (_, i) => bet('straight', [i], '500000')))).toBe('bet_limit');
    expect(roulette(Array.from({ length: 4 }, (_, i) => bet('straight', [i], '500000')))).toBe('accepted');
  });

  it('checks dragon tiger bets: one per side, 10.00 to 10,000.00', () => {
    expect(
      dragonTiger([
        { side: 'dragon', amountMinor: '1000000' },
        { side: 'tie', amountMinor: '1000' },
      ]),
    ).toBe('accepted');
    expect(dragonTiger([{ side: 'dragon', amountMinor: '1000001' }])).toBe('bet_limit');
    expect(dragonTiger([{ side: 'tiger', amountMinor: '999' }])).toBe('bet_limit');
    expect(
      dragonTiger([
        { side: 'dragon', amountMinor: '1000' },
        { side: 'dragon', amountMinor: '1000' },
      ]),
    ).toBe('bet_invalid');
    expect(dragonTiger([{ side: 'phoenix', amountMinor: '1000' }])).toBe('bet_invalid');
    expect(dragonTiger([])).toBe('bet_invalid');
  });

  it('checks the mechanic slots against their titles', () => {
    expect(slot('1000', 'rajahs-ways')).toBe('accepted');
    expect(slot('150', 'golden-diya')).toBe('bet_invalid');
    expect(slot('20000', 'lakshmi-coins')).toBe('bet_limit');
  });

  it('checks sic bo bets: layout bets, 10.00 to 5,000.00 per spot, 20,000.00 a roll', () => {
    const bet = (kind: string, numbers: number[], amountMinor = '1000') => ({ kind, numbers, amountMinor });
    expect(sides('sic-bo', 'sic-bo', [bet('big', []), bet('total', [17]), bet('triple', [6])])).toBe(
      'accepted',
    );
    expect(sides('sic-bo', 'sic-bo', [bet('total', [3])])).toBe('bet_invalid');
    expect(sides('sic-bo', 'sic-bo', [bet('combination', [2, 2])])).toBe('bet_invalid');
    expect(sides('sic-bo', 'sic-bo', [bet('big', [1])])).toBe('bet_invalid');
    expect(sides('sic-bo', 'sic-bo', [bet('lucky', [])])).toBe('bet_invalid');
    expect(sides('sic-bo', 'sic-bo', [])).toBe('bet_invalid');
    expect(sides('sic-bo', 'sic-bo', [bet('big', [], '999')])).toBe('bet_limit');
    // The same spot twice counts together; [5, 2] is the spot [2, 5].
    expect(
      sides('sic-bo', 'sic-bo', [bet('combination', [2, 5], '300000'), bet('combination', [5, 2], '300000')]),
    ).toBe('bet_limit');
    expect(
      sides(
        'sic-bo',
        'sic-bo',
        Array.from({ length: 5 }, (_, i) => bet('single', [i + 1], '500000')),
      ),
    ).toBe('bet_limit');
  });

  it('checks baccarat and andar bahar bets: one per side, 10.00 to 10,000.00', () => {
    expect(
      sides('baccarat', 'baccarat', [
        { kind: 'player', amountMinor: '1000' },
        { kind: 'tie', amountMinor: '1000000' },
      ]),
    ).toBe('accepted');
    expect(
      sides('baccarat', 'baccarat', [
        { kind: 'player', amountMinor: '1000' },
        { kind: 'player', amountMinor: '1000' },
      ]),
    ).toBe('bet_invalid');
    expect(sides('baccarat', 'baccarat', [{ kind: 'dragon', amountMinor: '1000' }])).toBe('bet_invalid');
    expect(sides('baccarat', 'baccarat', [{ kind: 'banker', amountMinor: '1000001' }])).toBe('bet_limit');
    expect(sides('andar-bahar', 'andar-bahar', [{ side: 'bahar', amountMinor: '5000' }])).toBe('accepted');
    expect(sides('andar-bahar', 'andar-bahar', [{ side: 'middle', amountMinor: '5000' }])).toBe(
      'bet_invalid',
    );
    expect(sides('andar-bahar', 'andar-bahar', [null])).toBe('bet_invalid');
    expect(
      ruleError(() => validateBet('andar-bahar', { game: 'andar-bahar', bets: 'x' } as unknown as GameBet)),
    ).toBe('bet_invalid');
  });
});
