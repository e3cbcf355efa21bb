import { SPORTS } from '@lotus/shared/sportsbook.schema';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../fair.ts';
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

/**
 * Golden replays: each model's whole output for a fixed seed (states, happenings, scores, step times, every
 * price and every settlement), hashed. A refactor of the models must leave every hash as it is; a change of
 * behaviour changes a hash on purpose (say why in the commit). Steps draw from `stepRng` as the feed does.
 */
const GOLDEN: Record<string, string> = {
  'cricket t20': 'd31b9cd00b9d07fb908d256600a63e71b59c0382d4db157f0f2d7c993b3d5c1f',
  'cricket odi': '4979feba1a910953284b0dc6071e628c34d3813b491fa965f3b4ae1f0c5cc444',
  'football ft90': 'f62f2ddf80532df019ed00488f550498a7ddd2d93a28e9d05b3c703d271f39ed',
  'kabaddi pkl40': '312c72842b4617af00d24a2387af1d6c5c52d9c77724c098d17e87ea684e85ba',
  'tennis bo3': '6b9e2169dc8383b8df34073bd9a1b2119ba75917f01c3ea5f482ed9e9698e422',
  'tennis bo5': 'cad7afec27a366ed32286f382e7fcbe8984963fbe36863d935da5ad8b1d77dac',
  'cs2 bo3': 'ba2af64003244492a323160de1ce2b2f5ea00f6e3cdd296a6d04d366dc7db530',
  'cs2 bo1': 'd4cdc4609f87254f7067b7e9c35141fb5962c6d94fba22b2bc980d1d4f4c9b91',
  'cs2 bo5': 'f14cfe313a8d592f8bdf077b5b5f7fe2578a94b90d9a5e8b7a60197ac85498e4',
  'dota2 bo3': '6cdf2ba2b7e0367f4f0f5de92cb40c4e8488f90352095ba7cef5ecb727721b53',
  'dota2 bo1': '580ec0f7964f97849633c5afdca371944978cdcab3ba3ba23b52c218f16072cf',
  'dota2 bo5': '170e064ca4e061d6f7344bbd469b8dca0d4a8de698bd3e3b254da5e5ebfb3c58',
  'valorant bo3': '6608b60bd9e7398830ed5cc2387fbea0d8a396ea9bc1d8da6efb1ffe33c93852',
  'valorant bo1': '14ff127a7ae1ca405503c34670f71b6cec04129a638666c4fa3e00321a9f0420',
  'valorant bo5': '6f09416dfeb326f0397c15d4686c366e1e498f1c4677f783cdc4f0b50db336a2',
  'lol bo3': 'a802edb3b113da8059a40574a1c62de0221e837f5129951c85c81e09d46b8ce0',
  'lol bo1': 'd9ed2d1bb208e3d2e52ed870daa6373735ee68890dc1737a2ce0fb01b87040d6',
  'lol bo5': 'a8b628034a659d107f5a81da90f1b9341220da75bbc3e810ab42647832525d3b',
  'cockfight fight': '828a41c9e670ef81fc95207edc212e87b73e21c61d2655f4d940703e1aa5ec15',
};

describe('golden replays', () => {
  const replay = (sport: string, format: string): string => {
    const model = modelFor(sport as never);
    const seed = `golden:${sport}:${format}`;
    let state = model.initial(fixtureParams(sport as never, format, seededRng(seed)));
    const out: unknown[] = [state];
    const offered = new Map<string, PricedMarket>();
    for (let n = 0; n < 3000; n++) {
      const markets = model.price(state);
      for (const m of markets) offered.set(marketKeyOf(m), m);
      out.push(markets, model.score(state), model.stepSeconds(state));
      const r = model.step(state, stepRng(seed, n));
      // The feed stores a happening's kind as it comes: sb_timeline.kind allows ^[a-z_]{1,24}$ only.
      for (const h of r.happenings) expect(h.kind).toMatch(/^[a-z_]{1,24}$/);
      out.push(r);
      state = r.state;
      if (r.finished) break;
    }
    for (const m of offered.values()) out.push(model.settle(m, state, true));
    return sha256Hex(JSON.stringify(out));
  };
  it.each(FORMATS)('%s %s replays its golden hash', (sport, format) => {
    expect(replay(sport, format)).toBe(GOLDEN[`${sport} ${format}`]);
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
