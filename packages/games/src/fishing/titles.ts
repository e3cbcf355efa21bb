import { add, type Fraction, fraction, mul, toNumber } from '../rational.ts';
import { exactShotRtp, FISH_SPECIES, type FishKind, type FishSpecies } from './fish.ts';
import type { FishingScene } from './scene.ts';
import { FISHING_BULLETS_MINOR } from './shot.ts';

/**
 * The studio's fishing titles (docs/fishing.md "Titles"): one engine (fish.ts, shot.ts, scene.ts), three
 * tables. A title is a subset of the species (by kind) and a range of the bullet list; everything else —
 * its declared RTP, its rules table, its limits in the catalogue — is computed here from the maths, never
 * typed by hand. Each title's scene draws only its own species (`sceneOf`), and every session gets its own
 * scene seed (the server's), so the titles' scenes never coincide.
 */

export type FishingTitleCode = 'ocean-king' | 'lotus-reef' | 'deep-sea-hunt';

export type FishingTitle = {
  code: FishingTitleCode;
  names: { en: string; hi: string };
  /** The species its scene spawns, in table order. */
  species: readonly FishSpecies[];
  /** The bullets a player may choose (a contiguous range of FISHING_BULLETS_MINOR), ascending. */
  bulletsMinor: readonly bigint[];
  /**
   * The RTP of a shot at a fish drawn by the title's spawn weights: Σ w·(p·E[m]) / Σ w, exact. Every
   * species returns FISHING_RTP per shot, so this is 24/25 for every title — computed, not assumed.
   */
  exactRtp: Fraction;
  /** exactRtp to 4 decimals, as the catalogue declares RTPs. */
  declaredRtp: number;
};

function bulletsBetween(min: bigint, max: bigint): bigint[] {
  return FISHING_BULLETS_MINOR.filter((b) => b >= min && b <= max);
}

/** Σ w·RTP(s) / Σ w over the species (a bomb counted with an empty blast: its RTP is the same whatever it takes). */
export function titleRtp(species: readonly FishSpecies[]): Fraction {
  let sum = fraction(0n);
  let weights = 0n;
  for (const s of species) {
    sum = add(sum, mul(fraction(BigInt(s.spawnWeight)), exactShotRtp(s)));
    weights += BigInt(s.spawnWeight);
  }
  return mul(sum, fraction(1n, weights));
}

function title(
  code: FishingTitleCode,
  names: { en: string; hi: string },
  kinds: readonly FishKind[],
  bullets: [bigint, bigint],
): FishingTitle {
  const species = FISH_SPECIES.filter((s) => kinds.includes(s.kind));
  const exactRtp = titleRtp(species);
  return {
    code,
    names,
    species,
    bulletsMinor: bulletsBetween(bullets[0], bullets[1]),
    exactRtp,
    declaredRtp: Math.round(toNumber(exactRtp) * 10_000) / 10_000,
  };
}

export const FISHING_TITLES: Readonly<Record<FishingTitleCode, FishingTitle>> = {
  // Every species, every bullet: 0.10 … 100.00.
  'ocean-king': title(
    'ocean-king',
    { en: 'Ocean King', hi: 'ओशन किंग' },
    ['small', 'medium', 'large', 'boss', 'bomb', 'golden'],
    [10n, 10_000n],
  ),
  // A calm reef: small and medium fish and the bomb crab (whose blast takes only those), 0.10 … 10.00.
  'lotus-reef': title(
    'lotus-reef',
    { en: 'Lotus Reef', hi: 'लोटस रीफ़' },
    ['small', 'medium', 'bomb'],
    [10n, 1_000n],
  ),
  // Big game: medium, large, boss and golden fish, 1.00 … 100.00.
  'deep-sea-hunt': title(
    'deep-sea-hunt',
    { en: 'Deep Sea Hunt', hi: 'डीप सी हंट' },
    ['medium', 'large', 'boss', 'golden'],
    [100n, 10_000n],
  ),
};

export function isFishingTitleCode(code: string): code is FishingTitleCode {
  return Object.hasOwn(FISHING_TITLES, code);
}

/** The scene of a title from a session's seed. */
export function sceneOf(title: FishingTitle, seed: string): FishingScene {
  return { seed, species: title.species };
}
