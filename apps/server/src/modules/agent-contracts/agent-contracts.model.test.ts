import { randomUUID } from 'node:crypto';
import { bpsToPercent, type ContractKind } from '@lotus/shared/agent-contracts.schema';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actorOfMember } from '../../../test/helpers/actor.ts';
import { creditFromHouse } from '../../../test/helpers/house-credit.ts';
import { assertLedgerInvariants } from '../../../test/helpers/ledger-invariants.ts';
import {
  createPreparedTestDatabase,
  type TestDatabase,
  testBackends,
} from '../../../test/helpers/test-database.ts';
import { manualClock } from '../../lib/clock.ts';
import type { JobsApi } from '../jobs/jobs-api.ts';
import { LedgerService } from '../ledger/ledger.service.ts';
import { type AgentContractsApi, agentContractsServices } from './agent-contracts-module.ts';
import { periodContaining } from './contract-periods.ts';

/**
 * Property (issue 18 "Done when"): for random trees of agents and players, random rounds and random
 * contracts (rates monotone down the chain), every settlement pays exactly what its contract entitles — the
 * team's figures over the period × the rate, computed here from the rounds by a model that knows nothing of
 * SQL — each agent's wallet moved by Σ received − Σ paid to its downline, and the ledger invariants hold.
 * Settlements run in a random order: the upline's own settlement still runs first. Rounds are written as
 * settled rows (the vendor protocol's own tests cover how they get there); `FC_SEED=<seed>` reruns a failure.
 */

const RUNS = 10;
const DAY_MS = 86_400_000;

type Round = { player: number; stake: bigint; payout: bigint; minute: number };
type Scenario = {
  kind: ContractKind;
  /** parents[i] picks the upline of agent i + 1 among agents 0..i. */
  parents: number[];
  /** Per agent: a fraction (per mille) of its upline's rate; 0: it holds no contract. */
  shares: number[];
  topBps: number;
  /** Per player: its agent. */
  players: number[];
  rounds: Round[];
  order: number[];
};

const scenario: fc.Arbitrary<Scenario> = fc
  .record({
    kind: fc.constantFrom<ContractKind>('daily_salary', 'dividend', 'hourly_salary'),
    parents: fc.array(fc.nat(), { minLength: 0, maxLength: 5 }),
    shares: fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 6, maxLength: 6 }),
    topBps: fc.integer({ min: 1, max: 10_000 }),
    players: fc.array(fc.nat(), { minLength: 1, maxLength: 6 }),
    rounds: fc.array(
      fc.record({
        player: fc.nat(),
        stake: fc.bigInt({ min: 1n, max: 500_000n }),
        payout: fc.bigInt({ min: 0n, max: 1_000_000n }),
        minute: fc.integer({ min: 0, max: 24 * 60 - 1 }),
      }),
      { minLength: 0, maxLength: 25 },
    ),
    order: fc.array(fc.nat(), { minLength: 50, maxLength: 50 }),
  })
  .map((value) => ({
    ...value,
    parents: value.parents.map((pick, index) => pick % (index + 1)),
    players: value.players.map((pick) => pick % (value.parents.length + 1)),
  }))
  .map((value) => ({
    ...value,
    rounds: value.rounds.map((round) => ({ ...round, player: round.player % value.players.length })),
  }));

