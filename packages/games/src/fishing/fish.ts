import { add, type Fraction, fraction, mul, sub } from '../rational.ts';

/**
 * The fishing game's fish table and its maths (docs/fishing.md "The table", "The maths").
 *
 * Every shot at any fish returns, on average, exactly the declared RTP of the bullet: a fish whose capture
 * pays m times the bullet is captured with probability p = RTP / E[m]. There are no hit points: each shot
 * is an independent trial, so a fish that has already taken shots is worth no more than a fresh one, and no
 * way of choosing targets (a wounded boss, a crowd near a bomb) changes what a shot returns on average.
 */

/** The declared return to player of every shot, as the exact fraction the capture odds are derived from. */
export const FISHING_RTP: Fraction = fraction(24n, 25n);
/** The same as a number, 4 decimals, as the catalogue declares RTPs. */
export const FISHING_DECLARED_RTP = 0.96;

export type FishKind = 'small' | 'medium' | 'large' | 'boss' | 'bomb' | 'golden';

/** One possible multiplier of a capture and its weight among the species' multipliers. */
export type FishMultiplier = { multiplier: number; weight: number };

export type FishSpecies = {
  code: string;
  kind: FishKind;
  names: { en: string; hi: string };
  /**
   * What a capture pays, in bullets. One entry: fixed. Several (the golden fish): one is drawn on capture
   * by weight. A bomb's own multiplier; the fish it blows up pay theirs on top.
   */
  multipliers: readonly FishMultiplier[];
  /** Relative frequency in the scene (the table's weights add up to 1,000). */
  spawnWeight: number;
  /** Size in scene units (the scene is 1600 × 900): what the screen draws and a tap must land within. */
  radius: number;
  /** Time to cross the scene before a ±15 % draw, in ms. */
  crossingMs: number;
};

const fixed = (multiplier: number): FishMultiplier[] => [{ multiplier, weight: 1 }];

const fish = (
  code: string,
  kind: FishKind,
  en: string,
  hi: string,
  multipliers: FishMultiplier[],
  spawnWeight: number,
  radius: number,
  crossingMs: number,
): FishSpecies => ({ code, kind, names: { en, hi }, multipliers, spawnWeight, radius, crossingMs });

/** The golden carp's multipliers: ×30 … ×300, E[m] = 6,600 / 100 = 66 exactly. */
export const GOLDEN_MULTIPLIERS: readonly FishMultiplier[] = [
  { multiplier: 30, weight: 40 },
  { multiplier: 50, weight: 25 },
  { multiplier: 80, weight: 15 },
  { multiplier: 100, weight: 10 },
  { multiplier: 150, weight: 5 },
  { multiplier: 200, weight: 3 },
  { multiplier: 300, weight: 2 },
];

/** 18 species, smallest first. */
export const FISH_SPECIES: readonly FishSpecies[] = [
  fish('minnow', 'small', 'Minnow', 'छोटी मछली', fixed(2), 140, 22, 8000),
  fish('clownfish', 'small', 'Clownfish', 'जोकर मछली', fixed(3), 120, 26, 8500),
  fish('angelfish', 'small', 'Angelfish', 'एंजेल मछली', fixed(4), 110, 28, 8500),
  fish('pufferfish', 'small', 'Pufferfish', 'पफ़र मछली', fixed(5), 100, 30, 9000),
  fish('lionfish', 'medium', 'Lionfish', 'शेर मछली', fixed(8), 80, 40, 11000),
  fish('seahorse', 'medium', 'Seahorse', 'समुद्री घोड़ा', fixed(10), 70, 42, 11500),
  fish('turtle', 'medium', 'Sea turtle', 'समुद्री कछुआ', fixed(15), 60, 50, 12000),
  fish('stingray', 'medium', 'Stingray', 'स्टिंगरे', fixed(20), 50, 55, 12500),
  fish('octopus', 'medium', 'Octopus', 'ऑक्टोपस', fixed(30), 40, 60, 13000),
  fish('swordfish', 'large', 'Swordfish', 'तलवार मछली', fixed(40), 40, 70, 15000),
  fish('shark', 'large', 'Shark', 'शार्क', fixed(60), 30, 80, 16000),
  fish('manta', 'large', 'Manta ray', 'मांटा रे', fixed(80), 25, 90, 16500),
  fish('killer-whale', 'large', 'Killer whale', 'किलर व्हेल', fixed(100), 20, 95, 17000),
  fish('sea-serpent', 'boss', 'Sea serpent', 'समुद्री सर्प', fixed(150), 12, 130, 22000),
  fish('kraken', 'boss', 'Kraken', 'क्रैकन', fixed(300), 8, 150, 24000),
  fish('dragon-king', 'boss', 'Dragon King', 'ड्रैगन राजा', fixed(500), 5, 160, 25000),
  fish('bomb-crab', 'bomb', 'Bomb crab', 'बम केकड़ा', fixed(10), 40, 45, 12000),
  fish('golden-carp', 'golden', 'Golden carp', 'सुनहरी कार्प', [...GOLDEN_MULTIPLIERS], 50, 50, 9000),
];

