import { createDraws, type Draws, type Hmac, hmacSha256 } from '../fair.ts';
import { type Fraction, fraction, toNumber } from '../rational.ts';
import type { FairInputs, SlotLineWin, SlotOutcome, SlotSpin, SlotTitle } from '../types.ts';
import { MAX_FREE_SPINS_PER_ROUND } from './limits.ts';
import { mechanicRoundUnits, mechanicSpinAt, spinMechanic } from './mechanics.ts';

/**
 * The reel engine (docs/games-contract.md "slots/engine.ts").
 *
 * Rules: each reel stops at `int(strip.length)` (reels in order); the window shows `rows` consecutive strip
 * symbols from the stop (wrapping). A payline pays left to right for 3+ of a kind; a wild substitutes for
 * every normal symbol (never a scatter); a line pays only its best combination; line bet = total bet /
 * paylines. Scatters anywhere in the window pay × total bet. `trigger`+ scatters award free spins played at
 * once in the same round at `multiplier` (on line and scatter pays alike), each drawing its stops after the
 * previous one; with `retrigger`, a free spin with `trigger`+ scatters adds `awarded` more.
 *
 * Cap: a round awards at most MAX_FREE_SPINS_PER_ROUND free spins in total (a retrigger past it adds only
 * what is left). This bounds a round's work and its worst-case liability; exactRtp models the cap exactly.
 */
export { MAX_FREE_SPINS_PER_ROUND };

type Kind = SlotTitle['symbols'][number]['kind'];

/** Ways, cascade and hold-and-win titles are played by mechanics.ts. */
function isLines(title: SlotTitle): boolean {
  return (title.mechanic ?? 'lines') === 'lines';
}

/**
 * A title turned into flat integer arrays once, so a spin does no string lookups, no modulo and no
 * allocation. (Typed-array reads carry `?? 0` only to satisfy noUncheckedIndexedAccess: every index is in
 * range by construction.)
 */
type Compiled = {
  ids: string[];
  kinds: Kind[];
  reelCount: number;
  rows: number;
  /** Strip length per reel. */
  lengths: Int32Array;
  /** Symbol indices of each strip, as written. */
  strips: Int32Array[];
  /** view[viewStart[r] + stop · rows + row] = symbol shown at `row` when reel r stops at `stop`. */
  view: Int32Array;
  viewStart: Int32Array;
  /** Paylines flat: row of line l on reel r at l · reelCount + r. */
  lines: Int32Array;
  lineCount: number;
  /** pays[s · (reelCount + 1) + count] in line bets (0 below 3 of a kind). */
  pays: Int32Array;
  wild: number;
  scatter: number;
  /** For `count` wilds standing in for "any normal symbol": the best normal symbol and its pay. */
  anySymbol: Int32Array;
  anyPay: Int32Array;
  scatterPays: number[];
};

const compiledCache = new WeakMap<SlotTitle, Compiled>();

