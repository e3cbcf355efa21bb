import type { SlotTitle } from '../types.ts';
import { BETS, deepFreeze } from './titles.ts';

/**
 * Slot titles of the newer mechanics (issue 22; rules in mechanics.ts), two per mechanic at different
 * volatility. Not yet in the studio's catalogue (play.ts INHOUSE_GAMES) nor in SLOT_TITLES, whose three
 * line titles the web screens draw today.
 * - rajahs-ways: 5×3, 243 ways, 8 free spins ×2 (medium-low volatility);
 * - maharani-1024: 5×4, 1,024 ways, top-heavy pays, 12 free spins ×3 (high volatility);
 * - mumbai-cascade: 5×3 ways with cascades ×1, 2, 3, 5 (low volatility, no free spins);
 * - holi-cascade: 5×4 ways with cascades ×1, 2, 4, 8, 16 and 10 free spins ×2 with retrigger (high);
 * - golden-diya: 5×3 ways, 6+ golden diyas start hold-and-win, values 1–50×, grand 500× (medium);
 * - lakshmi-coins: 5×3 ways, 6+ coins start hold-and-win, values 1–100×, grand 2,000× (high).
 * Declared RTPs: ways and hold-and-win are exact (mechanics.ts mechanicExactRtp, to 4 decimals); cascades
 * are the mean of 10^6 seeded rounds (the seeds in mechanics.test.ts, to 4 decimals). Tests pin both.
 * `maxWinX` is each round's cap; for the exact titles it is at least maxWinBound, so it never binds and
 * the exact RTP holds as declared.
 */

const rajahsWays: SlotTitle = {
  code: 'rajahs-ways',
  mechanic: 'ways',
  declaredRtp: 0.9601,
  rows: 3,
  reels: [],
  paylines: [],
  betUnits: 100,
  symbols: [
    { id: 'rajah', kind: 'normal' },
    { id: 'elephant', kind: 'normal' },
    { id: 'peacock', kind: 'normal' },
    { id: 'tabla', kind: 'normal' },
    { id: 'A', kind: 'normal' },
    { id: 'K', kind: 'normal' },
    { id: 'Q', kind: 'normal' },
    { id: 'J', kind: 'normal' },
    { id: 'wild', kind: 'wild' },
    { id: 'palace', kind: 'scatter' },
  ],
  paytable: {
    rajah: [80, 200, 500],
    elephant: [70, 170, 340],
    peacock: [50, 125, 250],
    tabla: [40, 85, 210],
    A: [25, 50, 125],
    K: [25, 40, 100],
    Q: [17, 34, 85],
    J: [17, 34, 85],
  },
  scatterPays: [2, 10, 50],
  freeSpins: { trigger: 3, awarded: 8, multiplier: 2, retrigger: false },
  maxWinX: 7500,
  betsMinor: BETS,
};

const maharani1024: SlotTitle = {
  code: 'maharani-1024',
  mechanic: 'ways',
  declaredRtp: 0.9607,
  rows: 4,
  reels: [],
  paylines: [],
  betUnits: 100,
  symbols: [
    { id: 'maharani', kind: 'normal' },
    { id: 'tiger', kind: 'normal' },
    { id: 'crown', kind: 'normal' },
    { id: 'cobra', kind: 'normal' },
    { id: 'A', kind: 'normal' },
    { id: 'K', kind: 'normal' },
    { id: 'Q', kind: 'normal' },
    { id: 'J', kind: 'normal' },
    { id: 'wild', kind: 'wild' },
    { id: 'fort', kind: 'scatter' },
  ],
  paytable: {
    maharani: [20, 100, 500],
    tiger: [10, 40, 150],
    crown: [9, 26, 85],
    cobra: [6, 16, 55],
    A: [2, 5, 15],
    K: [2, 4, 12],
    Q: [1, 3, 10],
    J: [1, 3, 10],
  },
  scatterPays: [2, 20, 100],
  freeSpins: { trigger: 3, awarded: 12, multiplier: 3, retrigger: false },
  maxWinX: 10000,
  betsMinor: BETS,
};

const mumbaiCascade: SlotTitle = {
  code: 'mumbai-cascade',
  mechanic: 'cascade',
  declaredRtp: 0.9612,
  rows: 3,
  reels: [],
  paylines: [],
  betUnits: 100,
  cascadeMultipliers: [1, 2, 3, 5],
  symbols: [
    { id: 'gateway', kind: 'normal' },
    { id: 'taxi', kind: 'normal' },
    { id: 'vada-pav', kind: 'normal' },
    { id: 'kite', kind: 'normal' },
    { id: 'A', kind: 'normal' },
    { id: 'K', kind: 'normal' },
    { id: 'Q', kind: 'normal' },
    { id: 'J', kind: 'normal' },
    { id: 'wild', kind: 'wild' },
  ],
  paytable: {
    gateway: [73, 176, 440],
    taxi: [54, 132, 264],
    'vada-pav': [44, 88, 220],
    kite: [34, 73, 176],
    A: [18, 44, 88],
    K: [18, 35, 70],
    Q: [9, 26, 53],
    J: [9, 26, 53],
  },
  scatterPays: [],
  freeSpins: { trigger: 0, awarded: 0, multiplier: 1, retrigger: false },
  maxWinX: 2500,
  betsMinor: BETS,
};

