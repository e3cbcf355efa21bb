import { createDraws, type Draws, type Hmac, hmacSha256 } from '../fair.ts';
import { add, type Fraction, fraction, mul, toNumber } from '../rational.ts';
import type {
  FairInputs,
  SlotCascade,
  SlotHoldAndWin,
  SlotHoldCell,
  SlotOutcome,
  SlotSpin,
  SlotTitle,
  SlotWaysWin,
} from '../types.ts';
import { MAX_FREE_SPINS_PER_ROUND } from './limits.ts';

/**
 * The ways, cascade and hold-and-win mechanics (docs/games-contract.md "Slot mechanics"); engine.ts hands
 * every title whose `mechanic` is not 'lines' to this file.
 *
 * Shared rules: each reel stops at `int(strip length)` (reels in order), the window shows `rows` strip
 * symbols from the stop down (row 0 on top). Pays are in UNITS of total bet / `betUnits`.
 * - Ways: for each normal symbol, the reels from the left showing it (or a wild) anywhere; 3+ reels pay
 *   paytable × (product of the matching cells per reel) = ways. Every symbol pays its own ways.
 * - Scatters anywhere in the first window pay × total bet and award free spins exactly as on line titles
 *   (free spins at `multiplier`, retrigger, MAX_FREE_SPINS_PER_ROUND).
 * - Cascade: every cell in a paying way is removed; on each reel the cells above fall down, and the gaps at
 *   the top are refilled from the reel's strip continuing ABOVE the stop (strip[stop − 1], then stop − 2 …,
 *   wrapping), so the reel reads as its strip. No draw is consumed by a cascade. The evaluation after the
 *   i-th cascade pays × cascadeMultipliers[i] (the last repeats); it stops when nothing pays or after
 *   MAX_CASCADES. Scatters count on the first window only.
 * - Hold-and-win: `trigger`+ bonus symbols in the base window start the feature. Each bonus cell draws a
 *   value (int(Σ weights), reel by reel, top to bottom); `respins` respins follow; on a respin every empty
 *   cell, in the same order, draws int(landing[1]) and lands a bonus (then draws its value) when the draw is
 *   below landing[0]; any landing resets the respins. The feature pays every held value, plus `grand` when
 *   all cells hold one.
 * - A round's total is cut to `maxWinX` total bets (`capped` in the outcome).
 */
export const MAX_CASCADES = 50;

type Kind = SlotTitle['symbols'][number]['kind'];

type Compiled = {
  ids: string[];
  kinds: Kind[];
  n: number;
  rows: number;
  strips: Int32Array[];
  lengths: number[];
  units: number;
  /** pays[s · (n + 1) + count] in units per way. */
  pays: Int32Array;
  normals: number[];
  wild: number;
  scatter: number;
  bonus: number;
  multipliers: number[];
  maxUnits: number;
};

const cache = new WeakMap<SlotTitle, Compiled>();

