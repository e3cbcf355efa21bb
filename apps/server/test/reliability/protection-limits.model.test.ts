import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../src/lib/clock.ts';
import { ProcessCache } from '../../src/lib/process-cache.ts';
import { LedgerService } from '../../src/modules/ledger/ledger.service.ts';
import {
  PROTOCOL_TEST_GAME,
  type ProtocolFixture,
  protocolFixture,
} from '../../src/modules/vendor-protocol/vendor-protocol.fixture.ts';
import {
  type ProtocolVendor,
  VendorProtocolRepository,
} from '../../src/modules/vendor-protocol/vendor-protocol.repository.ts';
import { VendorProtocolService } from '../../src/modules/vendor-protocol/vendor-protocol.service.ts';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.ts';
import { creditFromHouse } from '../helpers/house-credit.ts';
import { assertLedgerInvariants } from '../helpers/ledger-invariants.ts';
import { testBackends } from '../helpers/test-database.ts';

/**
 * Model-based test of the loss and wager limits (issue 17, "Done when"): random sequences of deposits,
 * bets (debits), wins (credits), rollbacks, limit changes and clock moves — across UTC day, ISO week and
 * month boundaries — run against the vendor-protocol service on a test clock and against a small model of
 * docs/player-protection.md. Limit changes insert play_limits versions the way the "Play limits" page does:
 * lowering (or a first limit) ends the current version now and starts the new one now; raising or removing
 * ends the current version 24 hours from now and starts the new one then (a waiting change is replaced).
 * After every command:
 * - the server's answer (status, balance) is the model's: LIMIT_REACHED exactly when the stake would take
 *   the stakes, or the net loss (staked − won, ≥ 0, this stake counted as lost), of a period past a limit in
 *   force at that moment; INSUFFICIENT_FUNDS after that; OK otherwise;
 * - member_activity_days equals the model's days (stakes, wins, rounds);
 * - the invariant itself: for every limit in force at each accepted debit, the period's stakes and net loss
 *   including that debit stay within it.
 * One fresh player per run: 200 runs on PGlite (about 20 s), 300 on PostgreSQL; RELIABILITY_FULL=1 (npm run
 * test:reliability) runs 3,000 each. Rerun a failure with `FC_SEED=<seed>`; `MODEL_RUNS=<n>` changes the
 * number of runs.
 */

const FULL = process.env.RELIABILITY_FULL === '1';
const RUNS = FULL ? { pglite: 3_000, postgres: 3_000 } : { pglite: 200, postgres: 300 };
const MAX_COMMANDS = 30;
const FUND = 2_000n;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** Launch sessions outlive every run's clock (it starts in 2031 and moves at most a few months). */
const LAUNCH_MINUTES = 60 * 24 * 365 * 12;

type Kind = 'loss' | 'wager';
type Period = 'day' | 'week' | 'month';

type Command =
  | { t: 'deposit'; amount: bigint }
  /** `edge`: stake exactly what the tightest limit leaves (`fill`) or one minor unit more (`over`). */
  | { t: 'bet'; amount: bigint; edge: 'fill' | 'over' | null }
  | { t: 'win'; round: number; amount: bigint }
  | { t: 'rollback'; round: number }
  | { t: 'limit'; kind: Kind; period: Period; amount: bigint | null }
  | { t: 'clock'; move: 'ms' | 'next-day' | 'next-week' | 'next-month'; ms: number };

// --- the model -----------------------------------------------------------------------------------------

type Version = { id: bigint; kind: Kind; period: Period; amount: bigint; from: number; until: number | null };
type Event = { at: number; staked: bigint; won: bigint; rounds: number };
type Round = { id: string; txnId: string; stake: bigint; open: boolean };

type Model = {
  now: number;
  balance: bigint;
  versions: Version[];
  events: Event[];
  rounds: Round[];
};

const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The first UTC day of the period of `time` (the ISO week starts on Monday), as `YYYY-MM-DD`. */
function periodStart(period: Period, time: number): string {
  const date = new Date(time);
  if (period === 'day') return dayOf(time);
  if (period === 'month') return dayOf(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1));
  const sinceMonday = (date.getUTCDay() + 6) % 7;
  return dayOf(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() - sinceMonday));
}

function inForce(model: Model, at: number): Version[] {
  return model.versions.filter((v) => v.from <= at && (v.until === null || v.until > at));
}

