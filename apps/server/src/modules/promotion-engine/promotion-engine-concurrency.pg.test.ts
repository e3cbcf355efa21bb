import { randomUUID } from 'node:crypto';
import { applyResponse } from '@lotus/shared/promotion-engine.schema';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type PooledTestApp,
  startPooledTestApp,
  tallyAnswers,
} from '../../../test/helpers/build-test-app.ts';
import { creditFromHouse } from '../../../test/helpers/house-credit.ts';
import { operatorTokenFor } from '../../../test/helpers/operator-helper.ts';
import { usePostgresConnections } from '../../../test/helpers/postgres-budget.ts';
import type { TestDatabase } from '../../../test/helpers/test-database.ts';
import { type FixtureMember, WithdrawalFixture } from '../../../test/helpers/withdrawal-fixture.ts';
import { systemClock } from '../../lib/clock.ts';
import {
  approvedDeposit,
  DEPOSIT_BONUS_RULES,
  MANUAL_RULES,
  makePromotion,
  setRules,
} from './promotion-engine.fixture.ts';

/**
 * The engine's limits under concurrency (PostgreSQL only: PGlite runs every transaction in turn), 50
 * requests at once through an app with a pool of 20: one application per (promotion, member), one bonus per
 * application, one forfeit per bonus, and withdrawals that together never take the money an open bonus locks.
 */

const POOL = 20;
const AT_ONCE = 50;

usePostgresConnections(33);

describe('promotion engine under concurrency [postgres]', () => {
  let started: PooledTestApp | undefined;
  let database: TestDatabase;
  let app: FastifyInstance;
  let wd: WithdrawalFixture;
  let finance: string;
  let promo: { id: bigint; code: string };

  beforeAll(async () => {
    started = await startPooledTestApp({ pool: POOL, checkLedger: true });
    ({ database, app } = started);
    wd = new WithdrawalFixture(app, database.db, systemClock);
    await wd.init();
    finance = await operatorTokenFor(app, database.db, 'finance');
    promo = await makePromotion(database.db, wd.brandId);
    expect((await setRules(app, finance, promo.code, DEPOSIT_BONUS_RULES)).statusCode).toBe(200);
  }, 60_000);
  afterAll(() => started?.close());

  const apply = (member: FixtureMember, promotionId: bigint) =>
    app.inject({
      method: 'POST',
      url: `/wps/member/promotions/${promotionId}/apply`,
      headers: { ...member.headers, 'idempotency-key': randomUUID() },
    });

  async function depositor(amountMinor: bigint) {
    const member = await wd.readyMember(0n);
    const entryId = await creditFromHouse(wd.ledger, {
      brandId: wd.brandId,
      memberId: member.id,
      amountMinor,
      idempotencyKey: `test:deposit:${randomUUID()}`,
    });
    await approvedDeposit(database.db, wd.brandId, member.id, amountMinor, entryId);
    return member;
  }

  const grantsOf = (memberId: bigint) =>
    database.db.selectFrom('bonus_grants').selectAll().where('member_id', '=', memberId).execute();

  it(`${AT_ONCE} applies at once: one application, one bonus entry`, async () => {
    const member = await depositor(100_000n);
    const answers = await Promise.all(Array.from({ length: AT_ONCE }, () => apply(member, promo.id)));
    expect(tallyAnswers(answers)).toEqual({ ok: 1, promotion_already_applied: AT_ONCE - 1 });
    expect(await grantsOf(member.id)).toHaveLength(1);
    expect((await wd.balance(member.id)).availableMinor).toBe(200_000n);
  });

  it(`${AT_ONCE} withdrawals at once never take the locked bonus money`, async () => {
    // 1,000.00 deposited + 1,000.00 bonus; 1,000.00 locked: ten withdrawals of 100.00 fit, no more.
    const member = await depositor(100_000n);
    expect((await apply(member, promo.id)).statusCode).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: AT_ONCE }, () =>
        wd.requestWithdrawal(member, { payoutAccountId: member.accountId, amount: '100' }),
      ),
    );
    expect(tallyAnswers(answers)).toEqual({ ok: 10, bonus_wagering_open: AT_ONCE - 10 });
    expect(await wd.balance(member.id)).toMatchObject({
      balanceMinor: 200_000n,
      heldMinor: 100_000n,
      availableMinor: 100_000n,
    });
  });

  it(`${AT_ONCE} forfeits at once: one entry, the bonus forfeited once`, async () => {
    const member = await depositor(100_000n);
    const bonusId = applyResponse.parse((await apply(member, promo.id)).json()).value.bonus?.id ?? '';
    const answers = await Promise.all(
      Array.from({ length: AT_ONCE }, () =>
        app.inject({
          method: 'POST',
          url: `/wps/member/bonuses/${bonusId}/forfeit`,
          headers: { ...member.headers, 'idempotency-key': randomUUID() },
        }),
      ),
    );
    expect(tallyAnswers(answers)).toEqual({ ok: 1, bonus_not_open: AT_ONCE - 1 });
    expect((await wd.balance(member.id)).availableMinor).toBe(100_000n);
    const [grant] = await grantsOf(member.id);
    expect(grant).toMatchObject({ status: 'forfeited', forfeited_minor: 100_000n });
  });

  it(`${AT_ONCE} approvals of one application at once: one bonus`, async () => {
    const manual = await makePromotion(database.db, wd.brandId);
    await setRules(app, finance, manual.code, { ...MANUAL_RULES, hasForm: false });
    const member = await wd.readyMember(0n);
    const applied = applyResponse.parse((await apply(member, manual.id)).json()).value;
    const answers = await Promise.all(
      Array.from({ length: AT_ONCE }, () =>
        app.inject({
          method: 'POST',
          url: `/wps/ops/promotions/applications/${applied.application.id}/approve`,
          headers: { authorization: `Bearer ${finance}` },
        }),
      ),
    );
    expect(tallyAnswers(answers)).toEqual({ ok: 1, application_not_pending: AT_ONCE - 1 });
    expect(await grantsOf(member.id)).toHaveLength(1);
  });
});
