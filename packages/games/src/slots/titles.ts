import type { SlotTitle } from '../types.ts';

/**
 * The studio's slot titles (docs/games-contract.md "slots/titles.ts"). Three different maths:
 * - lotus-fortune: 5×3, 20 lines, a win in almost half the rounds (medium volatility), 10 free spins ×2
 *   with retrigger;
 * - tiger-temple: 5×3, 10 lines, top-heavy paytable and wild pays up to 10,000 line bets, nearly half the
 *   RTP in free spins (high volatility), 8 free spins ×3 with retrigger;
 * - monsoon-gems: 3×3, 5 lines, classic three-reel with most of the RTP on lines (low volatility),
 *   5 free spins ×2 without retrigger.
 * Measured figures (hit rate, standard deviation) are in ../README.md.
 * Each `declaredRtp` is the exact RTP (slots/engine.ts exactRtp) rounded to 4 decimals; engine.test.ts
 * fails if a strip or pay changes without the declaration following.
 *
 * Strips are written as a composition (how many of each symbol per reel) and laid out by `spread`, which
 * places each symbol's copies at even intervals — deterministic, and it keeps scatters and wilds apart so
 * a reel rarely shows two scatters at once. The resulting strips are part of the title (what the verify
 * page and the exact RTP read); changing `spread` changes the titles, and the tests catch it.
 */

/** Evenly interleaves `count` copies of each symbol; ties keep the listed order. */
export function spread(composition: [string, number][]): string[] {
  const total = composition.reduce((a, [, k]) => a + k, 0);
  const slots: { at: number; order: number; id: string }[] = [];
  composition.forEach(([id, k], order) => {
    for (let i = 0; i < k; i++) slots.push({ at: ((i + (order % 7) / 7) * total) / k, order, id });
  });
  slots.sort((a, b) => a.at - b.at || a.order - b.order);
  return slots.map((s) => s.id);
}

const LINES_5X3: number[][] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [0, 1, 1, 1, 0],
  [2, 1, 1, 1, 2],
  [1, 0, 1, 2, 1],
  [1, 2, 1, 0, 1],
  [0, 1, 0, 1, 0],
  [2, 1, 2, 1, 2],
  [1, 1, 0, 1, 1],
  [1, 1, 2, 1, 1],
  [0, 2, 0, 2, 0],
  [2, 0, 2, 0, 2],
  [0, 2, 2, 2, 0],
];

/** The studio's slot stakes in minor units (every title offers the same). */
export const BETS = ['100', '200', '500', '1000', '2000', '5000', '10000'];

const lotusFortune: SlotTitle = {
  code: 'lotus-fortune',
  declaredRtp: 0.9575,
  rows: 3,
  reels: [],
  paylines: LINES_5X3,
  symbols: [
    { id: 'lotus', kind: 'normal' },
    { id: 'elephant', kind: 'normal' },
    { id: 'peacock', kind: 'normal' },
    { id: 'diya', kind: 'normal' },
    { id: 'A', kind: 'normal' },
    { id: 'K', kind: 'normal' },
    { id: 'Q', kind: 'normal' },
    { id: 'J', kind: 'normal' },
    { id: '10', kind: 'normal' },
    { id: 'wild', kind: 'wild' },
    { id: 'scatter', kind: 'scatter' },
  ],
  paytable: {
    lotus: [40, 150, 600],
    elephant: [25, 100, 300],
    peacock: [20, 60, 250],
    diya: [15, 40, 150],
    A: [10, 30, 120],
    K: [8, 20, 80],
    Q: [6, 15, 60],
    J: [5, 12, 50],
    '10': [5, 10, 40],
  },
  scatterPays: [2, 10, 50],
  freeSpins: { trigger: 3, awarded: 10, multiplier: 2, retrigger: true },
  betsMinor: BETS,
};

