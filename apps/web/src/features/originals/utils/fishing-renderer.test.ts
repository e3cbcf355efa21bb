import { FISHING_TITLES, fishAliveAt, fishPosition, sceneOf } from '@lotus/games/fishing/index';
import { describe, expect, it } from 'vitest';
import { nextBatch } from '../hooks/use-fishing-batches.ts';
import { FishCache, placeFish } from './fishing-renderer.ts';

const scene = sceneOf(FISHING_TITLES['ocean-king'], 'renderer-test');

describe('fishing screen maths', () => {
  it('places fish exactly where scene.ts does, without allocating', () => {
    const out = { x: 0, y: 0, c: 0, s: 0 };
    for (const fish of fishAliveAt(scene, 45_000)) {
      expect(placeFish(fish, 45_000, out)).toBe(true);
      expect({ x: out.x, y: out.y }).toEqual(fishPosition(fish, 45_000));
      expect(Math.hypot(out.c, out.s)).toBeCloseTo(1, 9);
    }
  });

  it('the cache walks the same live fish as fishAliveAt', () => {
    const cache = new FishCache(scene);
    for (const t of [0, 5_000, 45_000, 123_456]) {
      const seen: number[] = [];
      const out = { x: 0, y: 0, c: 0, s: 0 };
      cache.forEachNear(t, (fish) => {
        if (placeFish(fish, t, out)) seen.push(fish.id);
      });
      expect(seen).toEqual(fishAliveAt(scene, t).map((f) => f.id));
    }
  });

  it('cuts the queue into batches as the server takes them (under a second, at most 50)', () => {
    const shot = (at: number) => ({ fishId: 1, bulletMinor: '10', at });
    expect(nextBatch([], 1000, 50)).toEqual([]);
    expect(nextBatch([shot(0), shot(500), shot(999), shot(1000)], 1000, 50).map((s) => s.at)).toEqual([
      0, 500, 999,
    ]);
    expect(
      nextBatch(
        Array.from({ length: 60 }, (_, i) => shot(i)),
        1000,
        50,
      ),
    ).toHaveLength(50);
  });
});