const holiCascade: SlotTitle = {
  code: 'holi-cascade',
  mechanic: 'cascade',
  declaredRtp: 0.9628,
  rows: 4,
  reels: [],
  paylines: [],
  betUnits: 100,
  cascadeMultipliers: [1, 2, 4, 8, 16],
  symbols: [
    { id: 'gulal-red', kind: 'normal' },
    { id: 'gulal-green', kind: 'normal' },
    { id: 'gulal-blue', kind: 'normal' },
    { id: 'gulal-yellow', kind: 'normal' },
    { id: 'pichkari', kind: 'normal' },
    { id: 'dhol', kind: 'normal' },
    { id: 'A', kind: 'normal' },
    { id: 'K', kind: 'normal' },
    { id: 'Q', kind: 'normal' },
    { id: 'J', kind: 'normal' },
    { id: '10', kind: 'normal' },
    { id: 'wild', kind: 'wild' },
    { id: 'holika', kind: 'scatter' },
  ],
  paytable: {
    'gulal-red': [66, 337, 1357],
    'gulal-green': [51, 204, 678],
    'gulal-blue': [34, 136, 408],
    'gulal-yellow': [28, 102, 271],
    pichkari: [13, 34, 102],
    dhol: [13, 28, 82],
    A: [7, 21, 54],
    K: [7, 21, 54],
    Q: [7, 14, 41],
    J: [7, 14, 41],
    '10': [7, 13, 34],
  },
  scatterPays: [],
  freeSpins: { trigger: 3, awarded: 10, multiplier: 2, retrigger: true },
  maxWinX: 10000,
  betsMinor: BETS,
};

const goldenDiya: SlotTitle = {
  code: 'golden-diya',
  mechanic: 'hold-and-win',
  declaredRtp: 0.9578,
  rows: 3,
  reels: [],
  paylines: [],
  betUnits: 100,
  symbols: [
    { id: 'ganesha', kind: 'normal' },
    { id: 'lotus', kind: 'normal' },
    { id: 'rangoli', kind: 'normal' },
    { id: 'sweets', kind: 'normal' },
    { id: 'A', kind: 'normal' },
    { id: 'K', kind: 'normal' },
    { id: 'Q', kind: 'normal' },
    { id: 'J', kind: 'normal' },
    { id: 'wild', kind: 'wild' },
    { id: 'golden-diya', kind: 'bonus' },
  ],
  paytable: {
    ganesha: [150, 400, 800],
    lotus: [125, 300, 625],
    rangoli: [95, 235, 470],
    sweets: [80, 155, 390],
    A: [47, 94, 190],
    K: [47, 78, 155],
    Q: [31, 63, 125],
    J: [31, 63, 125],
  },
  scatterPays: [],
  freeSpins: { trigger: 0, awarded: 0, multiplier: 1, retrigger: false },
  holdAndWin: {
    trigger: 6,
    respins: 3,
    landing: [1, 12],
    values: [
      { value: 1, weight: 40 },
      { value: 2, weight: 25 },
      { value: 3, weight: 15 },
      { value: 5, weight: 10 },
      { value: 10, weight: 6 },
      { value: 25, weight: 3 },
      { value: 50, weight: 1 },
    ],
    grand: 500,
  },
  maxWinX: 2000,
  betsMinor: BETS,
};

const lakshmiCoins: SlotTitle = {
  code: 'lakshmi-coins',
  mechanic: 'hold-and-win',
  declaredRtp: 0.9611,
  rows: 3,
  reels: [],
  paylines: [],
  betUnits: 100,
  symbols: [
    { id: 'lakshmi', kind: 'normal' },
    { id: 'owl', kind: 'normal' },
    { id: 'kalash', kind: 'normal' },
    { id: 'conch', kind: 'normal' },
    { id: 'A', kind: 'normal' },
    { id: 'K', kind: 'normal' },
    { id: 'Q', kind: 'normal' },
    { id: 'J', kind: 'normal' },
    { id: 'wild', kind: 'wild' },
    { id: 'gold-coin', kind: 'bonus' },
  ],
  paytable: {
    lakshmi: [290, 965, 2900],
    owl: [195, 580, 1640],
    kalash: [120, 290, 810],
    conch: [96, 195, 500],
    A: [41, 101, 203],
    K: [41, 81, 162],
    Q: [20, 61, 122],
    J: [20, 61, 122],
  },
  scatterPays: [],
  freeSpins: { trigger: 0, awarded: 0, multiplier: 1, retrigger: false },
  holdAndWin: {
    trigger: 6,
    respins: 3,
    landing: [1, 15],
    values: [
      { value: 1, weight: 50 },
      { value: 2, weight: 25 },
      { value: 5, weight: 12 },
      { value: 10, weight: 6 },
      { value: 20, weight: 4 },
      { value: 50, weight: 2 },
      { value: 100, weight: 1 },
    ],
    grand: 2000,
  },
  maxWinX: 5000,
  betsMinor: BETS,
};

