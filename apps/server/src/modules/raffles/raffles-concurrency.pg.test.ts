import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PooledTestApp, startPooledTestApp } from '../../../test/helpers/build-test-app.ts';
import { operatorTokenFor } from '../../../test/helpers/operator-helper.ts';
import { usePostgresConnections } from '../../../test/helpers/postgres-budget.ts';
import { type WalletFixture, walletFixture } from '../../../test/helpers/wallet-fixture.ts';
import { manualClock } from '../../lib/clock.ts';
import { type RafflesFixture, rafflesFixture } from './raffles.fixture.ts';

/**
 * Every limit is a concurrency problem (PostgreSQL only: PGlite runs one statement at a time).
 * - One ticket, 50 claims at once under different keys: one prize, 49 refusals.
 * - A small budget, 50 members claiming at once: the campaign's account never goes below zero, the paid
 *   prizes sum to what left it, and every refused ticket stays unused.
 * - 50 claims of one member's 50 tickets at once (no ticket named): each opens a different ticket.
 */

const BURST = 50;

usePostgresConnections(33);

describe('raffles under concurrency [postgres]', () => {
  const clock = manualClock(new Date());
  let app: PooledTestApp;
  let fx: WalletFixture;
  let rf: RafflesFixture;

  beforeAll(async () => {
    app = await startPooledTestApp({ pool: 20, clock, checkLedger: true });
    fx = await walletFixture(app.app, app.database);
    rf = rafflesFixture(app.app, clock, await operatorTokenFor(app.app, app.database.db, 'finance'));
  }, 90_000);
  afterAll(async () => {
    await app?.close();
  });

  const messages = (responses: { statusCode: number; json(): unknown }[]) =>
    responses.map((response) =>
      response.statusCode === 200 ? 'ok' : (response.json() as { message: string }).message,
    );
  const campaignAccount = async (code: string) =>
    (
      await app.database.db
        .selectFrom('ledger_accounts')
        .select('balance_minor')
        .where('kind', '=', 'campaign')
        .where('vendor_code', '=', code)
        .executeTakeFirstOrThrow()
    ).balance_minor;

  it(`${BURST} claims of one ticket at once: one prize`, async () => {
    const campaign = await rf.running({ prizes: [{ amount: '3', weight: 1 }] });
    const member = await fx.member();
    const [ticket] = await rf.grant(campaign.code, member.username, 1);
    const answers = await Promise.all(
      Array.from({ length: BURST }, () => rf.claim(member.token, campaign.code, ticket)),
    );
    const outcomes = messages(answers);
    expect(outcomes.filter((outcome) => outcome === 'ok')).toHaveLength(1);
    expect(new Set(outcomes.filter((outcome) => outcome !== 'ok'))).toEqual(
      new Set(['raffle_ticket_claimed']),
    );
    expect(await fx.main(member.id)).toBe(300n);
    expect(await fx.entriesOfKind('raffle_prize')).toBeGreaterThanOrEqual(1);
  });

  it(`${BURST} members draining a small budget at once: it never goes below zero`, async () => {
    // Budget ₹20.00, every ticket draws ₹3.00: six claims fit, the other 44 are refused.
    const campaign = await rf.running({ budget: '20', prizes: [{ amount: '3', weight: 1 }] });
    const members = [];
    for (let index = 0; index < BURST; index += 1) {
      const member = await fx.member();
      await rf.grant(campaign.code, member.username, 1);
      members.push(member);
    }
    const outcomes = messages(
      await Promise.all(members.map((member) => rf.claim(member.token, campaign.code))),
    );
    expect(outcomes.filter((outcome) => outcome === 'ok')).toHaveLength(6);
    expect(new Set(outcomes.filter((outcome) => outcome !== 'ok'))).toEqual(
      new Set(['raffle_budget_exhausted']),
    );
    expect(await campaignAccount(campaign.code)).toBe(200n);
    const tickets = await app.database.db
      .selectFrom('raffle_tickets as t')
      .innerJoin('raffle_campaigns as c', 'c.id', 't.campaign_id')
      .select(['t.claimed_at', 't.prize_minor'])
      .where('c.code', '=', campaign.code)
      .execute();
    expect(tickets.filter((ticket) => ticket.claimed_at !== null)).toHaveLength(6);
    expect(tickets.filter((ticket) => ticket.claimed_at === null)).toHaveLength(BURST - 6);
    let paid = 0n;
    for (const member of members) paid += await fx.main(member.id);
    expect(paid).toBe(1_800n);
  });

  it(`${BURST} claims of one member's ${BURST} tickets at once: each opens a different ticket`, async () => {
    const campaign = await rf.running({ prizes: [{ amount: '1', weight: 1 }] });
    const member = await fx.member();
    await rf.grant(campaign.code, member.username, BURST);
    const answers = await Promise.all(
      Array.from({ length: BURST }, () => rf.claim(member.token, campaign.code, undefined, randomUUID())),
    );
    expect(messages(answers).filter((outcome) => outcome === 'ok')).toHaveLength(BURST);
    const opened = new Set(
      answers.map(
        (answer) => (answer.json() as { value: { draw: { ticketId: string } } }).value.draw.ticketId,
      ),
    );
    expect(opened.size).toBe(BURST);
    expect(await fx.main(member.id)).toBe(BigInt(BURST) * 100n);
  });
});
