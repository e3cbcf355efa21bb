import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Hmac } from '../fair.ts';
import { chiSquareFits99 } from '../live/chi-square.ts';
import { BOMB_MAX_CATCH, BOMB_RADIUS, bombCanCatch, FISH_SPECIES, fishSpecies } from './fish.ts';
import {
  aliveAt,
  bombCatch,
  FISH_PER_SEGMENT,
  type FishingScene,
  fishAliveAt,
  fishHeading,
  fishPosition,
  MAX_LIFETIME_MS,
  SCENE_HEIGHT,
  SCENE_WIDTH,
  type SceneFish,
  SEGMENT_MS,
  sceneFish,
} from './scene.ts';

const nodeHmac: Hmac = (key, message) => new Uint8Array(createHmac('sha256', key).update(message).digest());
const scene: FishingScene = { seed: 'scene-seed-1' };

describe('fishing scene', () => {
  it('is a pure function of the seed (pinned: a change of draw order would break old verifications)', () => {
    expect(sceneFish(scene, 0)).toEqual(sceneFish(scene, 0));
    expect(sceneFish(scene, 0, nodeHmac)).toEqual(sceneFish(scene, 0));
    expect(sceneFish({ seed: 'another' }, 0)).not.toEqual(sceneFish(scene, 0));
    expect(sceneFish(scene, 1234)).toMatchInlineSnapshot(`
      {
        "id": 1234,
        "lifetimeMs": 11280,
        "path": [
          {
            "x": 1650,
            "y": 868,
          },
          {
            "x": 1319,
            "y": 426,
          },
          {
            "x": 1008,
            "y": 631,
          },
          {
            "x": -50,
            "y": 42,
          },
        ],
        "spawnAt": 513748,
        "species": "turtle",
      }
    `);
    expect(fishAliveAt(scene, 95_000, nodeHmac)).toEqual(fishAliveAt(scene, 95_000));
  });

  it('spawns each fish inside its segment, entering and leaving one radius outside opposite edges', () => {
    for (let id = 0; id < 2400; id++) {
      const fish = sceneFish(scene, id);
      const species = fishSpecies(fish.species);
      if (!species) throw new Error(fish.species);
      const segment = Math.floor(id / FISH_PER_SEGMENT);
      expect(fish.spawnAt >= segment * SEGMENT_MS && fish.spawnAt < (segment + 1) * SEGMENT_MS).toBe(true);
      expect(Number.isInteger(fish.lifetimeMs)).toBe(true);
      expect(fish.lifetimeMs / species.crossingMs).toBeGreaterThanOrEqual(0.85);
      expect(fish.lifetimeMs / species.crossingMs).toBeLessThanOrEqual(1.15);
      expect(fish.lifetimeMs).toBeLessThanOrEqual(MAX_LIFETIME_MS);
      const [entry, , , exit] = fish.path;
      const r = species.radius;
      const outside = (p: { x: number; y: number }) =>
        p.x === -r || p.x === SCENE_WIDTH + r || p.y === -r || p.y === SCENE_HEIGHT + r;
      expect(outside(entry) && outside(exit)).toBe(true);
      expect(
        Math.abs(entry.x - exit.x) === SCENE_WIDTH + 2 * r ||
          Math.abs(entry.y - exit.y) === SCENE_HEIGHT + 2 * r,
      ).toBe(true);
      expect(fishPosition(fish, fish.spawnAt)).toEqual(entry);
      // The heading points along the way the fish moves next.
      const mid = fish.spawnAt + Math.floor(fish.lifetimeMs / 2);
      const now = fishPosition(fish, mid);
      const soon = fishPosition(fish, mid + 1);
      const heading = fishHeading(fish, mid);
      if (!now || !soon || heading === null) throw new Error('alive at mid-life');
      const step = Math.atan2(soon.y - now.y, soon.x - now.x);
      expect(Math.abs(Math.atan2(Math.sin(step - heading), Math.cos(step - heading)))).toBeLessThan(0.01);
      expect(fishHeading(fish, fish.spawnAt + fish.lifetimeMs)).toBeNull();
      expect(fishPosition(fish, fish.spawnAt - 1)).toBeNull();
      expect(fishPosition(fish, fish.spawnAt + fish.lifetimeMs)).toBeNull();
    }
  });

  it('aliveAt agrees with the fish list at every second, and refuses what is not a live fish', () => {
    const all: SceneFish[] = [];
    for (let id = 0; id < 40 * FISH_PER_SEGMENT; id++) all.push(sceneFish(scene, id));
    let alive = 0;
    for (let t = 0; t < 300_000; t += 1000) {
      const listed = fishAliveAt(scene, t).map((f) => f.id);
      const brute = all.filter((f) => f.spawnAt <= t && t < f.spawnAt + f.lifetimeMs).map((f) => f.id);
      expect(listed).toEqual(brute);
      for (const id of listed) expect(aliveAt(scene, id, t)).toBe(true);
      if (t >= 60_000) alive += listed.length;
    }
    // 2.4 fish a second living about 11 s on average: some 26 on screen at once.
    expect(alive / 240).toBeGreaterThan(20);
    expect(alive / 240).toBeLessThan(45);
    const fish = sceneFish(scene, 50);
    expect(aliveAt(scene, 50, fish.spawnAt - 1)).toBe(false);
    expect(aliveAt(scene, 50, fish.spawnAt)).toBe(true);
    expect(aliveAt(scene, 50, fish.spawnAt + fish.lifetimeMs - 1)).toBe(true);
    expect(aliveAt(scene, 50, fish.spawnAt + fish.lifetimeMs)).toBe(false);
    expect(aliveAt(scene, -1, 0)).toBe(false);
    expect(aliveAt(scene, 1.5, 0)).toBe(false);
    expect(aliveAt(scene, 50, Number.NaN)).toBe(false);
    expect(fishAliveAt(scene, -5)).toEqual([]);
  });

  it('spawns species by their weights (χ² over 24,000 fish)', () => {
    const counts = new Map(FISH_SPECIES.map((s) => [s.code, 0]));
    for (let id = 0; id < 24_000; id++) {
      const code = sceneFish({ seed: 'weights' }, id).species;
      counts.set(code, (counts.get(code) ?? 0) + 1);
    }
    const fit = chiSquareFits99(
      'species',
      FISH_SPECIES.map((s) => counts.get(s.code) ?? 0),
      FISH_SPECIES.map((s) => s.spawnWeight / 1000),
    );
    expect(fit.ok, fit.report).toBe(true);
  });

  it('a bomb’s blast takes the nearest catchable live fish within its radius, at most 12', () => {
    let blasts = 0;
    let largest = 0;
    for (let t = 30_000; t < 600_000; t += 1000) {
      const live = fishAliveAt(scene, t);
      for (const bomb of live.filter((f) => f.species === 'bomb-crab')) {
        const taken = bombCatch(scene, bomb.id, t);
        const centre = fishPosition(bomb, t);
        if (!centre) throw new Error('bomb not alive');
        const distance = (f: SceneFish) => {
          const at = fishPosition(f, t);
          return at ? Math.hypot(at.x - centre.x, at.y - centre.y) : Number.POSITIVE_INFINITY;
        };
        const eligible = live
          .filter((f) => {
            const species = fishSpecies(f.species);
            return f.id !== bomb.id && species !== undefined && bombCanCatch(species);
          })
          .filter((f) => distance(f) <= BOMB_RADIUS)
          .sort((a, b) => distance(a) - distance(b) || a.id - b.id);
        expect(taken.map((f) => f.id)).toEqual(eligible.slice(0, BOMB_MAX_CATCH).map((f) => f.id));
        blasts++;
        largest = Math.max(largest, taken.length);
      }
      const other = live.find((f) => f.species !== 'bomb-crab');
      if (other) expect(bombCatch(scene, other.id, t)).toEqual([]);
    }
    expect(blasts).toBeGreaterThan(50);
    expect(largest).toBeGreaterThan(2);
    expect(bombCatch(scene, -3, 0)).toEqual([]);
  });
});