/** What counts against `limit` at `at` (play_limits_in_force): the stakes, or the net loss (≥ 0). */
function used(model: Model, limit: Pick<Version, 'kind' | 'period'>, at: number): bigint {
  const start = periodStart(limit.period, at);
  let staked = 0n;
  let won = 0n;
  for (const event of model.events) {
    if (dayOf(event.at) < start) continue;
    staked += event.staked;
    won += event.won;
  }
  if (limit.kind === 'wager') return staked;
  return staked - won > 0n ? staked - won : 0n;
}

/** The largest stake the limits in force still allow, or null without one. */
function headroom(model: Model): bigint | null {
  let least: bigint | null = null;
  for (const limit of inForce(model, model.now)) {
    const left = limit.amount - used(model, limit, model.now);
    if (least === null || left < least) least = left;
  }
  return least;
}

function modelDebit(model: Model, amount: bigint): string {
  for (const limit of inForce(model, model.now)) {
    if (used(model, limit, model.now) + amount > limit.amount) return 'LIMIT_REACHED';
  }
  if (amount > model.balance) return 'INSUFFICIENT_FUNDS';
  return 'OK';
}

function nextBoundary(move: 'next-day' | 'next-week' | 'next-month', now: number): number {
  const date = new Date(now);
  const [y, m, d] = [date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()];
  if (move === 'next-day') return Date.UTC(y, m, d + 1);
  if (move === 'next-month') return Date.UTC(y, m + 1, 1);
  return Date.UTC(y, m, d + 7 - ((date.getUTCDay() + 6) % 7));
}

// --- the commands --------------------------------------------------------------------------------------

const kindArb = fc.constantFrom<Kind>('loss', 'wager');
const periodArb = fc.constantFrom<Period>('day', 'week', 'month');
const commandArb: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.bigInt({ min: 100n, max: 3_000n }).map((amount) => ({ t: 'deposit' as const, amount })),
  },
  {
    weight: 8,
    arbitrary: fc
      .record({
        amount: fc.bigInt({ min: 1n, max: 1_500n }),
        edge: fc.constantFrom<'fill' | 'over' | null>(null, null, 'fill', 'over'),
      })
      .map((bet) => ({ t: 'bet' as const, ...bet })),
  },
  {
    weight: 3,
    arbitrary: fc
      .record({ round: fc.nat(20), amount: fc.bigInt({ min: 0n, max: 2_500n }) })
      .map((win) => ({ t: 'win' as const, ...win })),
  },
  { weight: 2, arbitrary: fc.nat(20).map((round) => ({ t: 'rollback' as const, round })) },
  {
    weight: 3,
    arbitrary: fc
      .record({
        kind: kindArb,
        period: periodArb,
        amount: fc.option(fc.bigInt({ min: 300n, max: 4_000n }), { freq: 5 }),
      })
      .map((limit) => ({ t: 'limit' as const, ...limit })),
  },
  {
    weight: 4,
    arbitrary: fc
      .record({
        move: fc.constantFrom('ms', 'ms', 'next-day', 'next-week', 'next-month'),
        ms: fc.constantFrom(1, 60_000, HOUR_MS, 6 * HOUR_MS, 23 * HOUR_MS, DAY_MS, 3 * DAY_MS, 9 * DAY_MS),
      })
      .map((clock) => ({ t: 'clock' as const, ...clock })),
  },
);

function describeCommand(command: Command): string {
  return JSON.stringify(command, (_key, value) => (typeof value === 'bigint' ? `${value}n` : value));
}