function compile(title: SlotTitle): Compiled {
  const cached = compiledCache.get(title);
  if (cached) return cached;
  const ids = title.symbols.map((s) => s.id);
  const kinds = title.symbols.map((s) => s.kind);
  const index = new Map(ids.map((id, i) => [id, i]));
  if (index.size !== ids.length) throw new Error(`${title.code}: duplicate symbol id`);
  const wilds = kinds.flatMap((k, i) => (k === 'wild' ? [i] : []));
  const scatters = kinds.flatMap((k, i) => (k === 'scatter' ? [i] : []));
  if (wilds.length > 1 || scatters.length > 1) {
    throw new Error(`${title.code}: at most one wild and one scatter`);
  }
  const n = title.reels.length;
  const rows = title.rows;
  if (n < 3 || n > 16) throw new Error(`${title.code}: 3 to 16 reels`);
  if (!Number.isInteger(rows) || rows < 1) throw new Error(`${title.code}: rows must be a positive integer`);
  const strips = title.reels.map((strip, r) => {
    if (strip.length < rows) throw new Error(`${title.code}: reel ${r} shorter than the window`);
    return Int32Array.from(strip, (id) => {
      const i = index.get(id);
      if (i === undefined) throw new Error(`${title.code}: unknown symbol ${id} on reel ${r}`);
      return i;
    });
  });
  for (const line of title.paylines) {
    if (line.length !== n || line.some((row) => !Number.isInteger(row) || row < 0 || row >= rows)) {
      throw new Error(`${title.code}: bad payline ${JSON.stringify(line)}`);
    }
  }
  const pays = new Int32Array(ids.length * (n + 1));
  ids.forEach((id, s) => {
    (title.paytable[id] ?? []).forEach((pay, i) => {
      if (!Number.isInteger(pay) || pay < 0) throw new Error(`${title.code}: pays must be whole line bets`);
      if (i + 3 <= n) pays[s * (n + 1) + i + 3] = pay;
    });
  });
  const anySymbol = new Int32Array(n + 1).fill(-1);
  const anyPay = new Int32Array(n + 1);
  for (let count = 0; count <= n; count++) {
    kinds.forEach((k, s) => {
      const pay = pays[s * (n + 1) + count] ?? 0;
      if (k === 'normal' && pay > (anyPay[count] ?? 0)) {
        anyPay[count] = pay;
        anySymbol[count] = s;
      }
    });
  }
  const { trigger, awarded, multiplier } = title.freeSpins;
  if (![trigger, awarded, multiplier].every((v) => Number.isInteger(v) && v >= 0)) {
    throw new Error(`${title.code}: free spin settings must be whole numbers`);
  }
  if (title.scatterPays.some((p) => !Number.isInteger(p) || p < 0)) {
    throw new Error(`${title.code}: scatter pays must be whole total bets`);
  }
  const viewStart = new Int32Array(n);
  const view = new Int32Array(strips.reduce((a, st) => a + st.length * rows, 0));
  let at = 0;
  strips.forEach((strip, r) => {
    viewStart[r] = at;
    for (let stop = 0; stop < strip.length; stop++) {
      for (let row = 0; row < rows; row++) view[at++] = strip[(stop + row) % strip.length] ?? -1;
    }
  });
  const compiled: Compiled = {
    ids,
    kinds,
    reelCount: n,
    rows,
    lengths: Int32Array.from(strips, (st) => st.length),
    strips,
    view,
    viewStart,
    lines: Int32Array.from(title.paylines.flat()),
    lineCount: title.paylines.length,
    pays,
    wild: wilds[0] ?? -1,
    scatter: scatters[0] ?? -1,
    anySymbol,
    anyPay,
    scatterPays: [...title.scatterPays],
  };
  compiledCache.set(title, compiled);
  return compiled;
}

/** bestLine's result, kept in module scope so the hot loop allocates nothing (all code here is sync). */
let bestSymbol = -1;
let bestCount = 0;

/**
 * The pay in line bets of the best left-to-right combination of one line's symbols (indices, reel order),
 * 0 if none; its symbol and length are left in bestSymbol / bestCount. A leading run of wilds may count as
 * the normal symbol that follows it, as "any normal symbol" when a scatter or the end follows it, or as
 * wilds in their own right (if wild has pays); the highest pay wins.
 */
function bestLine(c: Compiled, symbols: ArrayLike<number>): number {
  const n = c.reelCount;
  const wild = c.wild;
  let lead = 0;
  while (lead < n && symbols[lead] === wild) lead++;
  let pay = 0;
  bestSymbol = -1;
  bestCount = 0;
  const first = lead < n ? (symbols[lead] ?? -1) : -1;
  if (first >= 0 && c.kinds[first] === 'normal') {
    let count = lead + 1;
    while (count < n && (symbols[count] === first || symbols[count] === wild)) count++;
    pay = c.pays[first * (n + 1) + count] ?? 0;
    if (pay > 0) {
      bestSymbol = first;
      bestCount = count;
    }
  } else {
    pay = c.anyPay[lead] ?? 0;
    if (pay > 0) {
      bestSymbol = c.anySymbol[lead] ?? -1;
      bestCount = lead;
    }
  }
  if (wild >= 0) {
    const wildPay = c.pays[wild * (n + 1) + lead] ?? 0;
    if (wildPay > pay) {
      pay = wildPay;
      bestSymbol = wild;
      bestCount = lead;
    }
  }
  return pay;
}

/** Line pay in line bets for a tuple of symbol ids (used by the UI paytable and the tests). */
export function linePay(
  title: SlotTitle,
  symbolIds: string[],
): { symbol: string; count: number; pay: number } | null {
  const c = compile(title);
  if (symbolIds.length !== c.reelCount) throw new RangeError(`${title.code}: one symbol per reel`);
  const pay = bestLine(
    c,
    symbolIds.map((id) => c.ids.indexOf(id)),
  );
  const symbol = c.ids[bestSymbol];
  return pay > 0 && symbol !== undefined ? { symbol, count: bestCount, pay } : null;
}