const tigerTemple: SlotTitle = {
  code: 'tiger-temple',
  declaredRtp: 0.9604,
  rows: 3,
  reels: [],
  paylines: LINES_5X3.slice(0, 10),
  symbols: [
    { id: 'tiger', kind: 'normal' },
    { id: 'idol', kind: 'normal' },
    { id: 'elephant', kind: 'normal' },
    { id: 'cobra', kind: 'normal' },
    { id: 'A', kind: 'normal' },
    { id: 'K', kind: 'normal' },
    { id: 'Q', kind: 'normal' },
    { id: 'J', kind: 'normal' },
    { id: 'wild', kind: 'wild' },
    { id: 'scatter', kind: 'scatter' },
  ],
  paytable: {
    tiger: [50, 400, 5000],
    idol: [30, 150, 1000],
    elephant: [20, 80, 400],
    cobra: [15, 50, 200],
    A: [6, 20, 100],
    K: [6, 15, 80],
    Q: [6, 12, 60],
    J: [5, 10, 50],
    wild: [100, 1000, 10000],
  },
  scatterPays: [3, 20, 100],
  freeSpins: { trigger: 3, awarded: 8, multiplier: 3, retrigger: true },
  betsMinor: BETS,
};

const monsoonGems: SlotTitle = {
  code: 'monsoon-gems',
  declaredRtp: 0.9616,
  rows: 3,
  reels: [],
  paylines: [
    [1, 1, 1],
    [0, 0, 0],
    [2, 2, 2],
    [0, 1, 2],
    [2, 1, 0],
  ],
  symbols: [
    { id: 'ruby', kind: 'normal' },
    { id: 'emerald', kind: 'normal' },
    { id: 'sapphire', kind: 'normal' },
    { id: 'topaz', kind: 'normal' },
    { id: 'pearl', kind: 'normal' },
    { id: 'wild', kind: 'wild' },
    { id: 'scatter', kind: 'scatter' },
  ],
  paytable: {
    ruby: [100],
    emerald: [50],
    sapphire: [25],
    topaz: [12],
    pearl: [6],
    wild: [250],
  },
  scatterPays: [5],
  freeSpins: { trigger: 3, awarded: 5, multiplier: 2, retrigger: false },
  betsMinor: BETS,
};

/**
 * Reel compositions (copies of each symbol per reel), chosen with exactRtp for the RTP and the mix of
 * base game and free spins each title aims at (figures in README.md).
 */
const LOTUS_REEL: [string, number][] = [
  ['lotus', 2],
  ['elephant', 3],
  ['peacock', 3],
  ['diya', 4],
  ['A', 4],
  ['K', 4],
  ['Q', 5],
  ['J', 5],
  ['10', 5],
];
// Outer reels carry fewer wilds and scatters: free spins come less often than the middle reels suggest.
lotusFortune.reels = [
  spread([...LOTUS_REEL, ['wild', 2], ['scatter', 1]]),
  spread([...LOTUS_REEL, ['wild', 3], ['scatter', 2]]),
  spread([...LOTUS_REEL, ['wild', 3], ['scatter', 2]]),
  spread([...LOTUS_REEL, ['wild', 3], ['scatter', 2]]),
  spread([...LOTUS_REEL, ['wild', 2], ['scatter', 1]]),
];
tigerTemple.reels = [0, 1, 2, 3, 4].map(() =>
  spread([
    ['tiger', 1],
    ['idol', 2],
    ['elephant', 3],
    ['cobra', 4],
    ['A', 6],
    ['K', 6],
    ['Q', 7],
    ['J', 7],
    ['wild', 1],
    ['scatter', 2],
  ]),
);
monsoonGems.reels = [0, 1, 2].map(() =>
  spread([
    ['ruby', 2],
    ['emerald', 5],
    ['sapphire', 7],
    ['topaz', 10],
    ['pearl', 16],
    ['wild', 1],
    ['scatter', 3],
  ]),
);

export type SlotCode = 'lotus-fortune' | 'tiger-temple' | 'monsoon-gems';

/** Freezes a title (or record of titles) all the way down. */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

/** Frozen: the engine caches a compiled form per title object, and a title must never change in play. */
export const SLOT_TITLES: Readonly<Record<SlotCode, SlotTitle>> = deepFreeze({
  'lotus-fortune': lotusFortune,
  'tiger-temple': tigerTemple,
  'monsoon-gems': monsoonGems,
});

export function slotTitle(code: string): SlotTitle | undefined {
  return Object.hasOwn(SLOT_TITLES, code) ? SLOT_TITLES[code as SlotCode] : undefined;
}