describe.each(testBackends())('player protection limits model [%s]', (backend) => {
  let testApp: TestApp;
  let fx: ProtocolFixture;
  let repository: VendorProtocolRepository;
  let vendors: ProtocolVendor[];
  const runs = process.env.MODEL_RUNS ? Number(process.env.MODEL_RUNS) : RUNS[backend];
  const tally = new Map<string, number>();
  const count = (key: string) => tally.set(key, (tally.get(key) ?? 0) + 1);

  beforeAll(async () => {
    testApp = await buildTestApp({ backend });
    fx = await protocolFixture(testApp.app, testApp.database);
    repository = new VendorProtocolRepository(testApp.database.db);
    vendors = (await repository.vendorsByCode(fx.subject.vendorCode)).filter(
      (vendor) => vendor.id === fx.vendorId,
    );
  }, 60_000);
  afterAll(async () => {
    if (testApp) await assertLedgerInvariants(testApp.database.db);
    await testApp?.close();
  });

  const db = () => testApp.database.db;

  /** Changes one limit in the database and in the model alike (the "Play limits" page's versions). */
  async function changeLimit(model: Model, memberId: bigint, command: Extract<Command, { t: 'limit' }>) {
    const now = model.now;
    const mine = model.versions.filter((v) => v.kind === command.kind && v.period === command.period);
    // A change replaces the one still waiting.
    for (const waiting of mine.filter((v) => v.from > now)) {
      await db().deleteFrom('play_limits').where('id', '=', waiting.id).execute();
      model.versions.splice(model.versions.indexOf(waiting), 1);
    }
    const current = mine.find((v) => v.from <= now && (v.until === null || v.until > now));
    const end = async (version: Version, until: number | null) => {
      if (until !== null && until <= version.from) {
        await db().deleteFrom('play_limits').where('id', '=', version.id).execute();
        model.versions.splice(model.versions.indexOf(version), 1);
        return;
      }
      await db()
        .updateTable('play_limits')
        .set({ effective_until: until === null ? null : new Date(until) })
        .where('id', '=', version.id)
        .execute();
      version.until = until;
    };
    const start = async (amount: bigint, from: number) => {
      const row = await db()
        .insertInto('play_limits')
        .values({
          member_id: memberId,
          kind: command.kind,
          period: command.period,
          amount,
          effective_from: new Date(from),
          created_by: 'member',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      model.versions.push({
        id: row.id,
        kind: command.kind,
        period: command.period,
        amount,
        from,
        until: null,
      });
    };
    const next = command.amount;
    if (current && next !== null && next === current.amount) {
      await end(current, null);
      count('limit same');
    } else if (!current || (next !== null && next < current.amount)) {
      if (next === null) return count('limit none');
      if (current) await end(current, now);
      await start(next, now);
      count(current ? 'limit lowered' : 'limit set');
    } else {
      await end(current, now + 24 * HOUR_MS);
      if (next !== null) await start(next, now + 24 * HOUR_MS);
      count(next === null ? 'limit removal waits' : 'limit raise waits');
    }
  }

  /** member_activity_days against the model's events, day by day. */
  async function checkDays(model: Model, memberId: bigint, what: string) {
    const rows = await db()
      .selectFrom('member_activity_days')
      .select([sql<string>`day::text`.as('day'), 'staked_minor', 'won_minor', 'rounds'])
      .where('member_id', '=', memberId)
      .orderBy('day')
      .execute();
    const expected = new Map<string, { staked: bigint; won: bigint; rounds: number }>();
    for (const event of model.events) {
      const day = expected.get(dayOf(event.at)) ?? { staked: 0n, won: 0n, rounds: 0 };
      day.staked += event.staked;
      day.won += event.won;
      day.rounds += event.rounds;
      expected.set(dayOf(event.at), day);
    }
    expect(
      rows.map((row) => [row.day, row.staked_minor, row.won_minor, row.rounds]),
      what,
    ).toEqual([...expected.entries()].map(([day, sums]) => [day, sums.staked, sums.won, sums.rounds]));
  }

  it(`agrees with the model over ${runs} runs of up to ${MAX_COMMANDS} commands`, async () => {
    const seed = process.env.FC_SEED ? Number(process.env.FC_SEED) : Math.floor(Math.random() * 2 ** 31);
    const started = performance.now();
    let commandsRun = 0;
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 0, max: 60 * 24 * 40 }),
          fc.array(commandArb, { minLength: MAX_COMMANDS / 2, maxLength: MAX_COMMANDS }),
          async (startMinute, commands) => {
            const clock = manualClock(new Date(Date.UTC(2031, 0, 1) + startMinute * 60_000));
            const service = new VendorProtocolService({
              vendors: new ProcessCache({ maxEntries: 1 }),
              repository,
              ledger: new LedgerService(db()),
              clock,
              recordWin: async () => undefined,
              log: { warn: () => undefined },
            });
            const member = await fx.member(FUND);
            const sessionToken = await fx.launch(member.id, LAUNCH_MINUTES);
            const model: Model = {
              now: clock.now().getTime(),
              balance: FUND,
              versions: [],
              events: [],
              rounds: [],
            };
            const call = (txnId: string, roundId: string) => ({
              timestamp: Date.now(),
              playerId: member.id.toString(),
              sessionToken,
              gameCode: PROTOCOL_TEST_GAME,
              txnId,
              roundId,
            });
            const trail: string[] = [];
            for (const command of commands) {
              commandsRun += 1;
              trail.push(describeCommand(command));
              const what = trail.join('\n');
              const open = model.rounds.filter((round) => round.open);
              switch (command.t) {
                case 'deposit': {
                  await creditFromHouse(fx.ledger, {
                    brandId: fx.brandId,
                    memberId: member.id,
                    amountMinor: command.amount,
                    idempotencyKey: `test:limits-model:${randomUUID()}`,
                  });
                  model.balance += command.amount;
                  count('deposit');
                  break;
                }
                case 'bet': {
                  const left = headroom(model);
                  const edge =
                    command.edge && left !== null ? left + (command.edge === 'over' ? 1n : 0n) : 0n;
                  const amount = edge > 0n ? edge : command.amount;
                  const round: Round = {
                    id: `r-${randomUUID()}`,
                    txnId: `t-${randomUUID()}`,
                    stake: amount,
                    open: true,
                  };
                  const expected = modelDebit(model, amount);
                  const answer = await service.debit(vendors, {
                    ...call(round.txnId, round.id),
                    amountMinor: amount.toString(),
                  });
                  count(`bet ${answer.status}${edge > 0n ? ` ${command.edge}` : ''}`);
                  if (expected === 'OK') {
                    model.balance -= amount;
                    model.events.push({ at: model.now, staked: amount, won: 0n, rounds: 1 });
                    model.rounds.push(round);
                    // The invariant: no limit in force at this debit is passed, this stake included.
                    for (const limit of inForce(model, model.now)) {
                      expect(
                        used(model, limit, model.now) <= limit.amount,
                        `${what}\n${limit.kind} ${limit.period}`,
                      ).toBe(true);
                    }
                  }
                  expect({ status: answer.status, balance: answer.balanceMinor }, what).toEqual({
                    status: expected,
                    balance: model.balance,
                  });
                  break;
                }
                case 'win': {
                  const round = open[command.round % Math.max(open.length, 1)];
                  if (!round) break;
                  const answer = await service.credit(vendors, {
                    ...call(`c-${randomUUID()}`, round.id),
                    amountMinor: command.amount.toString(),
                    roundClosed: true,
                  });
                  round.open = false;
                  model.balance += command.amount;
                  if (command.amount > 0n)
                    model.events.push({ at: model.now, staked: 0n, won: command.amount, rounds: 0 });
                  count('win');
                  expect({ status: answer.status, balance: answer.balanceMinor }, what).toEqual({
                    status: 'OK',
                    balance: model.balance,
                  });
                  break;
                }
                case 'rollback': {
                  const round = open[command.round % Math.max(open.length, 1)];
                  if (!round) break;
                  const answer = await service.rollback(vendors, {
                    ...call(`b-${randomUUID()}`, round.id),
                    targetTxnId: round.txnId,
                  });
                  round.open = false;
                  model.balance += round.stake;
                  model.events.push({ at: model.now, staked: -round.stake, won: 0n, rounds: -1 });
                  count('rollback');
                  expect({ status: answer.status, balance: answer.balanceMinor }, what).toEqual({
                    status: 'OK',
                    balance: model.balance,
                  });
                  break;
                }
                case 'limit':
                  await changeLimit(model, member.id, command);
                  break;
                case 'clock': {
                  const to =
                    command.move === 'ms' ? model.now + command.ms : nextBoundary(command.move, model.now);
                  clock.advance(to - model.now);
                  model.now = to;
                  count(`clock ${command.move}`);
                  break;
                }
              }
            }
            await checkDays(model, member.id, trail.join('\n'));
          },
        ),
        { numRuns: runs, seed, endOnFailure: backend === 'postgres' },
      );
    } catch (error) {
      throw new Error(`limits model failed with FC_SEED=${seed}: ${(error as Error).message}`, {
        cause: error,
      });
    }
    const seconds = (performance.now() - started) / 1000;
    console.info(`limits model [${backend}]: ${runs} runs, ${commandsRun} commands, ${seconds.toFixed(1)} s`);
    console.info(
      [...tally.entries()]
        .sort()
        .map(([key, n]) => `${key}: ${n}`)
        .join(', '),
    );
    // Every rule was reached: a refusal by a limit, by the funds, and each kind of limit change.
    for (const key of [
      'bet OK',
      'bet LIMIT_REACHED',
      'bet OK fill',
      'bet LIMIT_REACHED over',
      'bet INSUFFICIENT_FUNDS',
      'limit lowered',
      'limit raise waits',
      'win',
      'rollback',
    ]) {
      expect(tally.get(key) ?? 0, key).toBeGreaterThan(0);
    }
  }, 600_000);
});