type LineHit = { line: number; symbol: number; count: number; pay: number };

const lineScratch = new Int32Array(16);
const stopScratch = new Int32Array(16);
/** Scatter count of the last `evaluate`. */
let lastScatters = 0;

/**
 * The pay in LINE BETS of one spin at `stops` (line pays plus the scatter pay × paylines, before any
 * multiplier); the scatter count is left in lastScatters. Paying lines go to `hits` when it is given.
 */
function evaluate(c: Compiled, stops: ArrayLike<number>, hits: LineHit[] | null): number {
  const n = c.reelCount;
  const rows = c.rows;
  const view = c.view;
  const lines = c.lines;
  let total = 0;
  for (let l = 0; l < c.lineCount; l++) {
    for (let r = 0; r < n; r++) {
      const at = (c.viewStart[r] ?? 0) + (stops[r] ?? 0) * rows + (lines[l * n + r] ?? 0);
      lineScratch[r] = view[at] ?? -1;
    }
    const pay = bestLine(c, lineScratch);
    if (pay > 0) {
      total += pay;
      hits?.push({ line: l, symbol: bestSymbol, count: bestCount, pay });
    }
  }
  let scatters = 0;
  if (c.scatter >= 0) {
    for (let r = 0; r < n; r++) {
      const at = (c.viewStart[r] ?? 0) + (stops[r] ?? 0) * rows;
      for (let row = 0; row < rows; row++) if (view[at + row] === c.scatter) scatters++;
    }
  }
  lastScatters = scatters;
  if (scatters >= 3) total += (c.scatterPays[scatters - 3] ?? 0) * c.lineCount;
  return total;
}

/**
 * The pay of one spin at fixed stops, in units of the total bet, as an exact fraction (line pays are in
 * line bets = 1/paylines of the total), with its scatter count. Exposed for the brute-force RTP check.
 */
export function spinValueAt(title: SlotTitle, stops: number[]): { pay: Fraction; scatterCount: number } {
  if (!isLines(title)) {
    const { pay, scatterCount } = mechanicSpinAt(title, stops);
    return { pay, scatterCount };
  }
  const c = compile(title);
  if (
    stops.length !== c.reelCount ||
    stops.some((s, r) => !Number.isInteger(s) || s < 0 || s >= (c.lengths[r] ?? 0))
  ) {
    throw new RangeError(`${title.code}: one stop per reel, within the strip`);
  }
  const units = evaluate(c, stops, null);
  return { pay: fraction(BigInt(units), BigInt(c.lineCount)), scatterCount: lastScatters };
}

/**
 * One round: the base spin then its free spins, in draw order. Returns the total pay in line bets
 * (multiplier applied); `record` (if given) sees each spin as it is played.
 */
function playCore(
  c: Compiled,
  title: SlotTitle,
  draws: Draws,
  record:
    | ((stops: number[], units: number, hits: LineHit[], multiplier: number, awarded: number) => void)
    | null,
): number {
  const n = c.reelCount;
  const { trigger, awarded, multiplier, retrigger } = title.freeSpins;
  let hits: LineHit[] = [];
  const run = (mult: number, onAward: (scatters: number) => number): number => {
    for (let r = 0; r < n; r++) stopScratch[r] = draws.int(c.lengths[r] ?? 1);
    if (record) hits = [];
    const units = evaluate(c, stopScratch, record ? hits : null);
    const add = onAward(lastScatters);
    record?.(Array.from(stopScratch.subarray(0, n)), units * mult, hits, mult, add);
    return units * mult;
  };
  let totalAwarded = 0;
  let total = run(1, (scatters) => {
    totalAwarded = trigger > 0 && scatters >= trigger ? Math.min(awarded, MAX_FREE_SPINS_PER_ROUND) : 0;
    return totalAwarded;
  });
  for (let i = 0; i < totalAwarded; i++) {
    total += run(multiplier, (scatters) => {
      if (!retrigger || scatters < trigger) return 0;
      const add = Math.min(awarded, MAX_FREE_SPINS_PER_ROUND - totalAwarded);
      totalAwarded += add;
      return add;
    });
  }
  return total;
}

