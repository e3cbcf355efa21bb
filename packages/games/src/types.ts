/**
 * The public shapes of the in-house games (docs/games-contract.md "packages/games"). Pure data: the
 * server stores outcomes as JSON, the game screens draw them, the verify page recomputes them. Amounts are
 * minor units as `bigint` inside the package; JSON carries them as decimal strings (`…Minor: string`).
 */

/** The provably-fair inputs of one round (ARCHITECTURE §5). */
export type FairInputs = {
  /** 64 hex characters (32 random bytes); secret until the seed is rotated. */
  serverSeed: string;
  /** 1..64 printable ASCII characters chosen by the player (a random default). */
  clientSeed: string;
  /** 0, 1, 2, ... per (player, server seed); one round consumes one nonce. */
  nonce: number;
};

/**
 * How a slot title pays (docs/games-contract.md "Slot mechanics"): `lines` (paylines, the default when
 * absent), `ways` (243 / 1024 ways), `cascade` (ways; winning symbols fall away and the strip refills the
 * gaps, with a growing multiplier), `hold-and-win` (ways base game; bonus symbols trigger respins).
 */
export type SlotMechanic = 'lines' | 'ways' | 'cascade' | 'hold-and-win';

/** A hold-and-win feature's settings; values and prizes are multiples of the TOTAL bet. */
export type SlotHoldAndWinRules = {
  /** Bonus symbols in the base window that start the feature. */
  trigger: number;
  /** Respins given at the start and again whenever a new bonus lands. */
  respins: number;
  /** Chance that an empty cell lands a bonus on a respin: numerator / denominator (one int(denominator) per cell). */
  landing: [number, number];
  /** Cash values (× total bet) with integer draw weights; one int(Σ weights) per bonus. */
  values: { value: number; weight: number }[];
  /** Paid on top of the values when every cell holds a bonus (× total bet). */
  grand: number;
};

/** A slot title's static description, enough to draw it and to compute its exact RTP. */
export type SlotTitle = {
  code: string;
  /** Absent = 'lines' (the first three titles). */
  mechanic?: SlotMechanic;
  /** Declared return to player as a fraction, e.g. 0.9612, to 4 decimal places. */
  declaredRtp: number;
  rows: number;
  /** One strip per reel; symbols are ids from `symbols`. */
  reels: string[][];
  /** One row index per reel for each payline. */
  paylines: number[][];
  /** `bonus`: hold-and-win's cash symbol (never substituted by wild, never part of a way). */
  symbols: { id: string; kind: 'normal' | 'wild' | 'scatter' | 'bonus' }[];
  /**
   * symbol id → pay (in multiples of the line bet) for 3, 4, 5 … of a kind (index 0 = 3 of a kind on 5 reels).
   * Ways mechanics: in multiples of total bet / `betUnits`, per way.
   */
  paytable: Record<string, number[]>;
  /** Ways mechanics: the total bet is `betUnits` pay units (what paylines.length is to lines); bets divide by it. */
  betUnits?: number;
  /** Cascade: multiplier of the first evaluation, the first cascade, …; the last repeats. */
  cascadeMultipliers?: number[];
  holdAndWin?: SlotHoldAndWinRules;
  /** Largest pay of one round in total bets (new mechanics; a round's total is cut to it). */
  maxWinX?: number;
  /** Scatter pays in multiples of the TOTAL bet by scatter count (index 0 = 3 scatters). */
  scatterPays: number[];
  freeSpins: { trigger: number; awarded: number; multiplier: number; retrigger: boolean };
  /** Allowed total bets in minor units (strings in JSON). */
  betsMinor: string[];
};

export type SlotLineWin = { line: number; symbol: string; count: number; payMinor: string };
/** A ways win: `symbol` (or wild) on the first `count` reels, on `ways` combinations of rows. */
export type SlotWaysWin = { symbol: string; count: number; ways: number; payMinor: string };
/** One cascade: the window after the previous win's symbols fell away and the strips refilled it. */
export type SlotCascade = {
  /** Cells removed from the previous window, per reel (row indices, top = 0). */
  removed: number[][];
  window: string[][];
  waysWins: SlotWaysWin[];
  multiplier: number;
  /** Pay of this cascade (its multiplier and the free-spin multiplier applied). */
  payMinor: string;
};
export type SlotHoldCell = { reel: number; row: number; value: number; payMinor: string };
/** A hold-and-win feature played within the round. */
export type SlotHoldAndWin = {
  /** Bonus cells of the triggering window with their drawn values (× total bet). */
  start: SlotHoldCell[];
  /** Each respin: the cells that landed, and the respins left after it (reset when something landed). */
  respins: { landed: SlotHoldCell[]; respinsLeft: number }[];
  full: boolean;
  grandPayMinor: string;
  /** Values of every held cell plus the grand prize when full. */
  payMinor: string;
};
export type SlotSpin = {
  /** stop index per reel. */
  stops: number[];
  /** window[reel][row] symbol ids as shown. */
  window: string[][];
  lineWins: SlotLineWin[];
  scatterCount: number;
  scatterPayMinor: string;
  /** Pay of this spin including the free-spin multiplier. */
  payMinor: string;
  freeSpinsAwarded: number;
  /** Ways, cascade, hold-and-win: the ways wins of `window` (then lineWins is empty). */
  waysWins?: SlotWaysWin[];
  /** Cascade: the cascades after `window`'s wins, in order (payMinor includes them). */
  cascades?: SlotCascade[];
};
export type SlotOutcome = {
  game: 'slot';
  code: string;
  betMinor: string;
  base: SlotSpin;
  freeSpins: SlotSpin[];
  /** Hold-and-win: the feature the base spin triggered (its pay is in totalPayMinor). */
  holdAndWin?: SlotHoldAndWin;
  /** True when the round's total was cut to the title's maxWinX. */
  capped?: boolean;
  totalPayMinor: string;
};

