import type { LiveTableKind, LiveTableSnapshot } from '@lotus/shared/live.schema';

/** A table snapshot for the screens' tests: a baccarat table betting, 12 s left, with a short road. */
export function makeTable(overrides: Partial<LiveTableSnapshot> = {}): LiveTableSnapshot {
  const kind: LiveTableKind = overrides.kind ?? 'baccarat';
  const phaseEndsAt = new Date(Date.now() + 12_000).toISOString();
  return {
    code: `${kind}-1`,
    kind,
    name: { EN: 'Live Baccarat Lotus', HI: 'लाइव बैकारेट लोटस' },
    currency: 'INR',
    limits: [
      { kind: 'player', minMinor: '1000', maxMinor: '5000000' },
      { kind: 'banker', minMinor: '1000', maxMinor: '5000000' },
      { kind: 'tie', minMinor: '1000', maxMinor: '500000' },
    ],
    phase: 'betting',
    phaseEndsAt,
    durations: { betting: 15, closed: 2, dealing: 6, result: 4 },
    roundId: '41',
    roundNo: 41,
    players: 2,
    shoe: { shoeId: '3', shoeNo: 3, commitment: 'ab'.repeat(32), cardsDealt: 20, cardsTotal: 416 },
    lastResults: [
      {
        roundId: '40',
        roundNo: 40,
        outcome: {
          game: 'baccarat',
          player: [
            { rank: 9, suit: 0 },
            { rank: 13, suit: 1 },
          ],
          banker: [
            { rank: 3, suit: 2 },
            { rank: 4, suit: 3 },
          ],
          playerPoints: 9,
          bankerPoints: 7,
          winner: 'player',
          playerPair: false,
          bankerPair: false,
          natural: true,
        },
      },
    ],
    road: [
      { winner: 'banker', playerPair: false, bankerPair: false },
      { winner: 'banker', playerPair: false, bankerPair: true },
      { winner: 'tie', playerPair: false, bankerPair: false },
      { winner: 'player', playerPair: false, bankerPair: false },
    ],
    gameCode: `${kind}-1`,
    round: {
      roundId: '41',
      roundNo: 41,
      phase: 'betting',
      openedAt: new Date().toISOString(),
      bettingEndsAt: phaseEndsAt,
      outcome: null,
    },
    ...overrides,
  };
}