function checkBet(title: SlotTitle, c: Compiled, betMinor: bigint): bigint {
  const lineCount = BigInt(c.lineCount);
  if (betMinor <= 0n || betMinor % lineCount !== 0n) {
    throw new RangeError(`${title.code}: bet ${betMinor} is not a positive multiple of ${lineCount} lines`);
  }
  return betMinor / lineCount;
}

/**
 * Plays one round of `title` for a total bet of `betMinor` (one of `title.betsMinor`; play.ts checks that;
 * here it must at least be a positive multiple of the paylines so line bets are whole minor units).
 */
export function spinSlot(
  title: SlotTitle,
  betMinor: bigint,
  inputs: FairInputs,
  hmac: Hmac = hmacSha256,
): SlotOutcome {
  if (!isLines(title)) return spinMechanic(title, betMinor, inputs, hmac);
  const c = compile(title);
  const lineBet = checkBet(title, c, betMinor);
  const spins: SlotSpin[] = [];
  const totalUnits = playCore(
    c,
    title,
    createDraws(inputs, hmac),
    (stops, units, hits, multiplier, awarded) => {
      const mult = BigInt(multiplier);
      const scatterUnits = units - hits.reduce((a, h) => a + h.pay * multiplier, 0);
      spins.push({
        stops,
        window: title.reels.map((strip, r) =>
          Array.from({ length: title.rows }, (_, row) => strip[((stops[r] ?? 0) + row) % strip.length] ?? ''),
        ),
        lineWins: hits.map(
          (h): SlotLineWin => ({
            line: h.line,
            symbol: c.ids[h.symbol] ?? '',
            count: h.count,
            payMinor: (BigInt(h.pay) * lineBet * mult).toString(),
          }),
        ),
        scatterCount: lastScatters,
        scatterPayMinor: (BigInt(scatterUnits) * lineBet).toString(),
        payMinor: (BigInt(units) * lineBet).toString(),
        freeSpinsAwarded: awarded,
      });
    },
  );
  const [base, ...freeSpins] = spins;
  if (!base) throw new Error('a round always has its base spin');
  return {
    game: 'slot',
    code: title.code,
    betMinor: betMinor.toString(),
    base,
    freeSpins,
    totalPayMinor: (BigInt(totalUnits) * lineBet).toString(),
  };
}

/**
 * A round's total pay in line bets (so in minor units it is × bet / paylines), without building the
 * outcome: the same draws and evaluation as spinSlot, for simulations of millions of rounds. Other
 * mechanics: in units of total bet / betUnits.
 */
export function slotRoundPayLines(title: SlotTitle, inputs: FairInputs, hmac: Hmac = hmacSha256): number {
  if (!isLines(title)) return mechanicRoundUnits(title, inputs, hmac);
  return playCore(compile(title), title, createDraws(inputs, hmac), null);
}

export type SlotExactRtp = Fraction & {
  /** The RTP as a double (for display and tests). */
  value: number;
  /** Contributions to the RTP: base-game lines and scatters, and everything won in free spins. */
  parts: { lines: number; scatters: number; freeSpins: number };
  /** Probability that one spin shows `trigger`+ scatters. */
  triggerProbability: number;
  /** Expected number of free spins played once triggered (cap included). */
  expectedFreeSpins: number;
};

/**
 * The exact RTP of a title, from its strips alone.
 *
 * Method (proven against brute force over every stop combination in engine.test.ts):
 * - Lines: each reel's stop is uniform, so the symbol a payline sees on reel r is distributed like the
 *   strip's symbol counts, independently across reels. The expected pay of ONE line is the sum over symbol
 *   tuples of Π count_r(sym_r) · pay(tuple) / Π len_r, the same for every line; L lines at 1/L of the
 *   bet each give that value in total bets.
 * - Scatters: per reel, the histogram of scatters in the window over all stops; convolving the reels
 *   gives the exact scatter-count distribution, hence scatter pays and the trigger probability p.
 * - Free spins: a free spin is an independent spin (same strips), so free-spin winnings = E[N] · M ·
 *   E[spin] where N is the number of free spins played. With retriggers and the per-round cap, E[N] comes
 *   from an exact forward pass over the states (spins played, spins awarded) with integer weights.
 */
