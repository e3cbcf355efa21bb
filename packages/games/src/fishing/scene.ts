import { createDraws, type Hmac, hmacSha256 } from '../fair.ts';
import {
  BOMB_MAX_CATCH,
  BOMB_RADIUS,
  bombCanCatch,
  FISH_SPECIES,
  type FishSpecies,
  fishSpecies,
} from './fish.ts';

/**
 * The visual scene (docs/fishing.md "The scene"): which fish swim where, from a scene seed alone, so that
 * the server and every browser agree on the fish alive at time t without sending them. The scene decides
 * nothing about money (a shot's odds are the fish table's, its randomness the shot's own fair inputs), so
 * its seed is public: the browser gets it when the game opens.
 *
 * Time t is whole milliseconds since the scene began. Fish come in segments of SEGMENT_MS: segment k holds
 * fish ids k·FISH_PER_SEGMENT … (k+1)·FISH_PER_SEGMENT − 1, each spawned somewhere inside the segment.
 * Fish id i is drawn from its own stream, `createDraws({ serverSeed: seed, clientSeed: 'fishing-scene',
 * nonce: i })`, so one fish is recomputed without the others (what `aliveAt` does for every shot):
 * species int(Σ spawn weights) by weight in table order; spawn offset int(SEGMENT_MS); lifetime
 * crossingMs × (85 + int(31)) / 100; entry edge int(4) (left, right, top, bottom; the exit is the opposite
 * edge); the entry and exit position along their edges; then two control points (x int(1600), y int(900)).
 * The path is the cubic Bézier from entry to exit (both one radius outside the scene) through the controls,
 * at parameter u = (t − spawnAt) / lifetime. Only + and × of doubles: every JS engine gives the same bits.
 */

export const SCENE_WIDTH = 1600;
export const SCENE_HEIGHT = 900;
export const SEGMENT_MS = 10_000;
export const FISH_PER_SEGMENT = 24;
/** The longest a fish lives: the slowest crossing × 1.15. */
export const MAX_LIFETIME_MS = Math.max(...FISH_SPECIES.map((s) => (s.crossingMs * 115) / 100));

/**
 * A scene: its seed, and the species a title's fish are drawn from (titles.ts; absent = every species of
 * the table, the draw every pinned figure of this page was made with).
 */
export type FishingScene = { seed: string; species?: readonly FishSpecies[] };
export type Point = { x: number; y: number };
export type SceneFish = {
  id: number;
  species: string;
  spawnAt: number;
  lifetimeMs: number;
  /** Entry, two control points, exit. */
  path: [Point, Point, Point, Point];
};

function spawnTotal(species: readonly FishSpecies[]): number {
  return species.reduce((sum, s) => sum + s.spawnWeight, 0);
}

function pickSpecies(species: readonly FishSpecies[], r: number): FishSpecies {
  let rest = r;
  for (const s of species) {
    if (rest < s.spawnWeight) return s;
    rest -= s.spawnWeight;
  }
  throw new RangeError('unreachable: a draw below the total weight');
}

function isFishId(id: number): boolean {
  return Number.isSafeInteger(id) && id >= 0;
}

/** The fish of id `id` (any id ≥ 0 exists: the scene never ends). */
export function sceneFish(scene: FishingScene, id: number, hmac: Hmac = hmacSha256): SceneFish {
  if (!isFishId(id)) throw new RangeError(`fishing scene: no fish ${id}`);
  const draws = createDraws({ serverSeed: scene.seed, clientSeed: 'fishing-scene', nonce: id }, hmac);
  const table = scene.species ?? FISH_SPECIES;
  const species = pickSpecies(table, draws.int(spawnTotal(table)));
  const spawnAt = Math.floor(id / FISH_PER_SEGMENT) * SEGMENT_MS + draws.int(SEGMENT_MS);
  const lifetimeMs = (species.crossingMs * (85 + draws.int(31))) / 100;
  const edge = draws.int(4);
  const r = species.radius;
  const horizontal = edge < 2;
  const along = horizontal ? SCENE_HEIGHT : SCENE_WIDTH;
  const a = draws.int(along);
  const b = draws.int(along);
  const fromStart = edge % 2 === 0;
  const near = -r;
  const far = (horizontal ? SCENE_WIDTH : SCENE_HEIGHT) + r;
  const [from, to] = fromStart ? [near, far] : [far, near];
  const point = (across: number, at: number): Point =>
    horizontal ? { x: across, y: at } : { x: at, y: across };
  const c1 = { x: draws.int(SCENE_WIDTH), y: draws.int(SCENE_HEIGHT) };
  const c2 = { x: draws.int(SCENE_WIDTH), y: draws.int(SCENE_HEIGHT) };
  return { id, species: species.code, spawnAt, lifetimeMs, path: [point(from, a), c1, c2, point(to, b)] };
}