function compile(title: SlotTitle): Compiled {
  const hit = cache.get(title);
  if (hit) return hit;
  const mechanic = title.mechanic ?? 'lines';
  if (mechanic === 'lines') throw new Error(`${title.code}: a lines title belongs to engine.ts`);
  const ids = title.symbols.map((s) => s.id);
  const kinds = title.symbols.map((s) => s.kind);
  const index = new Map(ids.map((id, i) => [id, i]));
  if (index.size !== ids.length) throw new Error(`${title.code}: duplicate symbol id`);
  const of = (k: Kind) => kinds.flatMap((x, i) => (x === k ? [i] : []));
  if (of('wild').length > 1 || of('scatter').length > 1 || of('bonus').length > 1) {
    throw new Error(`${title.code}: at most one wild, one scatter and one bonus symbol`);
  }
  const n = title.reels.length;
  const rows = title.rows;
  if (n < 3 || n > 8 || !Number.isInteger(rows) || rows < 1 || rows > 8) {
    throw new Error(`${title.code}: 3 to 8 reels of 1 to 8 rows`);
  }
  const units = title.betUnits ?? 0;
  if (!Number.isInteger(units) || units < 1)
    throw new Error(`${title.code}: betUnits must be a positive integer`);
  const strips = title.reels.map((strip, r) => {
    if (strip.length < rows) throw new Error(`${title.code}: reel ${r} shorter than the window`);
    return Int32Array.from(strip, (id) => {
      const i = index.get(id);
      if (i === undefined) throw new Error(`${title.code}: unknown symbol ${id} on reel ${r}`);
      return i;
    });
  });
  const pays = new Int32Array(ids.length * (n + 1));
  ids.forEach((id, s) => {
    const row = title.paytable[id] ?? [];
    if (row.length > 0 && kinds[s] !== 'normal')
      throw new Error(`${title.code}: only normal symbols pay ways`);
    row.forEach((pay, i) => {
      if (!Number.isInteger(pay) || pay < 0) throw new Error(`${title.code}: pays must be whole units`);
      if (i + 3 <= n) pays[s * (n + 1) + i + 3] = pay;
    });
  });
  const multipliers = title.cascadeMultipliers ?? [1];
  if (mechanic === 'cascade' && title.cascadeMultipliers === undefined) {
    throw new Error(`${title.code}: a cascade title needs cascadeMultipliers`);
  }
  const whole = (v: number) => Number.isInteger(v) && v >= 0;
  const { trigger, awarded, multiplier } = title.freeSpins;
  if (
    ![trigger, awarded, multiplier, ...multipliers, ...title.scatterPays].every(whole) ||
    multipliers.length === 0
  ) {
    throw new Error(`${title.code}: free spin, scatter and cascade settings must be whole numbers`);
  }
  const hold = title.holdAndWin;
  if (mechanic === 'hold-and-win') {
    const [num, den] = hold?.landing ?? [0, 0];
    if (
      !hold ||
      of('bonus').length !== 1 ||
      !whole(hold.trigger) ||
      hold.trigger < 1 ||
      !whole(hold.respins) ||
      hold.respins < 1 ||
      !whole(num) ||
      !Number.isInteger(den) ||
      den < 1 ||
      num > den ||
      !whole(hold.grand) ||
      hold.values.length === 0 ||
      hold.values.some((v) => !whole(v.value) || !Number.isInteger(v.weight) || v.weight < 1)
    ) {
      throw new Error(`${title.code}: bad hold-and-win settings`);
    }
  }
  const maxWinX = title.maxWinX ?? 0;
  if (!Number.isInteger(maxWinX) || maxWinX < 1)
    throw new Error(`${title.code}: maxWinX must be a positive integer`);
  const compiled: Compiled = {
    ids,
    kinds,
    n,
    rows,
    strips,
    lengths: strips.map((s) => s.length),
    units,
    pays,
    normals: of('normal'),
    wild: of('wild')[0] ?? -1,
    scatter: of('scatter')[0] ?? -1,
    bonus: of('bonus')[0] ?? -1,
    multipliers,
    maxUnits: maxWinX * units,
  };
  cache.set(title, compiled);
  return compiled;
}

type WaysHit = { symbol: number; count: number; ways: number; pay: number };

/**
 * The ways pay (units) of a grid (grid[reel · rows + row], symbol indices); paying ways go to `hits` and
 * their cells are set in `mark` when given.
 */
