import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type PooledTestApp,
  startPooledTestApp,
  tallyAnswers,
} from '../../../test/helpers/build-test-app.ts';
import { usePostgresConnections } from '../../../test/helpers/postgres-budget.ts';
import { type WalletFixture, walletFixture } from '../../../test/helpers/wallet-fixture.ts';

/**
 * Issue 17: every limit is a concurrency problem. 50 limit changes of one member at once (lowers, raises,
 * removals) leave one consistent history: versions never overlap in time, at most one waits; 50 requests
 * to self-exclude at once record one exclusion. The member's protection lock (member_protection … for
 * update) is what makes it so. PostgreSQL only (PGlite runs one statement at a time).
 */

const BURST = 50;

type Version = { amount: bigint; effective_from: Date; effective_until: Date | null };

usePostgresConnections(33);

describe('player protection under 50 requests at once [postgres]', () => {
  let started: PooledTestApp;
  let wallet: WalletFixture;

  beforeAll(async () => {
    started = await startPooledTestApp({ pool: 20 });
    wallet = await walletFixture(started.app, started.database);
  }, 60_000);
  afterAll(async () => {
    await started?.close();
  });

  it('50 limit changes at once leave a history without overlaps and at most one waiting change', async () => {
    const member = await wallet.member();
    const amounts = Array.from({ length: BURST }, (_, index) =>
      index % 7 === 0 ? null : String(100 + ((index * 37) % 900)),
    );
    const responses = await Promise.all(
      amounts.map((amount) =>
        started.app.inject({
          method: 'PUT',
          url: '/wps/member/protection/limits',
          headers: { authorization: `Bearer ${member.token}` },
          payload: { kind: 'loss', period: 'day', amount },
        }),
      ),
    );
    expect(tallyAnswers(responses)).toEqual({ ok: BURST });

    const versions: Version[] = await started.database.db
      .selectFrom('play_limits')
      .select(['amount', 'effective_from', 'effective_until'])
      .where('member_id', '=', member.id)
      .orderBy('effective_from')
      .orderBy('id')
      .execute();
    expect(versions.length).toBeGreaterThan(0);
    const now = Date.now();
    const end = (version: Version) => version.effective_until?.getTime() ?? Number.POSITIVE_INFINITY;
    for (let index = 1; index < versions.length; index += 1) {
      const before = versions[index - 1] as Version;
      const after = versions[index] as Version;
      // Each version ends no later than the next one starts: never two in force at once.
      expect(end(before)).toBeLessThanOrEqual(after.effective_from.getTime());
    }
    expect(versions.filter((version) => version.effective_from.getTime() > now).length).toBeLessThanOrEqual(
      1,
    );
    // The page agrees with the table: one limit in force (or none after a removal that waits 24 hours).
    const state = await started.app.inject({
      method: 'GET',
      url: '/wps/member/protection',
      headers: { authorization: `Bearer ${member.token}` },
    });
    const limits = (state.json() as { value: { limits: unknown[] } }).value.limits;
    expect(limits.length).toBeLessThanOrEqual(1);
    const audits = await started.database.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('member_id', '=', member.id)
      .where('action', '=', 'protection.limit_changed')
      .executeTakeFirstOrThrow();
    expect(Number(audits.count)).toBe(BURST);
  }, 60_000);

  it('50 requests to self-exclude at once record one exclusion; the others are refused', async () => {
    const member = await wallet.member();
    const responses = await Promise.all(
      Array.from({ length: BURST }, () =>
        started.app.inject({
          method: 'POST',
          url: '/wps/member/protection/exclusions',
          headers: { authorization: `Bearer ${member.token}` },
          payload: { kind: 'self_exclusion', duration: '6m', confirm: true },
        }),
      ),
    );
    const tally = tallyAnswers(responses);
    expect(tally.ok, JSON.stringify(tally)).toBe(1);
    expect((tally.account_excluded ?? 0) + (tally.not_logged_in ?? 0), JSON.stringify(tally)).toBe(BURST - 1);
    const rows = await started.database.db
      .selectFrom('play_exclusions')
      .select('id')
      .where('member_id', '=', member.id)
      .execute();
    expect(rows).toHaveLength(1);
  }, 60_000);
});