function isAlive(fish: SceneFish, t: number): boolean {
  return fish.spawnAt <= t && t < fish.spawnAt + fish.lifetimeMs;
}

/** Whether fish `fishId` swims at time t: the server refuses a shot at a fish that does not. */
export function aliveAt(scene: FishingScene, fishId: number, t: number, hmac: Hmac = hmacSha256): boolean {
  return isFishId(fishId) && Number.isFinite(t) && isAlive(sceneFish(scene, fishId, hmac), t);
}

/** Every fish alive at time t, by id. */
export function fishAliveAt(scene: FishingScene, t: number, hmac: Hmac = hmacSha256): SceneFish[] {
  if (!Number.isFinite(t) || t < 0) return [];
  const first = Math.max(0, Math.floor((t - MAX_LIFETIME_MS) / SEGMENT_MS));
  const last = Math.floor(t / SEGMENT_MS);
  const out: SceneFish[] = [];
  for (let id = first * FISH_PER_SEGMENT; id < (last + 1) * FISH_PER_SEGMENT; id++) {
    const fish = sceneFish(scene, id, hmac);
    if (isAlive(fish, t)) out.push(fish);
  }
  return out;
}

/** Where a fish is at time t (its centre, scene units), or null when it is not alive then. */
export function fishPosition(fish: SceneFish, t: number): Point | null {
  if (!isAlive(fish, t)) return null;
  const u = (t - fish.spawnAt) / fish.lifetimeMs;
  const v = 1 - u;
  const [p0, p1, p2, p3] = fish.path;
  const w0 = v * v * v;
  const w1 = 3 * v * v * u;
  const w2 = 3 * v * u * u;
  const w3 = u * u * u;
  return {
    x: w0 * p0.x + w1 * p1.x + w2 * p2.x + w3 * p3.x,
    y: w0 * p0.y + w1 * p1.y + w2 * p2.y + w3 * p3.y,
  };
}

/**
 * The direction a fish swims at time t (the path's tangent, radians as Math.atan2 gives them), or null when
 * it is not alive. For drawing only: trigonometry may differ in the last bit between engines, so nothing the
 * server decides may depend on it.
 */
export function fishHeading(fish: SceneFish, t: number): number | null {
  if (!isAlive(fish, t)) return null;
  const u = (t - fish.spawnAt) / fish.lifetimeMs;
  const v = 1 - u;
  const [p0, p1, p2, p3] = fish.path;
  const a = 3 * v * v;
  const b = 6 * v * u;
  const c = 3 * u * u;
  const dx = a * (p1.x - p0.x) + b * (p2.x - p1.x) + c * (p3.x - p2.x);
  const dy = a * (p1.y - p0.y) + b * (p2.y - p1.y) + c * (p3.y - p2.y);
  return Math.atan2(dy, dx);
}

/**
 * The fish a bomb crab's blast takes when it is captured at time t: those alive then whose centre lies
 * within BOMB_RADIUS of the crab's, bosses and other bombs excepted, nearest first (ties by id), at most
 * BOMB_MAX_CATCH. What the server passes to the shot as `caught`; empty if `bombId` is not a live bomb.
 */
export function bombCatch(
  scene: FishingScene,
  bombId: number,
  t: number,
  hmac: Hmac = hmacSha256,
): SceneFish[] {
  if (!isFishId(bombId)) return [];
  const bomb = sceneFish(scene, bombId, hmac);
  const centre = fishPosition(bomb, t);
  if (!centre || fishSpecies(bomb.species)?.kind !== 'bomb') return [];
  const near: { fish: SceneFish; d2: number }[] = [];
  for (const fish of fishAliveAt(scene, t, hmac)) {
    const s = fishSpecies(fish.species);
    const at = fishPosition(fish, t);
    if (fish.id === bombId || !s || !at || !bombCanCatch(s)) continue;
    const dx = at.x - centre.x;
    const dy = at.y - centre.y;
    // Products, not **: Math.pow is not required to round the same everywhere, × is.
    const d2 = dx * dx + dy * dy;
    if (d2 <= BOMB_RADIUS * BOMB_RADIUS) near.push({ fish, d2 });
  }
  near.sort((p, q) => p.d2 - q.d2 || p.fish.id - q.fish.id);
  return near.slice(0, BOMB_MAX_CATCH).map((n) => n.fish);
}