function evaluateWays(
  c: Compiled,
  grid: Int32Array,
  hits: WaysHit[] | null,
  mark: Uint8Array | null,
): number {
  const { n, rows, wild } = c;
  let total = 0;
  for (const s of c.normals) {
    let ways = 1;
    let count = 0;
    for (let r = 0; r < n; r++) {
      let k = 0;
      for (let row = 0; row < rows; row++) {
        const v = grid[r * rows + row];
        if (v === s || v === wild) k++;
      }
      if (k === 0) break;
      ways *= k;
      count++;
    }
    const pay = (c.pays[s * (n + 1) + count] ?? 0) * ways;
    if (pay === 0) continue;
    total += pay;
    hits?.push({ symbol: s, count, ways, pay });
    if (mark) {
      for (let i = 0; i < count * rows; i++) {
        const v = grid[i];
        if (v === s || v === wild) mark[i] = 1;
      }
    }
  }
  return total;
}

function countIn(c: Compiled, grid: Int32Array, symbol: number): number {
  if (symbol < 0) return 0;
  let k = 0;
  for (let i = 0; i < c.n * c.rows; i++) if (grid[i] === symbol) k++;
  return k;
}

function fillGrid(c: Compiled, stops: ArrayLike<number>, grid: Int32Array): void {
  for (let r = 0; r < c.n; r++) {
    const strip = c.strips[r] ?? new Int32Array(1);
    const len = strip.length;
    for (let row = 0; row < c.rows; row++)
      grid[r * c.rows + row] = strip[((stops[r] ?? 0) + row) % len] ?? -1;
  }
}

/** What a spin reports to an outcome builder; null when only the pay is wanted. */
type SpinLog = {
  hits: WaysHit[];
  cascades: { removed: number[][]; grid: Int32Array; hits: WaysHit[]; multiplier: number; units: number }[];
};

/**
 * One spin at `stops` (base or free, before the free-spin multiplier): its pay in units, cascades
 * included, and its scatter and bonus counts (first window).
 */
function playSpin(
  c: Compiled,
  title: SlotTitle,
  stops: ArrayLike<number>,
  log: SpinLog | null,
): { units: number; scatters: number; bonuses: number; grid: Int32Array } {
  const grid = new Int32Array(c.n * c.rows);
  fillGrid(c, stops, grid);
  const first = grid.slice();
  const cascade = title.mechanic === 'cascade';
  const mark = cascade ? new Uint8Array(grid.length) : null;
  // The first evaluation has a multiplier too (cascadeMultipliers[0]; 1 for the other mechanics).
  let units = evaluateWays(c, grid, log?.hits ?? null, mark) * (c.multipliers[0] ?? 1);
  const scatters = countIn(c, grid, c.scatter);
  const bonuses = countIn(c, grid, c.bonus);
  const tops = Array.from(stops, (s) => s);
  for (let step = 1, won = units > 0; mark && won && step <= MAX_CASCADES; step++) {
    const removed: number[][] = [];
    for (let r = 0; r < c.n; r++) {
      const strip = c.strips[r] ?? new Int32Array(1);
      const len = strip.length;
      const kept: number[] = [];
      const gone: number[] = [];
      for (let row = 0; row < c.rows; row++) {
        if (mark[r * c.rows + row]) gone.push(row);
        else kept.push(grid[r * c.rows + row] ?? -1);
      }
      removed.push(gone);
      // The strip continues above the stop: the new top reads strip[top − gone], …, strip[top − 1].
      const top = ((((tops[r] ?? 0) - gone.length) % len) + len) % len;
      tops[r] = top;
      for (let i = 0; i < gone.length; i++) grid[r * c.rows + i] = strip[(top + i) % len] ?? -1;
      kept.forEach((v, i) => {
        grid[r * c.rows + gone.length + i] = v;
      });
    }
    mark.fill(0);
    const multiplier = c.multipliers[Math.min(step, c.multipliers.length - 1)] ?? 1;
    const hits: WaysHit[] | null = log ? [] : null;
    const pay = evaluateWays(c, grid, hits, mark) * multiplier;
    if (log && hits) log.cascades.push({ removed, grid: grid.slice(), hits, multiplier, units: pay });
    units += pay;
    won = pay > 0;
  }
  units += c.scatter >= 0 && scatters >= 3 ? (title.scatterPays[scatters - 3] ?? 0) * c.units : 0;
  return { units, scatters, bonuses, grid: first };
}

