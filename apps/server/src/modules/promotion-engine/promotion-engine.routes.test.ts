import { randomUUID } from 'node:crypto';
import {
  applyResponse,
  forfeitResponse,
  myBonusesResponse,
  myPromotionsResponse,
  opsApplicationsResponse,
  promotionRulesResponse,
} from '@lotus/shared/promotion-engine.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { assertLedgerInvariants } from '../../../test/helpers/ledger-invariants.ts';
import { multipartBody } from '../../../test/helpers/multipart.ts';
import { operatorTokenFor } from '../../../test/helpers/operator-helper.ts';
import { testBackends } from '../../../test/helpers/test-database.ts';
import { TINY_PNG } from '../../../test/helpers/tiny-images.ts';
import { type FixtureMember, WithdrawalFixture } from '../../../test/helpers/withdrawal-fixture.ts';
import { systemClock } from '../../lib/clock.ts';
import { createOpsDeps, runOpsCommand } from '../../ops/commands.ts';
import { type InhouseFixture, inhouseFixture } from '../inhouse-vendor/inhouse-vendor.fixture.ts';
import {
  approvedDeposit,
  DEPOSIT_BONUS_RULES,
  MANUAL_RULES,
  makePromotion,
  setRules,
} from './promotion-engine.fixture.ts';

type Ready = FixtureMember & { accountId: string };
const DAY_MS = 86_400_000;