describe.each(testBackends())('agent contracts: settlement model [%s]', (backend) => {
  let database: TestDatabase;
  let services: AgentContractsApi;
  let ledger: LedgerService;
  const clock = manualClock(new Date('2026-05-01T00:00:00.000Z'));
  let queued: bigint[] = [];
  const jobs: JobsApi = {
    enqueue: async (_executor, job) => {
      queued.push(BigInt((job.payload as { settlementId: string }).settlementId));
      return 0n;
    },
  };
  let brandId: bigint;
  let vendorId: bigint;

  beforeAll(async () => {
    database = await createPreparedTestDatabase(backend);
    services = agentContractsServices({ db: database.db, clock, jobs });
    ledger = new LedgerService(database.db);
    brandId = (
      await database.db
        .selectFrom('brands')
        .select('id')
        .where('code', '=', 'lotus')
        .executeTakeFirstOrThrow()
    ).id;
    vendorId = (
      await database.db
        .selectFrom('vendors')
        .select('id')
        .where('brand_id', '=', brandId)
        .where('vassalage', '=', 'LOTUS')
        .executeTakeFirstOrThrow()
    ).id;
  }, 60_000);
  afterAll(async () => {
    if (database) await assertLedgerInvariants(database.db);
    await database?.close();
  });

  const member = async (type: number, upline: bigint | null) =>
    database.db
      .insertInto('members')
      .values({
        brand_id: brandId,
        username: `m${randomUUID().replace(/-/g, '').slice(0, 12)}`,
        member_type: type,
        upline_id: upline,
        password_hash: 'x',
        register_method: 'seed',
      })
      .returningAll()
      .executeTakeFirstOrThrow();

  it(`${RUNS} random teams: every settlement pays its contract's entitlement`, async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        run += 1;
        const dayStart = new Date(Date.UTC(2026, 4, 1) + run * 2 * DAY_MS);
        clock.advance(dayStart.getTime() - clock.now().getTime());
        // The tree: agents, each agent's contract rate (monotone), players.
        const agents: Awaited<ReturnType<typeof member>>[] = [await member(1, null)];
        for (const parent of s.parents) agents.push(await member(2, agents[parent]?.id ?? null));
        const rates: (number | null)[] = [s.topBps];
        for (let index = 1; index < agents.length; index += 1) {
          const parentRate = rates[s.parents[index - 1] ?? 0] ?? null;
          const share = s.shares[index] ?? 0;
          rates.push(
            parentRate === null || share === 0 ? null : Math.max(1, Math.floor((parentRate * share) / 1000)),
          );
        }
        const players = [];
        for (const agent of s.players) players.push(await member(0, agents[agent]?.id ?? null));
        for (const agent of agents) {
          await creditFromHouse(ledger, {
            brandId,
            memberId: agent.id,
            amountMinor: 10_000_000_000n,
            idempotencyKey: `model:${randomUUID()}`,
          });
        }

        const period = s.kind === 'dividend' ? { period: 'daily' as const } : {};
        const contractOf = new Map<number, bigint>();
        const topActor = { by: 'operator' as const, brandId, operatorId: null, ip: 'test', reason: 'model' };
        const top = await services.contracts.setTop(topActor, agents[0]?.username ?? '', s.kind, {
          rate: bpsToPercent(s.topBps),
          reason: 'model',
          ...period,
        });
        contractOf.set(0, BigInt(top.id));
        for (let index = 1; index < agents.length; index += 1) {
          const rate = rates[index];
          const upline = agents[s.parents[index - 1] ?? 0];
          const agent = agents[index];
          if (rate === null || rate === undefined || !upline || !agent) continue;
          const offered = await services.contracts.act(
            actorOfMember(upline),
            s.kind,
            { action: 'offer', downlineId: String(agent.id), rate: bpsToPercent(rate), ...period },
            'test',
          );
          const accepted = await services.contracts.act(
            actorOfMember(agent),
            s.kind,
            { action: 'accept', contractId: offered.contract?.id ?? '' },
            'test',
          );
          expect(accepted.contract?.status).toBe('accepted');
          contractOf.set(index, BigInt(accepted.contract?.id ?? '0'));
        }

        // Rounds, written as settled rounds of the day.
        for (const round of s.rounds) {
          const player = players[round.player];
          if (!player) continue;
          const startedAt = new Date(dayStart.getTime() + round.minute * 60_000);
          await database.db
            .insertInto('game_rounds')
            .values({
              brand_id: brandId,
              vendor_id: vendorId,
              member_id: player.id,
              round_id: `model-${randomUUID()}`,
              stake_minor: round.stake,
              payout_minor: round.payout,
              status: 'settled',
              created_at: startedAt,
              settled_at: startedAt,
            })
            .execute();
        }

        // The model: each contracted agent's team (everyone below it) and its entitlement per period.
        const below = (index: number): number[] => {
          const children = s.parents.flatMap((parent, child) => (parent === index ? [child + 1] : []));
          return [...children, ...children.flatMap(below)];
        };
        const expected = new Map<number, bigint>();
        for (const [index] of contractOf) {
          const team = new Set(below(index).concat(index));
          const mine = s.rounds.filter((round) => {
            const agent = s.players[round.player];
            return agent !== undefined && team.has(agent);
          });
          const buckets = new Map<number, Round[]>();
          for (const round of mine) {
            const key = s.kind === 'hourly_salary' ? Math.floor(round.minute / 60) : 0;
            buckets.set(key, [...(buckets.get(key) ?? []), round]);
          }
          let total = 0n;
          for (const rounds of buckets.values()) {
            const turnover = rounds.reduce((sum, round) => sum + round.stake, 0n);
            const net = rounds.reduce((sum, round) => sum + round.stake - round.payout, 0n);
            const base = s.kind === 'dividend' ? (net > 0n ? net : 0n) : turnover;
            total += (base * BigInt(rates[index] ?? 0)) / 10_000n;
          }
          expected.set(index, total);
        }

        // Settle the day (planner, then every job in a random order), then end the run's contracts.
        clock.advance(DAY_MS + 2 * 60_000);
        queued = [];
        await services.settlements.plan();
        const pending = [...queued];
        for (let index = 0; pending.length > 0; index += 1) {
          const [id] = pending.splice((s.order[index % s.order.length] ?? 0) % pending.length, 1);
          if (id !== undefined) await services.settlements.settle(id);
        }
        await services.contracts.operatorEnd(topActor, BigInt(top.id));

        const balanceBefore = 10_000_000_000n;
        for (const [index, contractId] of contractOf) {
          const rows = await database.db
            .selectFrom('agent_contract_settlements')
            .select(['entitled_minor', 'paid_minor', 'status', 'period_start'])
            .where('contract_id', '=', contractId)
            .where('period_start', '<', new Date(dayStart.getTime() + DAY_MS))
            .execute();
          const paid = rows.reduce((sum, row) => sum + row.paid_minor, 0n);
          expect(rows.every((row) => row.status === 'paid')).toBe(true);
          expect(paid, `agent ${index}`).toBe(expected.get(index));
          const periods = s.kind === 'hourly_salary' ? 24 : 1;
          expect(rows).toHaveLength(periods);
          expect(rows.map((row) => row.period_start.getTime()).sort()[0]).toBe(
            periodContaining(s.kind === 'hourly_salary' ? 'hourly' : 'daily', dayStart).start.getTime(),
          );
        }
        // Each agent's wallet: what it received less what it paid its direct downline's contracts.
        for (let index = 0; index < agents.length; index += 1) {
          const agent = agents[index];
          if (!agent) continue;
          const received = expected.get(index) ?? 0n;
          const paidDown = [...contractOf.keys()]
            .filter((child) => child > 0 && s.parents[child - 1] === index)
            .reduce((sum, child) => sum + (expected.get(child) ?? 0n), 0n);
          expect((await ledger.balanceOf(agent.id)).balanceMinor).toBe(balanceBefore + received - paidDown);
        }
      }),
      { numRuns: RUNS, ...(process.env.FC_SEED ? { seed: Number(process.env.FC_SEED) } : {}) },
    );
  }, 300_000);
});