type HoldLog = {
  start: [number, number][];
  respins: { landed: [number, number][]; left: number }[];
  full: boolean;
};

/** The hold-and-win feature from the base grid: its pay in units (values and grand). */
function playHold(
  c: Compiled,
  title: SlotTitle,
  grid: Int32Array,
  draws: Draws,
  log: HoldLog | null,
): number {
  const hold = title.holdAndWin;
  if (!hold) return 0;
  const totalWeight = hold.values.reduce((a, v) => a + v.weight, 0);
  const drawValue = (): number => {
    let x = draws.int(totalWeight);
    for (const v of hold.values) {
      if (x < v.weight) return v.value;
      x -= v.weight;
    }
    return 0;
  };
  const cells = c.n * c.rows;
  const held = new Int32Array(cells).fill(-1);
  let count = 0;
  let sum = 0;
  for (let i = 0; i < cells; i++) {
    if (grid[i] !== c.bonus) continue;
    const v = drawValue();
    held[i] = v;
    sum += v;
    count++;
    log?.start.push([i, v]);
  }
  let left = hold.respins;
  while (left > 0 && count < cells) {
    left--;
    const landed: [number, number][] = [];
    for (let i = 0; i < cells; i++) {
      if ((held[i] ?? 0) >= 0) continue;
      if (draws.int(hold.landing[1]) >= hold.landing[0]) continue;
      const v = drawValue();
      held[i] = v;
      sum += v;
      count++;
      landed.push([i, v]);
    }
    if (landed.length > 0) left = hold.respins;
    log?.respins.push({ landed, left });
  }
  const full = count === cells;
  if (log) log.full = full;
  return (sum + (full ? hold.grand : 0)) * c.units;
}

type RoundLog = {
  spins: {
    stops: number[];
    grid: Int32Array;
    log: SpinLog;
    units: number;
    scatters: number;
    awarded: number;
    multiplier: number;
  }[];
  hold: HoldLog | null;
};

/** One round in draw order: base spin, its hold-and-win feature, its free spins; then the cap. */
function playMechanicRound(
  c: Compiled,
  title: SlotTitle,
  draws: Draws,
  log: RoundLog | null,
): { units: number; capped: boolean } {
  const { trigger, awarded, multiplier, retrigger } = title.freeSpins;
  const stops = new Array<number>(c.n).fill(0);
  const spin = (
    mult: number,
  ): { units: number; scatters: number; bonuses: number; grid: Int32Array; spinLog: SpinLog | null } => {
    for (let r = 0; r < c.n; r++) stops[r] = draws.int(c.lengths[r] ?? 1);
    const spinLog: SpinLog | null = log ? { hits: [], cascades: [] } : null;
    const s = playSpin(c, title, stops, spinLog);
    return { ...s, units: s.units * mult, spinLog };
  };
  const record = (s: ReturnType<typeof spin>, add: number, mult: number) => {
    if (log && s.spinLog) {
      log.spins.push({
        stops: [...stops],
        grid: s.grid,
        log: s.spinLog,
        units: s.units,
        scatters: s.scatters,
        awarded: add,
        multiplier: mult,
      });
    }
  };
  const base = spin(1);
  let total = base.units;
  let given = trigger > 0 && base.scatters >= trigger ? Math.min(awarded, MAX_FREE_SPINS_PER_ROUND) : 0;
  record(base, given, 1);
  const hold = title.mechanic === 'hold-and-win' ? title.holdAndWin : undefined;
  if (hold && base.bonuses >= hold.trigger) {
    const holdLog: HoldLog | null = log ? { start: [], respins: [], full: false } : null;
    total += playHold(c, title, base.grid, draws, holdLog);
    if (log) log.hold = holdLog;
  }
  for (let i = 0; i < given; i++) {
    const free = spin(multiplier);
    let add = 0;
    if (retrigger && free.scatters >= trigger) {
      add = Math.min(awarded, MAX_FREE_SPINS_PER_ROUND - given);
      given += add;
    }
    record(free, add, multiplier);
    total += free.units;
  }
  return total > c.maxUnits ? { units: c.maxUnits, capped: true } : { units: total, capped: false };
}

