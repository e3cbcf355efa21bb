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

/** A slot title's static description, enough to draw it and to compute its exact RTP. */
export type SlotTitle = {
  code: string;
  /** Declared return to player as a fraction, e.g. 0.9612, to 4 decimal places. */
  declaredRtp: number;
  rows: number;
  /** One strip per reel; symbols are ids from `symbols`. */
  reels: string[][];
  /** One row index per reel for each payline. */
  paylines: number[][];
  symbols: { id: string; kind: 'normal' | 'wild' | 'scatter' }[];
  /** symbol id → pay (in multiples of the line bet) for 3, 4, 5 … of a kind (index 0 = 3 of a kind on 5 reels). */
  paytable: Record<string, number[]>;
  /** Scatter pays in multiples of the TOTAL bet by scatter count (index 0 = 3 scatters). */
  scatterPays: number[];
  freeSpins: { trigger: number; awarded: number; multiplier: number; retrigger: boolean };
  /** Allowed total bets in minor units (strings in JSON). */
  betsMinor: string[];
};

export type SlotLineWin = { line: number; symbol: string; count: number; payMinor: string };
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
};
export type SlotOutcome = {
  game: 'slot';
  code: string;
  betMinor: string;
  base: SlotSpin;
  freeSpins: SlotSpin[];
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

export type GameOutcome = SlotOutcome | RouletteOutcome | DragonTigerOutcome;

/** The in-house catalogue: every game code the studio serves. */
export type InHouseGameCode =
  | 'lotus-fortune'
  | 'tiger-temple'
  | 'monsoon-gems'
  | 'european-roulette'
  | 'dragon-tiger';

/** The bet of one round as the studio's play request carries it (originals.schema.ts `bet`). */
export type GameBet =
  | { game: 'slot'; betMinor: string }
  | { game: 'roulette'; bets: RouletteBet[] }
  | { game: 'dragon-tiger'; bets: DragonTigerBet[] };
