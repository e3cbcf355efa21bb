import type { AppOptions } from '../../app.ts';
import { buildApp } from '../../app.ts';
import { manualClock } from '../../lib/clock.ts';
import type { DatabaseHandle } from '../create-database.ts';
import { spin, studioSlotOf } from './demo-team-play.ts';

/**
 * The demo player's loyalty history (issue 19, docs/loyalty.md "Demo"): `demo_player` plays two sittings of
 * the studio's slot on each of the last DAYS days — through the studio's API and the seamless-wallet
 * protocol, on an app whose clock walks through those days — so the rank page shows real progress to Gold,
 * personal P/L has days and the rebate job (which the next job pass runs: the team-play seed's, or the
 * server's scheduler) pays those days' rebates into the reward centre. Runs once: a demo player who has
 * played is left as it is. Runs before the team-play seed, whose job pass then pays every closed day.
 */

const DAYS = 5;
const SESSIONS_UTC = [11, 19];
const DAY_MS = 86_400_000;

export type LoyaltyPlayReport = { rounds: number; ms: number };

export async function seedDemoLoyaltyPlay(input: {
  database: DatabaseHandle;
  config: AppOptions;
  now?: Date;
}): Promise<LoyaltyPlayReport | null> {
  const started = performance.now();
  const { db } = input.database;
  const now = input.now ?? new Date();
  const player = await db
    .selectFrom('members as m')
    .innerJoin('brands as b', 'b.id', 'm.brand_id')
    .select(['m.id', 'm.brand_id'])
    .where('b.code', '=', 'lotus')
    .where('m.username', '=', 'demo_player')
    .executeTakeFirst();
  if (!player) return null;
  const played = await db
    .selectFrom('game_rounds')
    .select('id')
    .where('member_id', '=', player.id)
    .executeTakeFirst();
  if (played) return null;
  const vendor = await studioSlotOf(db, player.brand_id);
  if (!vendor) return null;

  const firstDay = Math.floor(now.getTime() / DAY_MS) * DAY_MS - DAYS * DAY_MS;
  const clock = manualClock(new Date(firstDay));
  const app = await buildApp({
    config: { ...input.config, logLevel: 'silent' },
    database: input.database,
    clock,
  });
  try {
    await app.ready();
    let rounds = 0;
    for (let day = 0; day < DAYS; day += 1) {
      for (const hour of SESSIONS_UTC) {
        clock.advance(firstDay + day * DAY_MS + hour * 3_600_000 - clock.now().getTime());
        rounds += await spin(app, db, {
          brandId: player.brand_id,
          memberId: player.id,
          ...vendor,
          now: clock.now(),
        });
      }
    }
    return { rounds, ms: Math.round(performance.now() - started) };
  } finally {
    await app.close();
  }
}