/** Units of total bet of a title: paylines for lines, betUnits for the others. */
export function mechanicBetUnits(title: SlotTitle): number {
  return compile(title).units;
}

/** A round's total pay in units (× bet / betUnits in minor units), for simulations. */
export function mechanicRoundUnits(title: SlotTitle, inputs: FairInputs, hmac: Hmac = hmacSha256): number {
  return playMechanicRound(compile(title), title, createDraws(inputs, hmac), null).units;
}

/** The pay of one spin at fixed stops (cascades included, no feature), in total bets, and its counts. */
export function mechanicSpinAt(
  title: SlotTitle,
  stops: number[],
): { pay: Fraction; scatterCount: number; bonusCount: number } {
  const c = compile(title);
  if (
    stops.length !== c.n ||
    stops.some((s, r) => !Number.isInteger(s) || s < 0 || s >= (c.lengths[r] ?? 0))
  ) {
    throw new RangeError(`${title.code}: one stop per reel, within the strip`);
  }
  const s = playSpin(c, title, stops, null);
  return { pay: fraction(BigInt(s.units), BigInt(c.units)), scatterCount: s.scatters, bonusCount: s.bonuses };
}

/** One round of a ways, cascade or hold-and-win title: spinSlot's contract, with the outcome fields of types.ts. */
export function spinMechanic(
  title: SlotTitle,
  betMinor: bigint,
  inputs: FairInputs,
  hmac: Hmac = hmacSha256,
): SlotOutcome {
  const c = compile(title);
  const units = BigInt(c.units);
  if (betMinor <= 0n || betMinor % units !== 0n) {
    throw new RangeError(`${title.code}: bet ${betMinor} is not a positive multiple of ${units} units`);
  }
  const unit = betMinor / units;
  const log: RoundLog = { spins: [], hold: null };
  const { units: totalUnits, capped } = playMechanicRound(c, title, createDraws(inputs, hmac), log);
  const toWindow = (grid: Int32Array) =>
    Array.from({ length: c.n }, (_, r) =>
      Array.from({ length: c.rows }, (_, row) => c.ids[grid[r * c.rows + row] ?? -1] ?? ''),
    );
  const toWins = (hits: WaysHit[], mult: bigint): SlotWaysWin[] =>
    hits.map((h) => ({
      symbol: c.ids[h.symbol] ?? '',
      count: h.count,
      ways: h.ways,
      payMinor: (BigInt(h.pay) * mult * unit).toString(),
    }));
  const spins = log.spins.map((s): SlotSpin => {
    const mult = BigInt(s.multiplier);
    const first = BigInt(c.multipliers[0] ?? 1);
    const waysWins = toWins(s.log.hits, mult * first);
    const cascades = s.log.cascades.map(
      (k): SlotCascade => ({
        removed: k.removed,
        window: toWindow(k.grid),
        waysWins: toWins(k.hits, mult * BigInt(k.multiplier)),
        multiplier: k.multiplier,
        payMinor: (BigInt(k.units) * mult * unit).toString(),
      }),
    );
    const scatterUnits =
      s.scatters >= 3 && c.scatter >= 0 ? (title.scatterPays[s.scatters - 3] ?? 0) * c.units : 0;
    return {
      stops: s.stops,
      window: toWindow(s.grid),
      lineWins: [],
      scatterCount: s.scatters,
      scatterPayMinor: (BigInt(scatterUnits) * mult * unit).toString(),
      payMinor: (BigInt(s.units) * unit).toString(),
      freeSpinsAwarded: s.awarded,
      waysWins,
      ...(title.mechanic === 'cascade' ? { cascades } : {}),
    };
  });
  const [base, ...freeSpins] = spins;
  if (!base) throw new Error('a round always has its base spin');
  const cell = ([i, v]: [number, number]): SlotHoldCell => ({
    reel: Math.floor(i / c.rows),
    row: i % c.rows,
    value: v,
    payMinor: (BigInt(v) * betMinor).toString(),
  });
  const hold = log.hold;
  const holdAndWin: SlotHoldAndWin | undefined = hold
    ? (() => {
        const start = hold.start.map(cell);
        const respins = hold.respins.map((r) => ({ landed: r.landed.map(cell), respinsLeft: r.left }));
        const grand = hold.full ? BigInt(title.holdAndWin?.grand ?? 0) * betMinor : 0n;
        const values = [...start, ...respins.flatMap((r) => r.landed)].reduce(
          (a, x) => a + BigInt(x.payMinor),
          0n,
        );
        return {
          start,
          respins,
          full: hold.full,
          grandPayMinor: grand.toString(),
          payMinor: (values + grand).toString(),
        };
      })()
    : undefined;
  return {
    game: 'slot',
    code: title.code,
    betMinor: betMinor.toString(),
    base,
    freeSpins,
    ...(holdAndWin ? { holdAndWin } : {}),
    ...(capped ? { capped } : {}),
    totalPayMinor: (BigInt(totalUnits) * unit).toString(),
  };
}

