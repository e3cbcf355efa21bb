import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type PooledTestApp,
  startPooledTestApp,
  tallyAnswers,
} from '../../../test/helpers/build-test-app.ts';
import { usePostgresConnections } from '../../../test/helpers/postgres-budget.ts';
import { type WalletFixture, walletFixture } from '../../../test/helpers/wallet-fixture.ts';
import { missionsFixture } from './missions.fixture.ts';
import { GRANT_JOB } from './missions.service.ts';

/**
 * One claim per (member, mission, period) is a limit, so a concurrency problem (PostgreSQL only: PGlite
 * runs one statement at a time): 50 claims at once, and the end-of-period job racing itself on two servers.
 */

const BURST = 50;
const DAY_MS = 86_400_000;

usePostgresConnections(42);

describe('missions under concurrency [postgres]', () => {
  let first: PooledTestApp;
  let second: PooledTestApp;
  let fx: WalletFixture;
  let mx: ReturnType<typeof missionsFixture>;

  beforeAll(async () => {
    first = await startPooledTestApp({ pool: 20, checkLedger: true });
    second = await startPooledTestApp({ pool: 8, database: first.database });
    fx = await walletFixture(first.app, first.database);
    mx = missionsFixture(first.database.db, fx.brandId);
  }, 90_000);
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it(`${BURST} claims of one complete mission at once: one grant, the rest mission_already_claimed`, async () => {
    const member = await fx.member();
    const [game] = await mx.games(1);
    if (!game) throw new Error('no game');
    await mx.rounds(member.id, game, 3, new Date());
    const id = await mx.missionId('daily-rounds');
    const answers = await Promise.all(
      Array.from({ length: BURST }, (_, index) =>
        (index % 2 === 0 ? first : second).app.inject({
          method: 'POST',
          url: `/wps/member/missions/${id}/claim`,
          headers: { authorization: `Bearer ${member.token}` },
        }),
      ),
    );
    expect(tallyAnswers(answers)).toEqual({ ok: 1, mission_already_claimed: BURST - 1 });
    expect(await mx.rewards(member.id, 'mission')).toHaveLength(1);
  });

  it('the end-of-period job run by two servers at once grants each mission once', async () => {
    const members = await Promise.all(Array.from({ length: 10 }, () => fx.member()));
    const [game] = await mx.games(1);
    if (!game) throw new Error('no game');
    const yesterday = new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS - DAY_MS + 7_200_000);
    for (const member of members) {
      await mx.rounds(member.id, game, 1, new Date(Date.now() - 40 * DAY_MS));
      await mx.rounds(member.id, game, 3, yesterday);
    }
    await Promise.all([
      first.app.jobs.runNow(GRANT_JOB),
      second.app.jobs.runNow(GRANT_JOB),
      first.app.jobs.runNow(GRANT_JOB),
    ]);
    for (const member of members) {
      expect((await mx.rewards(member.id, 'mission')).map((reward) => reward.amount_minor)).toEqual([1_000n]);
    }
  });
});