const BY_CODE = new Map(FISH_SPECIES.map((s) => [s.code, s]));

export function fishSpecies(code: string): FishSpecies | undefined {
  return BY_CODE.get(code);
}

/** A bomb crab blows up at most this many fish … */
export const BOMB_MAX_CATCH = 12;
/** … within this distance of its centre (scene units), nearest first (scene.ts `bombCatch`). */
export const BOMB_RADIUS = 300;

/** Bosses and other bombs survive a blast: the bomb pays at most 10 + 12 × 100 = 1,210 bullets. */
export function bombCanCatch(species: FishSpecies): boolean {
  return species.kind !== 'boss' && species.kind !== 'bomb';
}

function totalWeight(species: FishSpecies): number {
  return species.multipliers.reduce((sum, m) => sum + m.weight, 0);
}

/** E[m]: the species' expected multiplier, exact. */
export function expectedMultiplier(species: FishSpecies): Fraction {
  let sum = 0n;
  for (const m of species.multipliers) sum += BigInt(m.multiplier) * BigInt(m.weight);
  return fraction(sum, BigInt(totalWeight(species)));
}

/** E[m²], for the variance of a shot's return. */
export function multiplierSecondMoment(species: FishSpecies): Fraction {
  let sum = 0n;
  for (const m of species.multipliers) sum += BigInt(m.multiplier) ** 2n * BigInt(m.weight);
  return fraction(sum, BigInt(totalWeight(species)));
}

/**
 * What a capture is expected to pay, in bullets: the target's E[m], plus for a bomb the E[m] of each fish
 * the blast takes (the scene's `bombCatch`; empty for any other target).
 */
export function expectedCapturePay(target: FishSpecies, caught: readonly FishSpecies[]): Fraction {
  return caught.reduce((sum, s) => add(sum, expectedMultiplier(s)), expectedMultiplier(target));
}

/**
 * p = RTP / E[capture pay]: the capture probability that makes the shot's expected return exactly the RTP.
 * For a bomb it depends on what the blast would take, so it is derived per shot.
 */
export function captureProbability(target: FishSpecies, caught: readonly FishSpecies[] = []): Fraction {
  const pay = expectedCapturePay(target, caught);
  return fraction(FISHING_RTP.numerator * pay.denominator, FISHING_RTP.denominator * pay.numerator);
}

/** p · E[capture pay]: the exact expected return of one shot per bullet (= FISHING_RTP by construction). */
export function exactShotRtp(target: FishSpecies, caught: readonly FishSpecies[] = []): Fraction {
  return mul(captureProbability(target, caught), expectedCapturePay(target, caught));
}

/**
 * Var of one shot's return per bullet, exact: p · E[(Σ m)²] − RTP², where the multipliers of the target and
 * of the fish a blast takes are independent, so E[(Σ m)²] = Var(Σ m) + E[Σ m]² = Σ (E[m²] − E[m]²) + E[Σ m]².
 */
export function shotReturnVariance(target: FishSpecies, caught: readonly FishSpecies[] = []): Fraction {
  const all = [target, ...caught];
  const mean = expectedCapturePay(target, caught);
  let secondMoment = mul(mean, mean);
  for (const s of all) {
    const e = expectedMultiplier(s);
    secondMoment = add(secondMoment, sub(multiplierSecondMoment(s), mul(e, e)));
  }
  return sub(mul(captureProbability(target, caught), secondMoment), mul(FISHING_RTP, FISHING_RTP));
}
