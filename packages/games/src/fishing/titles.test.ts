import { describe, expect, it } from 'vitest';
import { equals, toNumber } from '../rational.ts';
import { FISHING_RTP } from './fish.ts';
import { fishAliveAt, sceneFish } from './scene.ts';
import { FISHING_BULLETS_MINOR } from './shot.ts';
import { FISHING_TITLES, sceneOf } from './titles.ts';

describe('fishing titles', () => {
  it('declare the RTP their species give (24/25 exactly), from the maths', () => {
    const lines = Object.values(FISHING_TITLES).map((t) => {
      expect(equals(t.exactRtp, FISHING_RTP), t.code).toBe(true);
      expect(t.declaredRtp).toBe(toNumber(FISHING_RTP));
      expect(t.bulletsMinor.every((b) => FISHING_BULLETS_MINOR.includes(b))).toBe(true);
      return `${t.code}: ${t.species.length} species, bullets ${t.bulletsMinor[0]}…${t.bulletsMinor.at(-1)}, RTP ${t.declaredRtp}`;
    });
    expect(lines.join('\n')).toMatchInlineSnapshot(`
      "ocean-king: 18 species, bullets 10…10000, RTP 0.96
      lotus-reef: 10 species, bullets 10…1000, RTP 0.96
      deep-sea-hunt: 13 species, bullets 100…10000, RTP 0.96"
    `);
  });

  it("spawn only the title's species; the default scene is unchanged", () => {
    for (const t of Object.values(FISHING_TITLES)) {
      const scene = sceneOf(t, `seed-${t.code}`);
      const codes = new Set(t.species.map((s) => s.code));
      for (let id = 0; id < 500; id++) expect(codes.has(sceneFish(scene, id).species)).toBe(true);
      expect(fishAliveAt(scene, 60_000).length).toBeGreaterThan(5);
    }
    // ocean-king has every species: its scene is the table's default scene.
    const all = sceneOf(FISHING_TITLES['ocean-king'], 'same');
    expect(sceneFish(all, 77)).toEqual(sceneFish({ seed: 'same' }, 77));
  });
});