/**
 * European roulette bets. `numbers` lists the covered pockets; the engine validates that they form the
 * named bet on the real layout (a split is two adjacent numbers, etc.).
 */
export type RouletteBetKind =
  | 'straight'
  | 'split'
  | 'street'
  | 'corner'
  | 'line'
  | 'basket'
  | 'dozen'
  | 'column'
  | 'red'
  | 'black'
  | 'odd'
  | 'even'
  | 'low'
  | 'high';
export type RouletteBet = { kind: RouletteBetKind; numbers: number[]; amountMinor: string };
export type RouletteOutcome = {
  game: 'roulette';
  pocket: number;
  colour: 'red' | 'black' | 'green';
  bets: (RouletteBet & { payMinor: string })[];
  stakeMinor: string;
  totalPayMinor: string;
};

/** Dragon Tiger from an 8-deck shoe; card = rank 1..13 (A..K) and suit 0..3 (♠♥♦♣). */
export type Card = { rank: number; suit: number };
export type DragonTigerSide = 'dragon' | 'tiger' | 'tie';
export type DragonTigerBet = { side: DragonTigerSide; amountMinor: string };
export type DragonTigerOutcome = {
  game: 'dragon-tiger';
  dragon: Card;
  tiger: Card;
  winner: DragonTigerSide;
  bets: (DragonTigerBet & { payMinor: string })[];
  stakeMinor: string;
  totalPayMinor: string;
};

/*
 * The bets of the studio's sic bo, baccarat and andar bahar: the same shapes as the live tables' (live/*.ts,
 * which own the rules), written out here so this file imports nothing (live/ imports it).
 */
export type SicBoBetKind =
  | 'small'
  | 'big'
  | 'odd'
  | 'even'
  | 'total'
  | 'any-triple'
  | 'triple'
  | 'double'
  | 'combination'
  | 'single';
export type SicBoBet = { kind: SicBoBetKind; numbers: number[]; amountMinor: string };
export type SicBoDice = [number, number, number];
export type BaccaratBetKind = 'player' | 'banker' | 'tie' | 'player-pair' | 'banker-pair';
export type BaccaratBet = { kind: BaccaratBetKind; amountMinor: string };
export type BaccaratWinner = 'player' | 'banker' | 'tie';
export type AndarBaharSide = 'andar' | 'bahar';
export type AndarBaharBet = { side: AndarBaharSide; amountMinor: string };

/** Studio Sic Bo (studio/table-games.ts): three dice, the live table's bets and pays. */
export type SicBoOutcome = {
  game: 'sic-bo';
  dice: SicBoDice;
  total: number;
  bets: (SicBoBet & { payMinor: string })[];
  stakeMinor: string;
  totalPayMinor: string;
};

/** Studio Baccarat (commission): one coup from a fresh 8-deck shoe. */
export type BaccaratOutcome = {
  game: 'baccarat';
  player: Card[];
  banker: Card[];
  playerPoints: number;
  bankerPoints: number;
  winner: BaccaratWinner;
  playerPair: boolean;
  bankerPair: boolean;
  bets: (BaccaratBet & { payMinor: string })[];
  stakeMinor: string;
  totalPayMinor: string;
};

/** Studio Andar Bahar: one round from a fresh 52-card deck. */
export type AndarBaharOutcome = {
  game: 'andar-bahar';
  joker: Card;
  andar: Card[];
  bahar: Card[];
  winner: AndarBaharSide;
  bets: (AndarBaharBet & { payMinor: string })[];
  stakeMinor: string;
  totalPayMinor: string;
};

export type GameOutcome =
  | SlotOutcome
  | RouletteOutcome
  | DragonTigerOutcome
  | SicBoOutcome
  | BaccaratOutcome
  | AndarBaharOutcome;

/** The in-house catalogue: every game code the studio serves. */
export type InHouseGameCode =
  | 'lotus-fortune'
  | 'tiger-temple'
  | 'monsoon-gems'
  | 'rajahs-ways'
  | 'maharani-1024'
  | 'mumbai-cascade'
  | 'holi-cascade'
  | 'golden-diya'
  | 'lakshmi-coins'
  | 'european-roulette'
  | 'sic-bo'
  | 'baccarat'
  | 'dragon-tiger'
  | 'andar-bahar'
  // The fishing titles (fishing/titles.ts): played in batches of shots, not by `GameBet` rounds.
  | 'ocean-king'
  | 'lotus-reef'
  | 'deep-sea-hunt';

/** The bet of one round as the studio's play request carries it (originals.schema.ts `bet`). */
export type GameBet =
  | { game: 'slot'; betMinor: string }
  | { game: 'roulette'; bets: RouletteBet[] }
  | { game: 'dragon-tiger'; bets: DragonTigerBet[] }
  | { game: 'sic-bo'; bets: SicBoBet[] }
  | { game: 'baccarat'; bets: BaccaratBet[] }
  | { game: 'andar-bahar'; bets: AndarBaharBet[] };