type Composition = [string, number][];
const LOWS: Composition = [
  ['A', 6],
  ['K', 6],
  ['Q', 7],
  ['J', 7],
];
/**
 * A strip from a composition, shuffled by a fixed Fisher–Yates (mulberry32 from `seed`, integer maths, the
 * same in every engine). Unlike `spread`, which lays equal compositions out identically, each reel gets its
 * own order: with identical strips a cascade's refills stay aligned across reels and chain far too often,
 * and symbols may now stack (two bonus symbols in one window).
 */
export function shuffledStrip(composition: Composition, seed: number): string[] {
  const strip = composition.flatMap(([id, k]) => new Array<string>(k).fill(id));
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  for (let i = strip.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [strip[i], strip[j]] = [strip[j] ?? '', strip[i] ?? ''];
  }
  return strip;
}

/** Five reels; wilds stay off the first reel (a way starts with a real symbol). */
const reelsOf = (seed: number, base: Composition, extra: (r: number) => Composition): string[][] =>
  [0, 1, 2, 3, 4].map((r) => shuffledStrip([...base, ...extra(r)], seed * 10 + r));

rajahsWays.reels = reelsOf(1, [['rajah', 2], ['elephant', 3], ['peacock', 3], ['tabla', 4], ...LOWS], (r) => [
  ['wild', r === 0 ? 0 : 2],
  ['palace', 2],
]);
maharani1024.reels = reelsOf(2, [['maharani', 2], ['tiger', 3], ['crown', 4], ['cobra', 4], ...LOWS], (r) => [
  ['wild', r === 0 ? 0 : 2],
  ['fort', r === 0 || r === 4 ? 1 : 2],
]);
mumbaiCascade.reels = reelsOf(
  3,
  [['gateway', 2], ['taxi', 3], ['vada-pav', 3], ['kite', 4], ...LOWS],
  (r) => [['wild', r === 0 ? 0 : 2]],
);
holiCascade.reels = reelsOf(
  4,
  [
    ['gulal-red', 2],
    ['gulal-green', 3],
    ['gulal-blue', 4],
    ['gulal-yellow', 4],
    ['pichkari', 6],
    ['dhol', 6],
    ['A', 7],
    ['K', 7],
    ['Q', 8],
    ['J', 8],
    ['10', 8],
  ],
  (r) => [
    ['wild', r === 0 ? 0 : 2],
    ['holika', 2],
  ],
);
goldenDiya.reels = reelsOf(5, [['ganesha', 2], ['lotus', 3], ['rangoli', 3], ['sweets', 4], ...LOWS], (r) => [
  ['wild', r === 0 ? 0 : 2],
  ['golden-diya', 5],
]);
lakshmiCoins.reels = reelsOf(6, [['lakshmi', 2], ['owl', 3], ['kalash', 3], ['conch', 4], ...LOWS], (r) => [
  ['wild', r === 0 ? 0 : 2],
  ['gold-coin', 6],
]);

export type MechanicSlotCode =
  | 'rajahs-ways'
  | 'maharani-1024'
  | 'mumbai-cascade'
  | 'holi-cascade'
  | 'golden-diya'
  | 'lakshmi-coins';

/** Frozen like SLOT_TITLES: the engine caches a compiled form per title object. */
export const MECHANIC_SLOT_TITLES: Readonly<Record<MechanicSlotCode, SlotTitle>> = deepFreeze({
  'rajahs-ways': rajahsWays,
  'maharani-1024': maharani1024,
  'mumbai-cascade': mumbaiCascade,
  'holi-cascade': holiCascade,
  'golden-diya': goldenDiya,
  'lakshmi-coins': lakshmiCoins,
});

export function mechanicSlotTitle(code: string): SlotTitle | undefined {
  return Object.hasOwn(MECHANIC_SLOT_TITLES, code)
    ? MECHANIC_SLOT_TITLES[code as MechanicSlotCode]
    : undefined;
}