export function exactRtp(title: SlotTitle): SlotExactRtp {
  if (!isLines(title))
    throw new Error(`${title.code}: mechanics.ts mechanicExactRtp answers for ${title.mechanic}`);
  const c = compile(title);
  const n = c.reelCount;
  const D = c.strips.reduce((a, strip) => a * BigInt(strip.length), 1n);

  // Per reel: symbol index → count on the strip.
  const counts = c.strips.map((strip) => {
    const m = new Map<number, number>();
    for (const s of strip) m.set(s, (m.get(s) ?? 0) + 1);
    return [...m.entries()];
  });

  // Lines: enumerate symbol tuples (distinct symbols per reel), weights as bigint products.
  let lineNum = 0n; // over D, in line bets
  const tuple = new Array<number>(n).fill(0);
  const walk = (r: number, weight: bigint): void => {
    const reel = counts[r];
    if (!reel) {
      const pay = bestLine(c, tuple);
      if (pay > 0) lineNum += weight * BigInt(pay);
      return;
    }
    for (const [s, k] of reel) {
      tuple[r] = s;
      walk(r + 1, weight * BigInt(k));
    }
  };
  walk(0, 1n);

  // Scatters: histogram of scatter count over all stop combinations, by convolution.
  let hist: bigint[] = [1n];
  for (const strip of c.strips) {
    const per = new Array<bigint>(c.rows + 1).fill(0n);
    for (let stop = 0; stop < strip.length; stop++) {
      let k = 0;
      for (let row = 0; row < c.rows; row++) if (strip[(stop + row) % strip.length] === c.scatter) k++;
      per[k] = (per[k] ?? 0n) + 1n;
    }
    const next = new Array<bigint>(hist.length + c.rows).fill(0n);
    hist.forEach((a, i) => {
      per.forEach((b, j) => {
        next[i + j] = (next[i + j] ?? 0n) + a * b;
      });
    });
    hist = next;
  }
  let scatterNum = 0n; // over D, in total bets
  let triggerNum = 0n; // over D
  const { trigger, awarded, multiplier, retrigger } = title.freeSpins;
  hist.forEach((ways, count) => {
    if (count >= 3) scatterNum += ways * BigInt(c.scatterPays[count - 3] ?? 0);
    if (trigger > 0 && count >= trigger) triggerNum += ways;
  });

  // E[spin] in total bets = lineNum/D + scatterNum/D.
  const spinNum = lineNum + scatterNum;

  // E[N]: forward pass. mass[T] = integer weight (over D^i after i spins) of "awarded T so far, i played".
  const A0 = awarded > 0 && triggerNum > 0n ? Math.min(awarded, MAX_FREE_SPINS_PER_ROUND) : 0;
  const reNum = retrigger ? triggerNum : 0n;
  const cap = MAX_FREE_SPINS_PER_ROUND;
  let expectedN: Fraction = fraction(0n);
  if (A0 > 0) {
    let mass = new Map<number, bigint>([[A0, 1n]]);
    let doneNum = 0n; // Σ T · weight · D^(cap − i), over D^cap
    for (let i = 0; i <= cap && mass.size > 0; i++) {
      const next = new Map<number, bigint>();
      for (const [T, w] of mass) {
        if (T === i) {
          doneNum += BigInt(T) * w * D ** BigInt(cap - i);
          continue;
        }
        const up = Math.min(T + awarded, cap);
        if (reNum > 0n) next.set(up, (next.get(up) ?? 0n) + w * reNum);
        next.set(T, (next.get(T) ?? 0n) + w * (D - reNum));
      }
      mass = next;
    }
    expectedN = fraction(doneNum, D ** BigInt(cap));
  }

  // RTP = E[spin] + p · E[N] · M · E[spin]
  const base = fraction(spinNum, D);
  const free = fraction(
    triggerNum * expectedN.numerator * BigInt(multiplier) * spinNum,
    D * expectedN.denominator * D,
  );
  const rtp = fraction(
    base.numerator * free.denominator + free.numerator * base.denominator,
    base.denominator * free.denominator,
  );
  return {
    numerator: rtp.numerator,
    denominator: rtp.denominator,
    value: toNumber(rtp),
    parts: {
      lines: toNumber(fraction(lineNum, D)),
      scatters: toNumber(fraction(scatterNum, D)),
      freeSpins: toNumber(free),
    },
    triggerProbability: toNumber(fraction(triggerNum, D)),
    expectedFreeSpins: toNumber(expectedN),
  };
}
