import { randomUUID } from 'node:crypto';
import { myFreeRoundsResponse } from '@lotus/shared/free-rounds.schema';
import { playRoundResponse } from '@lotus/shared/originals.schema';
import {
  applyResponse,
  myBonusesResponse,
  promotionRulesResponse,
} from '@lotus/shared/promotion-engine.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { assertLedgerInvariants } from '../../../test/helpers/ledger-invariants.ts';
import { operatorTokenFor } from '../../../test/helpers/operator-helper.ts';
import { testBackends } from '../../../test/helpers/test-database.ts';
import { createOpsDeps, runOpsCommand } from '../../ops/commands.ts';
import { type InhouseFixture, inhouseFixture } from '../inhouse-vendor/inhouse-vendor.fixture.ts';
import { makePromotion, setRules } from '../promotion-engine/promotion-engine.fixture.ts';
import { freePlay, freeRoundRules } from './free-rounds.fixture.ts';

type Member = { id: bigint; headers: Record<string, string> };

describe.each(testBackends())('free rounds [%s]', (backend) => {
  let test: TestApp;
  let studio: InhouseFixture;
  let finance: string;

  beforeAll(async () => {
    test = await buildTestApp({ backend });
    studio = await inhouseFixture(test.app, test.database);
    finance = await operatorTokenFor(test.app, test.database.db, 'finance');
  }, 60_000);
  afterAll(async () => {
    if (test) await assertLedgerInvariants(test.database.db);
    await test?.close();
  });

  async function member(fundMinor = 0n): Promise<Member> {
    const made = await studio.wallet.member({ fundMinor });
    return { id: made.id, headers: { authorization: `Bearer ${made.token}` } };
  }
  async function promotionWith(rounds: number, multiple = 0) {
    const promo = await makePromotion(test.database.db, studio.wallet.brandId, { title: 'Free spins' });
    const set = await setRules(test.app, finance, promo.code, freeRoundRules(rounds, multiple));
    expect(set.statusCode, set.body).toBe(200);
    return promo;
  }
  async function grantOf(who: Member, promotionId: bigint) {
    const applied = await test.app.inject({
      method: 'POST',
      url: `/wps/member/promotions/${promotionId}/apply`,
      headers: { ...who.headers, 'idempotency-key': randomUUID() },
    });
    expect(applied.statusCode, applied.body).toBe(200);
    const { value } = applyResponse.parse(applied.json());
    expect(value.application.status).toBe('issued');
    expect(value.bonus).toBeNull();
    const grant = (await grants(who)).find((one) => one.promotionId === String(promotionId));
    if (!grant) throw new Error('no grant');
    return grant;
  }
  async function grants(who: Member, language = 'EN') {
    const response = await test.app.inject({
      method: 'GET',
      url: `/wps/member/free-rounds?language=${language}`,
      headers: who.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return myFreeRoundsResponse.parse(response.json()).value.list;
  }
  const fundings = (grantId: string) =>
    test.database.db
      .selectFrom('journal_entries')
      .select(['id', 'kind'])
      .where('idempotency_key', 'like', `free-round:${grantId}:%`)
      .execute();

  it('the operator sets a free-rounds award; a game or stake the slot cannot play is refused', async () => {
    const promo = await makePromotion(test.database.db, studio.wallet.brandId);
    const roulette = await setRules(test.app, finance, promo.code, {
      ...freeRoundRules(),
      award: { kind: 'free_rounds', gameCode: 'european-roulette', rounds: 5, stake: '10' },
    });
    expect(roulette.statusCode).toBe(400);
    expect(roulette.json()).toMatchObject({
      message: 'promotion_rules_invalid',
      value: { field: 'award.gameCode' },
    });
    const odd = await setRules(test.app, finance, promo.code, {
      ...freeRoundRules(),
      award: { kind: 'free_rounds', gameCode: 'lotus-fortune', rounds: 5, stake: '7.5' },
    });
    expect(odd.statusCode).toBe(400);
    expect(odd.json()).toMatchObject({ value: { field: 'award.stake' } });
    expect((await setRules(test.app, finance, promo.code, freeRoundRules(10))).statusCode).toBe(200);
    const rules = await test.app.inject({ method: 'GET', url: `/wps/promotions/${promo.id}/rules` });
    expect(promotionRulesResponse.parse(rules.json()).value.rules?.award).toEqual({
      kind: 'free_rounds',
      gameCode: 'lotus-fortune',
      rounds: 10,
      stake: '10.00',
    });
  });

  it('the CLI promotion:rules sets a free-rounds award too', async () => {
    const promo = await makePromotion(test.database.db, studio.wallet.brandId);
    const lines: string[] = [];
    const io = { out: (line: string) => lines.push(line), err: (line: string) => lines.push(line) };
    const code = await runOpsCommand(
      ['promotion:rules', promo.code, JSON.stringify(freeRoundRules(7))],
      createOpsDeps(test.database.db),
      io,
    );
    expect(code, lines.join('\n')).toBe(0);
    const rules = await test.app.inject({ method: 'GET', url: `/wps/promotions/${promo.id}/rules` });
    expect(promotionRulesResponse.parse(rules.json()).value.rules?.award).toMatchObject({
      kind: 'free_rounds',
      rounds: 7,
    });
  });

  it('10 free rounds with no money of the player: all played, the 11th refused, winnings are cash', async () => {
    const promo = await promotionWith(10);
    const player = await member(0n);
    const grant = await grantOf(player, promo.id);
    expect(grant).toMatchObject({ roundsTotal: 10, roundsLeft: 10, status: 'active', stake: '10.00' });
    expect(grant.promotionTitle).toBe('Free spins');
    expect(grant.nodeId).toMatch(/^[1-9][0-9]*$/);
    // Issuing moved no money.
    expect(await studio.wallet.main(player.id)).toBe(0n);
    expect(await fundings(grant.id)).toHaveLength(0);

    const { token } = await studio.open(player.id, 'lotus-fortune');
    let paid = 0n;
    for (let k = 1; k <= 10; k += 1) {
      const played = await studio.post('/originals/api/rounds', token, freePlay(grant.id));
      expect(played.statusCode, played.body).toBe(200);
      const { value } = playRoundResponse.parse(played.json());
      expect(value.freeRound).toMatchObject({ n: k, total: 10, roundsLeft: 10 - k, stakeMinor: '1000' });
      expect(value.round.stakeMinor).toBe('1000');
      paid += BigInt(value.round.payoutMinor);
      expect(BigInt(value.balanceMinor)).toBe(paid);
    }
    const eleventh = await studio.post('/originals/api/rounds', token, freePlay(grant.id));
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json()).toMatchObject({ message: 'free_rounds_used_up' });

    expect(await studio.wallet.main(player.id)).toBe(paid);
    const funded = await fundings(grant.id);
    expect(funded).toHaveLength(10);
    expect(new Set(funded.map((entry) => entry.kind))).toEqual(new Set(['promotion_bonus']));
    const [after] = await grants(player, 'HI');
    expect(after).toMatchObject({ roundsLeft: 0, status: 'used', wonMinor: String(paid) });
    expect(after?.promotionTitle).toBe('Free spins (हिंदी)');
    // The rounds are ordinary settled rounds of the member at the grant's stake.
    const rounds = await test.database.db
      .selectFrom('game_rounds')
      .select(['stake_minor', 'status'])
      .where('member_id', '=', player.id)
      .execute();
    expect(rounds).toHaveLength(10);
    expect(rounds.every((round) => round.stake_minor === 1000n && round.status === 'settled')).toBe(true);
    // Without wagering, no bonus locks the winnings.
    const bonuses = await test.app.inject({
      method: 'GET',
      url: '/wps/member/bonuses',
      headers: player.headers,
    });
    expect(myBonusesResponse.parse(bonuses.json()).value.lockedMinor).toBe('0');
  });

  it("a trial, another player's grant or another game cannot play the grant", async () => {
    const promo = await promotionWith(3);
    const owner = await member(0n);
    const grant = await grantOf(owner, promo.id);
    const trial = await studio.trial('lotus-fortune');
    const inTrial = await studio.post('/originals/api/rounds', trial.token, freePlay(grant.id));
    expect(inTrial.statusCode).toBe(400);
    expect(inTrial.json()).toMatchObject({ message: 'free_round_not_playable' });

    const stranger = await member(10_000n);
    const theirs = await studio.open(stranger.id, 'lotus-fortune');
    const notMine = await studio.post('/originals/api/rounds', theirs.token, freePlay(grant.id));
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json()).toMatchObject({ message: 'free_round_not_found' });
    expect(await studio.wallet.main(stranger.id)).toBe(10_000n);

    const other = await studio.open(owner.id, 'tiger-temple');
    const wrongGame = await studio.post('/originals/api/rounds', other.token, freePlay(grant.id));
    expect(wrongGame.statusCode).toBe(404);
    const [unchanged] = await grants(owner);
    expect(unchanged?.roundsLeft).toBe(3);
    expect(await fundings(grant.id)).toHaveLength(0);
  });

  it('a free round the platform refuses (wager limit): the round is given back and its funding reversed', async () => {
    const promo = await promotionWith(3);
    const player = await member(0n);
    const grant = await grantOf(player, promo.id);
    await test.database.db
      .insertInto('play_limits')
      .values({
        member_id: player.id,
        kind: 'wager',
        period: 'day',
        amount: 500n,
        effective_from: new Date(Date.now() - 60_000),
        created_by: 'member',
      })
      .execute();
    const { token } = await studio.open(player.id, 'lotus-fortune');
    const refused = await studio.post('/originals/api/rounds', token, freePlay(grant.id));
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json()).toMatchObject({ message: 'limit_reached' });
    const [after] = await grants(player);
    expect(after).toMatchObject({ roundsLeft: 3, status: 'active' });
    expect(await studio.wallet.main(player.id)).toBe(0n);
    // The funding and its reversal: nothing of the brand's money stays with the player.
    const entries = await fundings(grant.id);
    expect(entries.map((entry) => entry.kind).sort()).toEqual(['promotion_bonus', 'reversal']);
    const plays = await test.database.db
      .selectFrom('free_round_plays')
      .select('round_ref')
      .where('grant_id', '=', BigInt(grant.id))
      .execute();
    expect(plays).toHaveLength(0);
  });

  it('with a wagering rule, the winnings are a bonus locked until wagered', async () => {
    const promo = await promotionWith(60, 5);
    const player = await member(0n);
    const grant = await grantOf(player, promo.id);
    const { token } = await studio.open(player.id, 'lotus-fortune');
    let won = 0n;
    for (let k = 0; k < 60 && won === 0n; k += 1) {
      const played = await studio.post('/originals/api/rounds', token, freePlay(grant.id));
      expect(played.statusCode, played.body).toBe(200);
      won += BigInt(playRoundResponse.parse(played.json()).value.round.payoutMinor);
    }
    expect(won).toBeGreaterThan(0n);
    const response = await test.app.inject({
      method: 'GET',
      url: '/wps/member/bonuses',
      headers: player.headers,
    });
    const mine = myBonusesResponse.parse(response.json()).value;
    expect(mine.list).toHaveLength(1);
    expect(mine.list[0]).toMatchObject({
      amountMinor: String(won),
      wageringRequiredMinor: String(won * 5n),
      status: 'open',
    });
    expect(mine.lockedMinor).toBe(String(won));
    expect(await studio.wallet.main(player.id)).toBe(won);
  });
});