/** Per reel, how many stops show `symbol` 0, 1, … rows times in the window. */
function windowCounts(c: Compiled, r: number, matches: (v: number) => boolean): bigint[] {
  const strip = c.strips[r] ?? new Int32Array(1);
  const per = new Array<bigint>(c.rows + 1).fill(0n);
  for (let stop = 0; stop < strip.length; stop++) {
    let k = 0;
    for (let row = 0; row < c.rows; row++) if (matches(strip[(stop + row) % strip.length] ?? -1)) k++;
    per[k] = (per[k] ?? 0n) + 1n;
  }
  return per;
}

/** Exact distribution (integer weights over Π strip lengths) of how many cells of a window show `symbol`. */
function countHistogram(c: Compiled, symbol: number): bigint[] {
  let hist: bigint[] = [1n];
  for (let r = 0; r < c.n; r++) {
    const per = windowCounts(c, r, (v) => v === symbol);
    const next = new Array<bigint>(hist.length + c.rows).fill(0n);
    hist.forEach((a, i) => {
      per.forEach((b, j) => {
        next[i + j] = (next[i + j] ?? 0n) + a * b;
      });
    });
    hist = next;
  }
  return hist;
}

export type MechanicExactRtp = Fraction & {
  value: number;
  /** Contributions to the RTP in total bets. */
  parts: { ways: number; scatters: number; freeSpins: number; holdAndWin: number };
  /** Probability that a base spin awards free spins / starts the hold-and-win feature. */
  triggerProbability: number;
  featureProbability: number;
  /** Expected pay of one hold-and-win feature (total bets), and the chance it fills the screen. */
  featureValue: number;
  fullScreenProbability: number;
};

function binomial(n: number, k: number): bigint {
  let b = 1n;
  for (let i = 0; i < k; i++) b = (b * BigInt(n - i)) / BigInt(i + 1);
  return b;
}

/**
 * The exact RTP of a ways or hold-and-win title (a cascade's refills make each spin's pay depend on all
 * its stops together, and the feature on the cascades: simulation.test gives those their figures).
 *
 * - Ways: a reel's stop is uniform and reels are independent, so for symbol s the expected pay of
 *   "exactly k reels" is pay(s, k) · Π_{r<k} E[matching cells on r] · P(no match on reel k): per reel,
 *   Σ over stops of the matching cells and the count of stops with none, as integers over Π lengths.
 * - Scatters and bonus symbols: per-reel histograms convolved (as engine.ts exactRtp).
 * - Free spins (no retrigger): awarded · multiplier · E[spin], each free spin an independent spin.
 * - Hold-and-win: the held values are independent of where they land, so the feature's pay is
 *   (cells held at the end) · E[value] + grand · P(full). The held count is a Markov chain over
 *   (held, respins left): on a respin the e empty cells land Binomial(e, landing) bonuses; solved exactly.
 * The round cap does not enter: titles keep maxWinX above maxWinBound (tested), so it never binds.
 */