describe.each(testBackends())('promotion engine [%s]', (backend) => {
  let test: TestApp;
  let wd: WithdrawalFixture;
  let studio: InhouseFixture;
  let finance: string;
  let depositPromo: { id: bigint; code: string };
  let manualPromo: { id: bigint; code: string };

  beforeAll(async () => {
    test = await buildTestApp({ backend });
    wd = new WithdrawalFixture(test.app, test.database.db, systemClock);
    await wd.init();
    studio = await inhouseFixture(test.app, test.database);
    finance = await operatorTokenFor(test.app, test.database.db, 'finance');
    depositPromo = await makePromotion(test.database.db, wd.brandId, { title: 'First deposit bonus' });
    manualPromo = await makePromotion(test.database.db, wd.brandId, { title: 'Manual promo' });
    expect((await setRules(test.app, finance, depositPromo.code, DEPOSIT_BONUS_RULES)).statusCode).toBe(200);
    expect((await setRules(test.app, finance, manualPromo.code, MANUAL_RULES)).statusCode).toBe(200);
  }, 60_000);
  afterAll(async () => {
    if (test) await assertLedgerInvariants(test.database.db);
    await test?.close();
  });

  const apply = (
    member: FixtureMember,
    promotionId: bigint,
    key = randomUUID(),
    body?: ReturnType<typeof multipartBody>,
  ) =>
    test.app.inject({
      method: 'POST',
      url: `/wps/member/promotions/${promotionId}/apply`,
      headers: { ...member.headers, 'idempotency-key': key, ...(body?.headers ?? {}) },
      ...(body ? { payload: body.payload } : {}),
    });
  const claim = (member: FixtureMember, promotionId: bigint, key = randomUUID()) =>
    test.app.inject({
      method: 'POST',
      url: `/wps/member/promotions/${promotionId}/claim`,
      headers: { ...member.headers, 'idempotency-key': key },
    });
  const forfeit = (member: FixtureMember, bonusId: string, key = randomUUID()) =>
    test.app.inject({
      method: 'POST',
      url: `/wps/member/bonuses/${bonusId}/forfeit`,
      headers: { ...member.headers, 'idempotency-key': key },
    });
  async function statusOf(member: FixtureMember, promotionId: bigint): Promise<string | undefined> {
    const response = await test.app.inject({
      method: 'GET',
      url: '/wps/member/promotions',
      headers: member.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return myPromotionsResponse
      .parse(response.json())
      .value.list.find((item) => item.promotionId === promotionId.toString())?.status;
  }
  async function bonuses(member: FixtureMember) {
    const response = await test.app.inject({
      method: 'GET',
      url: '/wps/member/bonuses',
      headers: member.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return myBonusesResponse.parse(response.json()).value;
  }
  /** A member with a deposit of `depositMinor` (approved, and its money in the wallet). */
  async function depositor(depositMinor: bigint): Promise<Ready> {
    const member = await wd.readyMember(0n);
    const entryId = await studio.wallet.fund(member.id, depositMinor);
    await approvedDeposit(test.database.db, wd.brandId, member.id, depositMinor, entryId);
    return member;
  }
  const errorOf = (response: { json(): unknown }) => response.json() as { message: string; value: unknown };
  const entries = async (kind: string, memberAccount: bigint) =>
    await test.database.db
      .selectFrom('journal_entries as e')
      .innerJoin('journal_postings as p', 'p.entry_id', 'e.id')
      .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
      .select(['e.id', 'p.amount_minor'])
      .where('e.kind', '=', kind)
      .where('a.member_id', '=', memberAccount)
      .execute();

  it('shows the rules to anyone; a promotion without rules has none; an unknown one is 404', async () => {
    const rules = await test.app.inject({ method: 'GET', url: `/wps/promotions/${depositPromo.id}/rules` });
    expect(rules.statusCode, rules.body).toBe(200);
    expect(promotionRulesResponse.parse(rules.json()).value.rules).toMatchObject({
      approval: 'auto',
      award: { kind: 'deposit_percent', percent: '100.00', cap: '5000.00' },
      wagering: {
        multiple: 10,
        weights: [
          { gameType: 'RNG', percent: 100 },
          { gameType: 'TG', percent: 10 },
        ],
      },
    });
    const bare = await makePromotion(test.database.db, wd.brandId);
    const none = await test.app.inject({ method: 'GET', url: `/wps/promotions/${bare.id}/rules` });
    expect(promotionRulesResponse.parse(none.json()).value.rules).toBeNull();
    const unknown = await test.app.inject({ method: 'GET', url: '/wps/promotions/999999999/rules' });
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).message).toBe('promotion_not_found');
  });

  it('auto deposit bonus: issued at once for a depositor (100 % up to the cap, 10× wagering), once', async () => {
    const member = await depositor(100_000n); // 1,000.00
    expect(await statusOf(member, depositPromo.id)).toBe('join');
    const key = randomUUID();
    const first = await apply(member, depositPromo.id, key);
    expect(first.statusCode, first.body).toBe(200);
    const result = applyResponse.parse(first.json()).value;
    expect(result.application).toMatchObject({ status: 'issued', activityStatus: 'issued' });
    expect(result.bonus).toMatchObject({
      amount: '1000.00',
      wageringRequired: '10000.00',
      wageringDone: '0.00',
      progressPercent: 0,
      status: 'open',
    });
    expect((await wd.balance(member.id)).availableMinor).toBe(200_000n);
    // The same key replays; another key is a second application.
    expect((await apply(member, depositPromo.id, key)).json()).toEqual(first.json());
    const again = await apply(member, depositPromo.id);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe('promotion_already_applied');
    expect(await entries('promotion_bonus', member.id)).toHaveLength(1);
    expect(await statusOf(member, depositPromo.id)).toBe('issued');
    expect(await bonuses(member)).toMatchObject({ locked: '1000.00' });
  });

  it('caps a big deposit at 5,000.00', async () => {
    const member = await depositor(900_000n);
    const response = await apply(member, depositPromo.id);
    expect(applyResponse.parse(response.json()).value.bonus).toMatchObject({
      amount: '5000.00',
      wageringRequired: '50000.00',
    });
  });

  it('join then claim: signed up without a deposit, claimable once one is made, then claimed', async () => {
    const member = await wd.readyMember(0n);
    const joined = await apply(member, depositPromo.id);
    expect(joined.statusCode, joined.body).toBe(200);
    expect(applyResponse.parse(joined.json()).value).toMatchObject({
      application: { status: 'joined', activityStatus: 'joined' },
      bonus: null,
    });
    expect(await statusOf(member, depositPromo.id)).toBe('joined');
    const early = await claim(member, depositPromo.id);
    expect(early.statusCode).toBe(409);
    expect(errorOf(early).message).toBe('promotion_not_claimable');

    const entryId = await studio.wallet.fund(member.id, 20_000n);
    await approvedDeposit(test.database.db, wd.brandId, member.id, 20_000n, entryId);
    expect(await statusOf(member, depositPromo.id)).toBe('claim');
    const key = randomUUID();
    const claimed = await claim(member, depositPromo.id, key);
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(applyResponse.parse(claimed.json()).value).toMatchObject({
      application: { status: 'issued', activityStatus: 'claimed' },
      bonus: { amount: '200.00', status: 'open' },
    });
    expect((await claim(member, depositPromo.id, key)).json()).toEqual(claimed.json());
    expect((await claim(member, depositPromo.id)).statusCode).toBe(409);
    expect(await statusOf(member, depositPromo.id)).toBe('claimed');
    expect(await entries('promotion_bonus', member.id)).toHaveLength(1);
  });

  it('refuses by eligibility (VIP level, new players) and by the date window', async () => {
    const vip = await makePromotion(test.database.db, wd.brandId);
    expect(
      (await setRules(test.app, finance, vip.code, { ...MANUAL_RULES, hasForm: false, minVipLevel: 3 }))
        .statusCode,
    ).toBe(200);
    const member = await wd.readyMember(0n);
    const refused = await apply(member, vip.id);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toMatchObject({
      message: 'promotion_not_eligible',
      value: { reason: 'vip_level' },
    });

    const newbie = await makePromotion(test.database.db, wd.brandId);
    await setRules(test.app, finance, newbie.code, { ...MANUAL_RULES, hasForm: false, newPlayersDays: 7 });
    await test.database.db
      .updateTable('members')
      .set({ created_at: new Date(Date.now() - 30 * DAY_MS) })
      .where('id', '=', member.id)
      .execute();
    expect(errorOf(await apply(member, newbie.id))).toMatchObject({ value: { reason: 'new_players' } });

    const later = await makePromotion(test.database.db, wd.brandId, {
      startsAt: new Date(Date.now() + DAY_MS),
    });
    const over = await makePromotion(test.database.db, wd.brandId, {
      startsAt: new Date(Date.now() - 2 * DAY_MS),
      endsAt: new Date(Date.now() - DAY_MS),
    });
    for (const promo of [later, over]) await setRules(test.app, finance, promo.code, MANUAL_RULES);
    expect(await statusOf(member, later.id)).toBe('coming_soon');
    expect(await statusOf(member, over.id)).toBe('closed');
    const closed = await apply(member, over.id);
    expect(closed.statusCode).toBe(409);
    expect(errorOf(closed).message).toBe('promotion_not_open');
    expect((await apply(member, 999_999_999n)).statusCode).toBe(404);
  });

  it('manual with the form: remark and pictures checked, applying → approved (issued) or rejected, audited', async () => {
    const member = await wd.readyMember(0n);
    expect(await statusOf(member, manualPromo.id)).toBe('apply');
    const png = { field: 'images', filename: 'a.png', contentType: 'image/png', bytes: TINY_PNG };
    const long = await apply(
      member,
      manualPromo.id,
      randomUUID(),
      multipartBody({ remark: 'x'.repeat(141) }),
    );
    expect(long.statusCode).toBe(400);
    expect(errorOf(long).message).toBe('promotion_remark_too_long');
    const four = await apply(
      member,
      manualPromo.id,
      randomUUID(),
      multipartBody({ remark: 'hi' }, [png, png, png, png]),
    );
    expect(four.statusCode).toBe(400);
    expect(errorOf(four).message).toBe('upload_too_many');
    const text = { ...png, bytes: Buffer.from('not a picture at all') };
    const notImage = await apply(
      member,
      manualPromo.id,
      randomUUID(),
      multipartBody({ remark: 'hi' }, [text]),
    );
    expect(notImage.statusCode).toBe(415);

    const sent = await apply(
      member,
      manualPromo.id,
      randomUUID(),
      multipartBody({ remark: 'My screenshot' }, [png, png]),
    );
    expect(sent.statusCode, sent.body).toBe(200);
    const application = applyResponse.parse(sent.json()).value.application;
    expect(application).toMatchObject({
      status: 'pending',
      activityStatus: 'applying',
      remark: 'My screenshot',
      imageCount: 2,
    });
    expect(await statusOf(member, manualPromo.id)).toBe('applying');

    const pending = await test.app.inject({
      method: 'GET',
      url: '/wps/ops/promotions/applications?status=pending',
      headers: { authorization: `Bearer ${finance}` },
    });
    expect(opsApplicationsResponse.parse(pending.json()).value.list.map((row) => row.id)).toContain(
      application.id,
    );
    const approve = () =>
      test.app.inject({
        method: 'POST',
        url: `/wps/ops/promotions/applications/${application.id}/approve`,
        headers: { authorization: `Bearer ${finance}` },
      });
    const approved = await approve();
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().value).toMatchObject({
      application: { status: 'issued', username: member.username },
      bonus: { amount: '50.00', wageringRequired: '100.00' },
    });
    expect(errorOf(await approve()).message).toBe('application_not_pending');
    // The operator sees the pictures as stored: cleaned PNGs, private.
    const picture = await test.app.inject({
      method: 'GET',
      url: `/wps/ops/promotions/applications/${application.id}/images/2`,
      headers: { authorization: `Bearer ${finance}` },
    });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');
    expect(picture.headers['cache-control']).toBe('private, no-store');
    const third = await test.app.inject({
      method: 'GET',
      url: `/wps/ops/promotions/applications/${application.id}/images/3`,
      headers: { authorization: `Bearer ${finance}` },
    });
    expect(third.statusCode).toBe(404);
    expect(await statusOf(member, manualPromo.id)).toBe('issued');

    const other = await wd.readyMember(0n);
    const second = applyResponse.parse(
      (await apply(other, manualPromo.id, randomUUID(), multipartBody({ remark: 'please' }))).json(),
    ).value;
    const rejected = await test.app.inject({
      method: 'POST',
      url: `/wps/ops/promotions/applications/${second.application.id}/reject`,
      headers: { authorization: `Bearer ${finance}` },
      payload: { reason: 'Screenshot missing' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await statusOf(other, manualPromo.id)).toBe('rejected');
    const mine = await test.app.inject({
      method: 'GET',
      url: '/wps/member/promotions/applications',
      headers: other.headers,
    });
    expect(mine.json().value.list[0]).toMatchObject({
      status: 'rejected',
      rejectReason: 'Screenshot missing',
    });
    const audit = await test.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', 'in', [
        'promotion.application_approved',
        'promotion.application_rejected',
        'promotion.rules_set',
      ])
      .execute();
    expect(new Set(audit.map((row) => row.action)).size).toBe(3);
  });

  it('wagering: settled in-house rounds add their weighted stake; withdrawal refused until done or forfeited', async () => {
    const member = await depositor(10_000n); // 100.00 → bonus 100.00, 1,000.00 to wager
    const issued = applyResponse.parse((await apply(member, depositPromo.id)).json()).value;
    const bonusId = issued.bonus?.id ?? '';
    // 200.00 in the wallet, 100.00 locked: 150.00 would leave 50.00, under the lock.
    const refused = await wd.requestWithdrawal(member, { payoutAccountId: member.accountId, amount: '150' });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(errorOf(refused)).toMatchObject({
      message: 'bonus_wagering_open',
      value: { done: '0.00', required: '1000.00', percent: 0, locked: '100.00' },
    });
    expect((await wd.balance(member.id)).heldMinor).toBe(0n);
    // More cash, so whatever the rounds pay the wallet keeps more than the lock and the minimum withdrawal.
    await studio.wallet.fund(member.id, 30_000n);

    const { token } = await studio.open(member.id, 'lotus-fortune');
    const slot = await studio.post('/originals/api/rounds', token, {
      requestId: randomUUID(),
      bet: { game: 'slot', betMinor: '10000' },
    });
    expect(slot.statusCode, slot.body).toBe(200);
    expect((await bonuses(member)).list[0]).toMatchObject({ wageringDone: '100.00', progressPercent: 10 });
    const roulette = await studio.open(member.id, 'european-roulette');
    const spin = await studio.post('/originals/api/rounds', roulette.token, {
      requestId: randomUUID(),
      bet: { game: 'roulette', bets: [{ kind: 'straight', numbers: [17], amountMinor: '5000' }] },
    });
    expect(spin.statusCode, spin.body).toBe(200);
    // Table games weigh 10 %: 50.00 staked counts 5.00.
    expect((await bonuses(member)).list[0]).toMatchObject({ wageringDone: '105.00', progressPercent: 10 });
    // Everything available would leave nothing for the 100.00 the open bonus locks.
    const everything = ((await wd.balance(member.id)).availableMinor / 100n).toString();
    const progress = errorOf(
      await wd.requestWithdrawal(member, { payoutAccountId: member.accountId, amount: everything }),
    );
    expect(progress).toMatchObject({
      message: 'bonus_wagering_open',
      value: { done: '105.00', percent: 10 },
    });

    // Forfeit: min(bonus, balance) goes back; then withdrawal is free.
    const before = (await wd.balance(member.id)).availableMinor;
    const forfeited = await forfeit(member, bonusId);
    expect(forfeited.statusCode, forfeited.body).toBe(200);
    expect(forfeitResponse.parse(forfeited.json()).value.bonus).toMatchObject({ status: 'forfeited' });
    expect((await wd.balance(member.id)).availableMinor).toBe(before - 10_000n);
    expect(errorOf(await forfeit(member, bonusId)).message).toBe('bonus_not_open');
    const stranger = await wd.readyMember(0n);
    expect(errorOf(await forfeit(stranger, bonusId)).message).toBe('bonus_not_found');
    expect((await bonuses(member)).locked).toBe('0.00');
    const rest = ((await wd.balance(member.id)).availableMinor / 100n).toString();
    const free = await wd.requestWithdrawal(member, { payoutAccountId: member.accountId, amount: rest });
    expect(free.statusCode, free.body).toBe(200);
  });

  it('wagering completes: the bonus becomes cash and a withdrawal below the old lock is allowed', async () => {
    const small = await makePromotion(test.database.db, wd.brandId);
    await setRules(test.app, finance, small.code, {
      ...MANUAL_RULES,
      approval: 'auto',
      hasForm: false,
      award: { kind: 'fixed', amount: '100' },
      wagering: { multiple: 1, weights: [{ gameType: 'RNG', percent: 100 }] },
    });
    const member = await wd.readyMember(0n);
    await studio.wallet.fund(member.id, 50_000n);
    expect((await apply(member, small.id)).statusCode).toBe(200);
    const { token } = await studio.open(member.id, 'lotus-fortune');
    for (let round = 0; round < 2; round += 1) {
      const played = await studio.post('/originals/api/rounds', token, {
        requestId: randomUUID(),
        bet: { game: 'slot', betMinor: '10000' },
      });
      expect(played.statusCode, played.body).toBe(200);
    }
    const [bonus] = (await bonuses(member)).list;
    expect(bonus).toMatchObject({ status: 'completed', wageringDone: '100.00', progressPercent: 100 });
    expect(bonus?.closedAt).not.toBeNull();
    const available = (await wd.balance(member.id)).availableMinor;
    const all = await wd.requestWithdrawal(member, {
      payoutAccountId: member.accountId,
      amount: (Number(available) / 100).toFixed(2),
    });
    expect(all.statusCode, all.body).toBe(200);
  });

  it('a member without an open bonus: rounds change no grant (the trigger returns after one probe)', async () => {
    const member = await wd.readyMember(0n);
    await studio.wallet.fund(member.id, 50_000n);
    const { token } = await studio.open(member.id, 'lotus-fortune');
    const played = await studio.post('/originals/api/rounds', token, {
      requestId: randomUUID(),
      bet: { game: 'slot', betMinor: '1000' },
    });
    expect(played.statusCode).toBe(200);
    expect((await bonuses(member)).list).toEqual([]);
  });

  it('operator routes and CLI: rules validated, wagering state, refused to members', async () => {
    const bad = await setRules(test.app, finance, manualPromo.code, {
      ...MANUAL_RULES,
      wagering: { multiple: 5, weights: [] },
    });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).message).toBe('promotion_rules_invalid');
    expect((await setRules(test.app, finance, 'no-such-promo', MANUAL_RULES)).statusCode).toBe(404);
    const member = await depositor(10_000n);
    await apply(member, depositPromo.id);
    const state = await test.app.inject({
      method: 'GET',
      url: `/wps/ops/members/${member.username}/bonuses`,
      headers: { authorization: `Bearer ${finance}` },
    });
    expect(state.statusCode, state.body).toBe(200);
    expect(state.json().value).toMatchObject({ username: member.username, locked: '100.00' });
    const asMember = await test.app.inject({
      method: 'GET',
      url: `/wps/ops/members/${member.username}/bonuses`,
      headers: member.headers,
    });
    expect(asMember.statusCode).toBeGreaterThanOrEqual(401);

    const lines: string[] = [];
    const io = { out: (line: string) => lines.push(line), err: (line: string) => lines.push(line) };
    const code = await runOpsCommand(
      ['promotion:wagering', member.username],
      createOpsDeps(test.database.db),
      io,
    );
    expect(code).toBe(0);
    expect(JSON.parse(lines.join('\n'))).toMatchObject({ username: member.username, locked: '100.00' });
    lines.length = 0;
    expect(
      await runOpsCommand(['promotion:applications', 'issued'], createOpsDeps(test.database.db), io),
    ).toBe(0);
    expect(JSON.parse(lines.join('\n')).list.length).toBeGreaterThan(0);
  });
  it('operators create a promotion (route and CLI): shown to players with its rules, plain text escaped, codes unique', async () => {
    const code = `created-${backend}-${Date.now().toString(36)}`;
    const body = {
      code,
      category: 'deposit',
      tags: ['NEWBIE', 'LIMITED'],
      titleEn: 'Reload bonus',
      titleHi: 'रीलोड बोनस',
      summaryEn: '50% of your next deposit',
      summaryHi: 'अगली जमा का 50%',
      bodyEn: 'Deposit at least 200.\n\n<script>alert(1)</script> is just text.',
      bodyHi: 'कम से कम 200 जमा करें।',
      rules: DEPOSIT_BONUS_RULES,
    };
    const post = (payload: unknown, token = finance) =>
      test.app.inject({
        method: 'POST',
        url: '/wps/ops/promotions',
        headers: { authorization: `Bearer ${token}` },
        payload: payload as Record<string, unknown>,
      });
    const created = await post(body);
    expect(created.statusCode, created.body).toBe(200);
    const value = created.json().value as { id: string; code: string; rules: { approval: string } | null };
    expect(value).toMatchObject({ code, rules: { approval: 'auto' } });
    const rules = await test.app.inject({ method: 'GET', url: `/wps/promotions/${value.id}/rules` });
    expect(promotionRulesResponse.parse(rules.json()).value.rules).toMatchObject({ approval: 'auto' });
    const stored = await test.database.db
      .selectFrom('promotions')
      .select(['content', 'tags', 'active'])
      .where('id', '=', BigInt(value.id))
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(stored.content)).toContain('&lt;script&gt;');
    expect(JSON.stringify(stored.content)).not.toContain('<script>');
    expect(stored).toMatchObject({ tags: ['NEWBIE', 'LIMITED'], active: true });
    const audit = await test.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'promotion.created')
      .execute();
    expect(audit.length).toBeGreaterThan(0);

    const again = await post(body);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe('promotion_code_taken');
    for (const wrong of [
      { ...body, code: 'Not A Code' },
      { ...body, code: `${code}-x`, imageUrl: 'javascript:alert(1)' },
      { ...body, code: `${code}-y`, startsAt: '2030-01-02T00:00:00Z', endsAt: '2030-01-01T00:00:00Z' },
      { ...body, code: `${code}-z`, titleEn: '' },
    ]) {
      const refused = await post(wrong);
      expect(refused.statusCode, JSON.stringify(wrong)).toBe(400);
    }
    const member = await wd.readyMember(0n);
    const asMember = await test.app.inject({
      method: 'POST',
      url: '/wps/ops/promotions',
      headers: member.headers,
      payload: { ...body, code: `${code}-m` },
    });
    expect(asMember.statusCode).toBeGreaterThanOrEqual(401);
    expect(asMember.statusCode).toBeLessThan(500);

    const lines: string[] = [];
    const io = { out: (line: string) => lines.push(line), err: (line: string) => lines.push(line) };
    const { rules: _rules, ...withoutRules } = body;
    expect(
      await runOpsCommand(
        ['promotion:create', JSON.stringify({ ...withoutRules, code: `${code}-cli` })],
        createOpsDeps(test.database.db),
        io,
      ),
    ).toBe(0);
    expect(JSON.parse(lines.join('\n'))).toMatchObject({ code: `${code}-cli`, rules: null });
  });
});
