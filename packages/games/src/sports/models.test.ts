import { SPORTS } from '@lotus/shared/sportsbook.schema';
import { describe, expect, it } from 'vitest';
import { fixtureParams, marketsFor, modelFor, sportModels, sportOf } from './index.ts';
import { marketKeyOf } from './markets.ts';
import { seededRng, stepRng } from './rng.ts';
import type { PricedMarket } from './types.ts';

/**
 * Every sport model: deterministic from its seed, plain-JSON state, fair probabilities that sum to 1, and
 * every market it ever offered resulted once the event is over (docs/sportsbook-maths.md).
 */

describe('seeded rng', () => {
  it('replays a seed exactly and spreads uniformly', () => {
    const a = seededRng('ab12');
    const b = seededRng('ab12');
    const xs = Array.from({ length: 5 }, () => a.next());
    expect(Array.from({ length: 5 }, () => b.next())).toEqual(xs);
    expect(seededRng('ab13').next()).not.toBe(xs[0]);
    expect(stepRng('ab12', 3).next()).toBe(seededRng('ab12:3').next());
    const r = seededRng('uniform');
    const bins = new Array<number>(10).fill(0);
    const n = 100_000;
    let outside = 0;
    for (let i = 0; i < n; i++) {
      const u = r.next();
      if (!(u >= 0 && u < 1)) outside++;
      bins[Math.floor(u * 10)] = (bins[Math.floor(u * 10)] ?? 0) + 1;
    }
    expect(outside).toBe(0);
    // Each decile within 5 standard deviations of n/10.
    for (const c of bins) expect(Math.abs(c - n / 10)).toBeLessThan(5 * Math.sqrt(n * 0.09));
  });
});

const FORMATS: [string, string][] = SPORTS.flatMap((sport) => modelFor(sport).formats.map((f) => [sport, f]));

describe.each(FORMATS)('%s %s', (sport, format) => {
  const model = modelFor(sport as never);

  it('plays a seeded event to the end the same way twice, with JSON state and settled markets', () => {
    const run = () => {
      const rng = seededRng(`models:${sport}:${format}`);
      let state = model.initial(fixtureParams(sport as never, format, rng));
      const offered = new Map<string, PricedMarket>();
      const log: string[] = [];
      for (let steps = 0; steps < 5000; steps++) {
        for (const m of model.price(state)) {
          const sum = m.selections.reduce((s, x) => s + x.prob, 0);
          // fight_winner: meron and wala (void on a draw) sum to 1, the draw is added on top.
          // double_chance: each outcome is in two selections, so they sum to 2.
          const expected =
            m.type === 'fight_winner' ? 1 + (m.selections[2]?.prob ?? 0) : m.type === 'double_chance' ? 2 : 1;
          expect(Math.abs(sum - expected)).toBeLessThan(1e-6);
          for (const x of m.selections) expect(x.prob >= -1e-12 && x.prob <= 1 + 1e-12).toBe(true);
          offered.set(marketKeyOf(m), m);
        }
        expect(model.stepSeconds(state)).toBeGreaterThan(0);
        const r = model.step(state, rng);
        // The state survives JSON (it is stored in sb_events.model).
        state = JSON.parse(JSON.stringify(r.state));
        log.push(...r.happenings.map((h) => `${h.clock}|${h.kind}|${h.side}`));
        if (r.finished) break;
      }
      return { state, offered, log };
    };
    const a = run();
    const b = run();
    expect(b.log).toEqual(a.log);
    expect(sportOf(a.state)).toBe(sport);
    expect(marketsFor(a.state)).toEqual([]);
    const score = model.score(a.state);
    expect(typeof score.home).toBe('string');
    expect(a.offered.size).toBeGreaterThan(0);
    for (const m of a.offered.values()) {
      const result = model.settle(m, a.state, true);
      expect(result, `${m.type} ${m.param} ${m.lineMilli}`).not.toBeNull();
      expect(result?.length).toBe(m.selections.length);
    }
  });

  it('prices in under a millisecond or so (it runs after every step of every live event)', () => {
    const rng = seededRng(`speed:${sport}:${format}`);
    let state = model.initial(fixtureParams(sport as never, format, rng));
    model.price(state); // warm the memo tables
    let total = 0;
    let n = 0;
    for (let i = 0; i < 60; i++) {
      const r = model.step(state, rng);
      if (r.finished) break;
      state = r.state;
      const t = performance.now();
      model.price(state);
      total += performance.now() - t;
      n++;
    }
    // Generous for a shared CI core: the measured means are 0.05–1 ms (docs/sportsbook-maths.md).
    if (n > 0) expect(total / n).toBeLessThan(10);
  });
});

describe('fixtureParams', () => {
  it('draws ratings around 1 for every sport', () => {
    const rng = seededRng('params');
    for (const sport of Object.keys(sportModels)) {
      const p = fixtureParams(sport as never, modelFor(sport as never).formats[0] ?? '', rng);
      for (const v of [...Object.values(p.home), ...Object.values(p.away)]) {
        expect(v).toBeGreaterThan(0.5);
        expect(v).toBeLessThan(1.5);
      }
    }
  });
});