export function mechanicExactRtp(title: SlotTitle): MechanicExactRtp {
  const c = compile(title);
  if (title.mechanic === 'cascade') throw new Error(`${title.code}: a cascade title has no exact RTP here`);
  if (title.freeSpins.retrigger && title.freeSpins.trigger > 0) {
    throw new Error(`${title.code}: exact RTP of ways titles is for free spins without retrigger`);
  }
  const { n, units } = c;
  const lens = c.lengths.map(BigInt);
  const D = lens.reduce((a, b) => a * b, 1n);
  let waysNum = 0n; // units, over D
  for (const s of c.normals) {
    const matching: bigint[] = [];
    const none: bigint[] = [];
    for (let r = 0; r < n; r++) {
      const per = windowCounts(c, r, (v) => v === s || v === c.wild);
      matching.push(per.reduce((a, w, k) => a + w * BigInt(k), 0n));
      none.push(per[0] ?? 0n);
    }
    for (let k = 3; k <= n; k++) {
      const pay = BigInt(c.pays[s * (n + 1) + k] ?? 0);
      if (pay === 0n) continue;
      let w = pay;
      for (let r = 0; r < k; r++) w *= matching[r] ?? 0n;
      if (k < n) w *= none[k] ?? 0n;
      for (let r = k + 1; r < n; r++) w *= lens[r] ?? 1n;
      waysNum += w;
    }
  }
  let scatterNum = 0n; // units, over D
  let triggerNum = 0n;
  const { trigger, awarded, multiplier } = title.freeSpins;
  if (c.scatter >= 0) {
    countHistogram(c, c.scatter).forEach((w, k) => {
      if (k >= 3) scatterNum += w * BigInt(title.scatterPays[k - 3] ?? 0) * BigInt(units);
      if (trigger > 0 && k >= trigger) triggerNum += w;
    });
  }
  const spin = fraction(waysNum + scatterNum, D * BigInt(units));
  const pTrigger = fraction(triggerNum, D);
  const free = mul(
    mul(pTrigger, fraction(BigInt(Math.min(awarded, MAX_FREE_SPINS_PER_ROUND) * multiplier))),
    spin,
  );

  let holdPart = fraction(0n);
  let featureNum = 0n;
  let featureValue = fraction(0n);
  let fullProbability = fraction(0n);
  const hold = title.holdAndWin;
  if (title.mechanic === 'hold-and-win' && hold) {
    const cells = n * c.rows;
    const totalWeight = hold.values.reduce((a, v) => a + v.weight, 0);
    const meanValue = fraction(
      BigInt(hold.values.reduce((a, v) => a + v.value * v.weight, 0)),
      BigInt(totalWeight),
    );
    const q = fraction(BigInt(hold.landing[0]), BigInt(hold.landing[1]));
    const notQ = fraction(BigInt(hold.landing[1] - hold.landing[0]), BigInt(hold.landing[1]));
    const pow = (f: Fraction, k: number) => fraction(f.numerator ** BigInt(k), f.denominator ** BigInt(k));
    // [expected held at the end, probability full] from `held` cells with `left` respins.
    const memo = new Map<string, [Fraction, Fraction]>();
    const chain = (held: number, left: number): [Fraction, Fraction] => {
      if (held === cells) return [fraction(BigInt(cells)), fraction(1n)];
      if (left === 0) return [fraction(BigInt(held)), fraction(0n)];
      const key = `${held}:${left}`;
      const known = memo.get(key);
      if (known) return known;
      const empty = cells - held;
      let e = fraction(0n);
      let p = fraction(0n);
      for (let j = 0; j <= empty; j++) {
        const w = mul(fraction(binomial(empty, j)), mul(pow(q, j), pow(notQ, empty - j)));
        const [eh, pf] = chain(held + j, j > 0 ? hold.respins : left - 1);
        e = add(e, mul(w, eh));
        p = add(p, mul(w, pf));
      }
      const result: [Fraction, Fraction] = [e, p];
      memo.set(key, result);
      return result;
    };
    const hist = countHistogram(c, c.bonus);
    let valueSum = fraction(0n);
    let fullSum = fraction(0n);
    hist.forEach((w, b) => {
      if (b < hold.trigger || w === 0n) return;
      const [eh, pf] = chain(b, hold.respins);
      const pay = add(mul(eh, meanValue), mul(pf, fraction(BigInt(hold.grand))));
      valueSum = add(valueSum, mul(fraction(w), pay));
      fullSum = add(fullSum, mul(fraction(w), pf));
      featureNum += w;
    });
    holdPart = mul(valueSum, fraction(1n, D));
    if (featureNum > 0n) {
      featureValue = mul(valueSum, fraction(1n, featureNum));
      fullProbability = mul(fullSum, fraction(1n, featureNum));
    }
  }
  const rtp = add(add(spin, free), holdPart);
  return {
    ...rtp,
    value: toNumber(rtp),
    parts: {
      ways: toNumber(fraction(waysNum, D * BigInt(units))),
      scatters: toNumber(fraction(scatterNum, D * BigInt(units))),
      freeSpins: toNumber(free),
      holdAndWin: toNumber(holdPart),
    },
    triggerProbability: toNumber(pTrigger),
    featureProbability: toNumber(fraction(featureNum, D)),
    featureValue: toNumber(featureValue),
    fullScreenProbability: toNumber(fullProbability),
  };
}

/**
 * An upper bound of one round's pay in total bets, ignoring the cap: every symbol's best ways at once
 * (per reel, the most cells its window ever shows of the symbol or wild), the best scatter pay, for the base spin and each free spin (100 with retrigger), the feature
 * with every cell at the top value plus the grand prize, and cascades bounded by MAX_CASCADES at the top
 * multiplier. Titles whose exact RTP ignores the cap keep maxWinX at or above it.
 */
export function maxWinBound(title: SlotTitle): number {
  const c = compile(title);
  let spin = 0;
  for (const s of c.normals) {
    let best = 0;
    let ways = 1;
    for (let k = 1; k <= c.n; k++) {
      // The most cells showing s or wild that reel k − 1 ever shows in its window.
      const per = windowCounts(c, k - 1, (v) => v === s || v === c.wild);
      ways *= per.reduce((top, w, i) => (w > 0n ? i : top), 0);
      best = Math.max(best, (c.pays[s * (c.n + 1) + k] ?? 0) * ways);
    }
    spin += best;
  }
  const cascades = title.mechanic === 'cascade' ? (1 + MAX_CASCADES) * Math.max(...c.multipliers) : 1;
  const spinX = (spin * cascades) / c.units + Math.max(0, ...title.scatterPays);
  const { trigger, awarded, multiplier, retrigger } = title.freeSpins;
  const freeCount =
    trigger > 0 ? (retrigger ? MAX_FREE_SPINS_PER_ROUND : Math.min(awarded, MAX_FREE_SPINS_PER_ROUND)) : 0;
  const hold = title.holdAndWin;
  const holdX =
    title.mechanic === 'hold-and-win' && hold
      ? c.n * c.rows * Math.max(...hold.values.map((v) => v.value)) + hold.grand
      : 0;
  return spinX * (1 + freeCount * multiplier) + holdX;
}
