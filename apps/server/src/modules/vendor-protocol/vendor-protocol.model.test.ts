import { performance } from 'node:perf_hooks';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { assertLedgerInvariants } from '../../../test/helpers/ledger-invariants.ts';
import { testBackends } from '../../../test/helpers/test-database.ts';
import type { CreditKind, GameRoundStatus, VendorTxnStatus } from '../../db/tables/games.ts';
import { systemClock } from '../../lib/clock.ts';
import { ProcessCache } from '../../lib/process-cache.ts';
import { LedgerService } from '../ledger/ledger.service.ts';
import type { WalletResult } from './protocol-types.ts';
import { ROUND_TRANSITIONS, TXN_TRANSITIONS } from './round-state.ts';
import { PROTOCOL_TEST_GAME, type ProtocolFixture, protocolFixture } from './vendor-protocol.fixture.ts';
import { type ProtocolVendor, VendorProtocolRepository } from './vendor-protocol.repository.ts';
import { VendorProtocolService } from './vendor-protocol.service.ts';

/**
 * Model-based test of the seamless-wallet protocol (issue 14): random sequences of up to 40 calls —
 * debits, credits (winning, zero, closing, free-round, bonus), rollbacks (of standing, refused, cancelled,
 * other players' and not-yet-arrived debits, and of credits), replays of earlier txn ids with the same and
 * with other content, two calls at once, unknown rounds and two players sharing round ids — run against
 * the service in process and against a small in-memory model of docs/vendor-protocol.md. After every
 * command:
 * - every answer (status, balance, replayed, platform txn id of a replay) equals the model's; for two calls
 *   at once, the model's answers in one of the two orders;
 * - each player's ledger balance equals the funding + Σ credits − Σ debits not rolled back;
 * - every round (owner, status, stake, payout, credit count) and every transaction status in the database
 *   equals the model's, and each change since the previous command is a transition of round-state.ts;
 * - the winner board got exactly the model's wins (winning credits > 0 of a staked round).
 * Each run uses two fresh players and fresh round and txn ids in one database per backend. Rerun a failure
 * with `FC_SEED=<seed>`; `MODEL_RUNS=<n>` changes the number of runs.
 *
 * Size: `npm test` runs 150 sequences on PostgreSQL (about 70 s of the unit step's critical path on the
 * two-core CI machine, where 500 took 238 s); `npm run test:reliability` (RELIABILITY_FULL=1) runs this file
 * at its full 500.
 */

const RUNS =
  process.env.RELIABILITY_FULL === '1'
    ? ({ pglite: 60, postgres: 500 } as const)
    : ({ pglite: 60, postgres: 150 } as const);
const MAX_COMMANDS = 40;
const FUND = 3_000n;
const ROUNDS = 4;

// --- the calls -----------------------------------------------------------------------------------------

type DebitCall = { kind: 'debit'; p: number; txnId: string; roundId: string; amount: bigint };
type CreditCall = {
  kind: 'credit';
  p: number;
  txnId: string;
  roundId: string;
  amount: bigint;
  closed: boolean;
  creditKind: CreditKind;
};
type RollbackCall = { kind: 'rollback'; p: number; txnId: string; roundId: string; target: string };
type Call = DebitCall | CreditCall | RollbackCall;

type Answer = { status: string; balance: bigint | null; replayed?: boolean; platformTxnId?: string };

// --- the model -----------------------------------------------------------------------------------------

type ModelTxn = {
  call: Call;
  status: VendorTxnStatus;
  answer: string;
  /** The balance an OK answer carried (a replay repeats it). */
  okBalance: bigint | null;
  /** The platform's id of the transaction, learnt from the first answer (a replay must repeat it). */
  platformTxnId?: string;
};
type ModelRound = {
  owner: number;
  status: GameRoundStatus;
  stake: bigint;
  payout: bigint;
  credits: number;
};

type ModelState = {
  balance: bigint[];
  txns: Map<string, ModelTxn>;
  rounds: Map<string, ModelRound>;
  /** Debit ids named by a recorded (not refused) rollback. */
  rolledBackFirst: Set<string>;
  wins: bigint[][];
};

function sameContent(a: Call, b: Call): boolean {
  if (a.kind !== b.kind || a.p !== b.p || a.roundId !== b.roundId) return false;
  if (a.kind === 'debit' && b.kind === 'debit') return a.amount === b.amount;
  if (a.kind === 'credit' && b.kind === 'credit')
    return a.amount === b.amount && a.closed === b.closed && a.creditKind === b.creditKind;
  if (a.kind === 'rollback' && b.kind === 'rollback') return a.target === b.target;
  return false;
}

/** docs/vendor-protocol.md, written out plainly: what the platform must answer and record. */
function modelCall(state: ModelState, call: Call): Answer {
  const balance = () => state.balance[call.p] ?? 0n;
  const existing = state.txns.get(call.txnId);
  if (existing) {
    if (!sameContent(existing.call, call)) return { status: 'TXN_CONFLICT', balance: balance() };
    if (existing.answer === 'OK') {
      return {
        status: 'OK',
        balance: existing.okBalance,
        replayed: true,
        ...(existing.platformTxnId ? { platformTxnId: existing.platformTxnId } : {}),
      };
    }
    return { status: existing.answer, balance: balance() };
  }
  const record = (status: VendorTxnStatus, answer: string): Answer => {
    state.txns.set(call.txnId, { call, status, answer, okBalance: answer === 'OK' ? balance() : null });
    return answer === 'OK'
      ? { status: 'OK', balance: balance(), replayed: false }
      : { status: answer, balance: balance() };
  };
  const round = state.rounds.get(call.roundId);
  switch (call.kind) {
    case 'debit': {
      if (state.rolledBackFirst.has(call.txnId)) return record('refused', 'TXN_ROLLED_BACK');
      if (round && (round.owner !== call.p || round.status !== 'open'))
        return record('refused', 'ROUND_CLOSED');
      if (call.amount > balance()) return record('refused', 'INSUFFICIENT_FUNDS');
      state.balance[call.p] = balance() - call.amount;
      if (round) round.stake += call.amount;
      else
        state.rounds.set(call.roundId, {
          owner: call.p,
          status: 'open',
          stake: call.amount,
          payout: 0n,
          credits: 0,
        });
      return record('applied', 'OK');
    }
    case 'credit': {
      if (round && (round.owner !== call.p || round.status !== 'open'))
        return record('refused', 'ROUND_CLOSED');
      const win = call.creditKind === 'win';
      if (win && (!round || round.stake === 0n)) return record('refused', 'BET_NOT_FOUND');
      state.balance[call.p] = balance() + call.amount;
      const target = round ?? { owner: call.p, status: 'open' as const, stake: 0n, payout: 0n, credits: 0 };
      target.payout += call.amount;
      target.credits += 1;
      if (call.closed) target.status = 'settled';
      state.rounds.set(call.roundId, target);
      if (win && call.amount > 0n) state.wins[call.p]?.push(call.amount);
      return record('applied', 'OK');
    }
    case 'rollback': {
      const target = state.txns.get(call.target);
      if (
        target &&
        (target.call.kind !== 'debit' || target.call.p !== call.p || target.call.roundId !== call.roundId)
      ) {
        // Not recorded: a repeat is judged afresh.
        return { status: 'TXN_CONFLICT', balance: balance() };
      }
      if (!target) {
        state.rolledBackFirst.add(call.target);
        return record('rollback_first', 'OK');
      }
      if (target.status === 'applied' && round) {
        if (round.status !== 'open') return record('refused', 'ROUND_CLOSED');
        if (round.credits > 0) return record('refused', 'ROUND_HAS_CREDIT');
        const amount = target.call.kind === 'debit' ? target.call.amount : 0n;
        target.status = 'rolled_back';
        state.balance[call.p] = balance() + amount;
        round.stake -= amount;
        if (round.stake === 0n) round.status = 'rolled_back';
      }
      state.rolledBackFirst.add(call.target);
      return record('applied', 'OK');
    }
  }
}

// --- the commands --------------------------------------------------------------------------------------

type Real = {
  run: string;
  members: { id: bigint; playerId: string; sessionToken: string }[];
  /** Every database round and txn status after the last command (to check each change is a transition). */
  seen: { rounds: Map<string, GameRoundStatus>; txns: Map<string, VendorTxnStatus> };
  wins: bigint[][];
};

type Model = {
  state: ModelState;
  run: string;
  nextId: number;
  /** Every call sent, for replays. */
  sent: Call[];
  /** Ids of debits named by a rollback before they were sent. */
  unsent: string[];
};

type Spec =
  | { t: 'debit'; p: number; r: number; amount: bigint; early: number | null }
  | { t: 'credit'; p: number; r: number; amount: bigint; closed: boolean; creditKind: CreditKind }
  | {
      t: 'rollback';
      pick: number;
      /** Pick among every debit and credit sent, not only debits (a rollback of a credit: TXN_CONFLICT). */
      anyKind: boolean;
      otherPlayer: boolean;
      otherRound: boolean;
      unknown: boolean;
      p: number;
      r: number;
    }
  | { t: 'replay'; pick: number; conflict: boolean };

function freshId(model: Model, label: string): string {
  model.nextId += 1;
  return `${model.run}:${label}${model.nextId}`;
}

const roundIdOf = (model: Model, r: number) => `${model.run}:round${r}`;

/** Turns a generated spec into a call against the model's history (ids are allocated here). */
function resolve(model: Model, spec: Spec): Call {
  switch (spec.t) {
    case 'debit': {
      const early =
        spec.early === null ? undefined : model.unsent[spec.early % Math.max(model.unsent.length, 1)];
      return {
        kind: 'debit',
        p: spec.p,
        txnId: early ?? freshId(model, 'bet'),
        roundId: roundIdOf(model, spec.r),
        amount: spec.amount,
      };
    }
    case 'credit':
      return {
        kind: 'credit',
        p: spec.p,
        txnId: freshId(model, 'win'),
        roundId: roundIdOf(model, spec.r),
        amount: spec.amount,
        closed: spec.closed,
        creditKind: spec.creditKind,
      };
    case 'rollback': {
      const money = model.sent.filter((call) =>
        spec.anyKind ? call.kind !== 'rollback' : call.kind === 'debit',
      );
      const target = money[spec.pick % Math.max(money.length, 1)];
      if (spec.unknown || !target) {
        const unknownId = freshId(model, 'early');
        model.unsent.push(unknownId);
        return {
          kind: 'rollback',
          p: spec.p,
          txnId: freshId(model, 'rb'),
          roundId: roundIdOf(model, spec.r),
          target: unknownId,
        };
      }
      return {
        kind: 'rollback',
        p: spec.otherPlayer ? 1 - target.p : target.p,
        txnId: freshId(model, 'rb'),
        roundId: spec.otherRound ? roundIdOf(model, spec.r) : target.roundId,
        target: target.txnId,
      };
    }
    case 'replay': {
      const earlier = model.sent[spec.pick % Math.max(model.sent.length, 1)];
      if (!earlier)
        return resolve(model, {
          t: 'rollback',
          pick: 0,
          anyKind: false,
          otherPlayer: false,
          otherRound: false,
          unknown: true,
          p: 0,
          r: 0,
        });
      if (!spec.conflict) return earlier;
      switch (earlier.kind) {
        case 'debit':
          return { ...earlier, amount: earlier.amount + 1n };
        case 'credit':
          return { ...earlier, closed: !earlier.closed };
        case 'rollback':
          return { ...earlier, target: `${earlier.target}x` };
      }
    }
  }
}

function describeCall(call: Call): string {
  const { kind, p, txnId, roundId } = call;
  const id = `${txnId.split(':')[1]}@${roundId.split(':')[1]} p${p}`;
  switch (call.kind) {
    case 'debit':
      return `${kind} ${id} ${call.amount}`;
    case 'credit':
      return `${kind} ${id} ${call.amount}${call.closed ? ' closed' : ''}${call.creditKind === 'win' ? '' : ` ${call.creditKind}`}`;
    case 'rollback':
      return `${kind} ${id} of ${call.target.split(':')[1]}`;
  }
}

describe.each(testBackends())('seamless-wallet protocol model [%s]', (backend) => {
  let testApp: TestApp;
  let fx: ProtocolFixture;
  let service: VendorProtocolService;
  let vendors: ProtocolVendor[];
  let wins: Map<string, bigint[]>;
  const runs = process.env.MODEL_RUNS ? Number(process.env.MODEL_RUNS) : RUNS[backend];
  /** How often each answer came (call kind and status), so the test shows what it exercised. */
  const tally = new Map<string, number>();
  const count = (call: Call, answer: Answer) => {
    const key = `${call.kind} ${answer.status}${answer.replayed ? ' replayed' : ''}`;
    tally.set(key, (tally.get(key) ?? 0) + 1);
  };

  beforeAll(async () => {
    testApp = await buildTestApp({ backend });
    fx = await protocolFixture(testApp.app, testApp.database);
    const repository = new VendorProtocolRepository(testApp.database.db);
    wins = new Map();
    service = new VendorProtocolService({
      // A cache no feed follows never serves: every call reads its vendor rows, as the model expects.
      vendors: new ProcessCache({ maxEntries: 1 }),
      repository,
      ledger: new LedgerService(testApp.database.db),
      clock: systemClock,
      recordWin: async (_brandId, win) => {
        wins.get(win.account)?.push(win.amountMinor);
      },
      log: { warn: () => undefined },
    });
    vendors = (await repository.vendorsByCode(fx.subject.vendorCode)).filter(
      (vendor) => vendor.id === fx.vendorId,
    );
  });
  afterAll(async () => {
    if (testApp) await assertLedgerInvariants(testApp.database.db);
    await testApp?.close();
  });

  async function send(real: Real, call: Call): Promise<Answer> {
    const member = real.members[call.p];
    if (!member) throw new Error(`no player ${call.p}`);
    const common = {
      timestamp: Date.now(),
      playerId: member.playerId,
      sessionToken: member.sessionToken,
      txnId: call.txnId,
      roundId: call.roundId,
      gameCode: PROTOCOL_TEST_GAME,
    };
    let result: WalletResult;
    switch (call.kind) {
      case 'debit':
        result = await service.debit(vendors, { ...common, amountMinor: call.amount.toString() });
        break;
      case 'credit':
        result = await service.credit(vendors, {
          ...common,
          amountMinor: call.amount.toString(),
          roundClosed: call.closed,
          ...(call.creditKind === 'win' ? {} : { kind: call.creditKind }),
        });
        break;
      case 'rollback':
        result = await service.rollback(vendors, { ...common, targetTxnId: call.target });
        break;
    }
    return result.status === 'OK'
      ? {
          status: 'OK',
          balance: result.balanceMinor,
          replayed: result.replayed,
          platformTxnId: result.platformTxnId,
        }
      : { status: result.status, balance: result.balanceMinor };
  }

  /** Whether the real answer is the model's (the platform txn id only where the model knows it). */
  function agrees(real: Answer, model: Answer): boolean {
    return (
      real.status === model.status &&
      real.balance === model.balance &&
      real.replayed === model.replayed &&
      (model.platformTxnId === undefined || real.platformTxnId === model.platformTxnId)
    );
  }

  /** Remembers the platform txn id a first OK answer gave, for its replays. */
  function learn(state: ModelState, call: Call, answer: Answer): void {
    const txn = state.txns.get(call.txnId);
    if (txn && answer.status === 'OK' && !answer.replayed && txn.platformTxnId === undefined)
      txn.platformTxnId = answer.platformTxnId;
  }

  /** Every invariant, after a command: the database against the model and the transition tables. */
  async function check(model: Model, real: Real, what: string): Promise<void> {
    const state = model.state;
    const txnIds = [...state.txns.keys()];
    const roundIds = Array.from({ length: ROUNDS }, (_, r) => roundIdOf(model, r));
    const snapshot = await sql<{ rounds: unknown; txns: unknown; balances: unknown }>`
      select
        (select coalesce(json_agg(json_build_array(round_id, member_id::text, status, stake_minor::text,
                                                   payout_minor::text, credit_count)), '[]'::json)
           from game_rounds where vendor_id = ${fx.vendorId} and round_id = any(${roundIds})) as rounds,
        (select coalesce(json_agg(json_build_array(txn_id, status)), '[]'::json)
           from vendor_transactions where vendor_id = ${fx.vendorId} and txn_id = any(${txnIds})) as txns,
        (select coalesce(json_agg(json_build_array(member_id::text, (balance_minor - held_minor)::text)), '[]'::json)
           from ledger_accounts where kind = 'member_main' and member_id = any(${real.members.map((m) => m.id.toString())}::bigint[])) as balances`.execute(
      testApp.database.db,
    );
    const row = snapshot.rows[0];
    const parse = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;
    const rounds = parse<[string, string, GameRoundStatus, string, string, number][]>(row?.rounds);
    const txns = parse<[string, VendorTxnStatus][]>(row?.txns);
    const balances = new Map(parse<[string, string][]>(row?.balances).map(([id, b]) => [id, BigInt(b)]));

    // Balance = funding + Σ credits − Σ debits still standing, from the model's transactions.
    for (const [p, member] of real.members.entries()) {
      let expected = FUND;
      for (const txn of state.txns.values()) {
        if (txn.call.p !== p) continue;
        if (txn.call.kind === 'credit' && txn.status === 'applied') expected += txn.call.amount;
        if (txn.call.kind === 'debit' && txn.status === 'applied') expected -= txn.call.amount;
      }
      expect(state.balance[p], `${what}: model balance of p${p}`).toBe(expected);
      expect(balances.get(member.id.toString()) ?? 0n, `${what}: ledger balance of p${p}`).toBe(expected);
    }

    expect(rounds.length, `${what}: rounds`).toBe(state.rounds.size);
    for (const [roundId, memberId, status, stake, payout, credits] of rounds) {
      const expected = state.rounds.get(roundId);
      expect(
        { owner: memberId, status, stake: BigInt(stake), payout: BigInt(payout), credits },
        `${what}: round ${roundId}`,
      ).toEqual(expected && { ...expected, owner: real.members[expected.owner]?.id.toString() });
      const before = real.seen.rounds.get(roundId);
      if (before !== undefined && before !== status) {
        const allowed = Object.values(ROUND_TRANSITIONS[before]);
        expect(allowed, `${what}: round ${roundId} ${before} → ${status}`).toContain(status);
      }
      real.seen.rounds.set(roundId, status);
    }
    expect(txns.length, `${what}: recorded transactions`).toBe([...state.txns.values()].length);
    for (const [txnId, status] of txns) {
      expect(status, `${what}: txn ${txnId}`).toBe(state.txns.get(txnId)?.status);
      const before = real.seen.txns.get(txnId);
      if (before !== undefined && before !== status) {
        const allowed: readonly string[] =
          before === 'applied' && state.txns.get(txnId)?.call.kind === 'debit'
            ? TXN_TRANSITIONS.debit.applied
            : [];
        expect(allowed, `${what}: txn ${txnId} ${before} → ${status}`).toContain(status);
      }
      real.seen.txns.set(txnId, status);
    }
    for (const p of [0, 1]) {
      expect(real.wins[p], `${what}: winner board of p${p}`).toEqual(state.wins[p]);
    }
  }

  class CallCommand implements fc.AsyncCommand<Model, Real> {
    constructor(readonly spec: Spec) {}
    check = () => true;
    async run(model: Model, real: Real): Promise<void> {
      const call = resolve(model, this.spec);
      model.sent.push(call);
      const expected = modelCall(model.state, call);
      const answer = await send(real, call);
      const what = describeCall(call);
      expect(
        agrees(answer, expected),
        `${what}: answered ${JSON.stringify(answer, big)}, model ${JSON.stringify(expected, big)}`,
      ).toBe(true);
      learn(model.state, call, answer);
      count(call, answer);
      await check(model, real, what);
    }
    toString = () => JSON.stringify(this.spec, big);
  }

  /**
   * Two calls at once (two specs, the same call twice, or a debit with its own rollback): the answers must
   * be the model's for one of the two orders, and the database must then match that order.
   */
  class PairCommand implements fc.AsyncCommand<Model, Real> {
    constructor(
      readonly pair:
        | { t: 'pair'; a: Spec; b: Spec }
        | { t: 'twin'; a: Spec }
        | { t: 'race'; p: number; r: number; amount: bigint },
    ) {}
    check = () => true;
    async run(model: Model, real: Real): Promise<void> {
      let calls: [Call, Call];
      if (this.pair.t === 'pair') calls = [resolve(model, this.pair.a), resolve(model, this.pair.b)];
      else if (this.pair.t === 'twin') {
        const call = resolve(model, this.pair.a);
        calls = [call, call];
      } else {
        const debit = resolve(model, {
          t: 'debit',
          p: this.pair.p,
          r: this.pair.r,
          amount: this.pair.amount,
          early: null,
        });
        calls = [
          debit,
          {
            kind: 'rollback',
            p: debit.p,
            txnId: freshId(model, 'rb'),
            roundId: debit.roundId,
            target: debit.txnId,
          },
        ];
      }
      model.sent.push(...calls);
      const answers = await Promise.all(calls.map((call) => send(real, call)));
      const what = `at once: ${calls.map(describeCall).join(' | ')}`;
      const orders: [number, number][] = [
        [0, 1],
        [1, 0],
      ];
      const outcomes = orders.map(([first, second]) => {
        const state = structuredClone(model.state);
        const expected: Answer[] = [];
        const a = calls[first] as Call;
        const b = calls[second] as Call;
        expected[first] = modelCall(state, a);
        learn(state, a, answers[first] as Answer);
        expected[second] = modelCall(state, b);
        return { state, expected };
      });
      const matching = outcomes.find((outcome) =>
        outcome.expected.every((expected, i) => agrees(answers[i] as Answer, expected)),
      );
      expect(
        matching,
        `${what}: answered ${JSON.stringify(answers, big)}, model ${JSON.stringify(
          outcomes.map((o) => o.expected),
          big,
        )}`,
      ).toBeDefined();
      if (!matching) return;
      model.state = matching.state;
      for (const [i, call] of calls.entries()) {
        learn(model.state, call, answers[i] as Answer);
        count(call, answers[i] as Answer);
      }
      await check(model, real, what);
    }
    toString = () => JSON.stringify(this.pair, big);
  }

  const player = fc.integer({ min: 0, max: 1 });
  /** True about one time in five. */
  const sometimes = fc.constantFrom(false, false, false, false, true);
  const roundIndex = fc.integer({ min: 0, max: ROUNDS - 1 });
  const debitSpec: fc.Arbitrary<Spec> = fc.record({
    t: fc.constant('debit' as const),
    p: player,
    r: roundIndex,
    amount: fc.bigInt({ min: 1n, max: 1_500n }),
    // Now and then the id of a debit a rollback named before it was sent (rollback before debit).
    early: fc.oneof({ weight: 5, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.nat(20) }),
  });
  const creditSpec: fc.Arbitrary<Spec> = fc.record({
    t: fc.constant('credit' as const),
    p: player,
    r: roundIndex,
    amount: fc.oneof(fc.constant(0n), fc.bigInt({ min: 1n, max: 3_000n })),
    closed: fc.constantFrom(false, false, true),
    creditKind: fc.constantFrom<CreditKind>('win', 'win', 'win', 'win', 'free_round', 'bonus'),
  });
  const rollbackSpec: fc.Arbitrary<Spec> = fc.record({
    t: fc.constant('rollback' as const),
    pick: fc.nat(40),
    anyKind: sometimes,
    otherPlayer: sometimes,
    otherRound: sometimes,
    unknown: sometimes,
    p: player,
    r: roundIndex,
  });
  const replaySpec: fc.Arbitrary<Spec> = fc.record({
    t: fc.constant('replay' as const),
    pick: fc.nat(40),
    conflict: fc.boolean(),
  });
  const anySpec = fc.oneof(debitSpec, creditSpec, rollbackSpec, replaySpec);
  const commandArbitrary: fc.Arbitrary<fc.AsyncCommand<Model, Real>> = fc.oneof(
    { weight: 5, arbitrary: debitSpec.map((spec) => new CallCommand(spec)) },
    { weight: 4, arbitrary: creditSpec.map((spec) => new CallCommand(spec)) },
    { weight: 4, arbitrary: rollbackSpec.map((spec) => new CallCommand(spec)) },
    { weight: 2, arbitrary: replaySpec.map((spec) => new CallCommand(spec)) },
    {
      weight: 1,
      arbitrary: fc
        .record({ t: fc.constant('pair' as const), a: anySpec, b: anySpec })
        .map((pair) => new PairCommand(pair)),
    },
    {
      weight: 1,
      arbitrary: fc
        .record({ t: fc.constant('twin' as const), a: anySpec })
        .map((pair) => new PairCommand(pair)),
    },
    {
      weight: 1,
      arbitrary: fc
        .record({
          t: fc.constant('race' as const),
          p: player,
          r: roundIndex,
          amount: fc.bigInt({ min: 1n, max: 1_500n }),
        })
        .map((pair) => new PairCommand(pair)),
    },
  );

  let runNumber = 0;

  it(`agrees with the model over ${runs} runs of up to ${MAX_COMMANDS} commands`, async () => {
    const seed = process.env.FC_SEED ? Number(process.env.FC_SEED) : Math.floor(Math.random() * 2 ** 31);
    const started = performance.now();
    let commandsRun = 0;
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.commands([commandArbitrary], { maxCommands: MAX_COMMANDS, size: 'max' }),
          async (commands) => {
            runNumber += 1;
            const run = `m${process.pid}r${runNumber}${Math.random().toString(36).slice(2, 6)}`;
            const members: Real['members'] = [];
            for (let p = 0; p < 2; p += 1) {
              const member = await fx.member(FUND);
              members.push({
                id: member.id,
                playerId: member.id.toString(),
                sessionToken: await fx.launch(member.id),
              });
            }
            const boards: bigint[][] = [[], []];
            for (const [p, member] of members.entries()) {
              const username = (
                await testApp.database.db
                  .selectFrom('members')
                  .select('username')
                  .where('id', '=', member.id)
                  .executeTakeFirstOrThrow()
              ).username;
              wins.set(username, boards[p] as bigint[]);
            }
            const list = [...commands];
            commandsRun += list.length;
            await fc.asyncModelRun(
              () => ({
                model: {
                  state: {
                    balance: [FUND, FUND],
                    txns: new Map(),
                    rounds: new Map(),
                    rolledBackFirst: new Set<string>(),
                    wins: [[], []],
                  },
                  run,
                  nextId: 0,
                  sent: [],
                  unsent: [],
                },
                real: { run, members, seen: { rounds: new Map(), txns: new Map() }, wins: boards },
              }),
              list,
            );
          },
        ),
        { numRuns: runs, seed, endOnFailure: backend === 'postgres' },
      );
    } catch (error) {
      throw new Error(`vendor protocol model failed with FC_SEED=${seed}: ${(error as Error).message}`, {
        cause: error,
      });
    }
    const seconds = (performance.now() - started) / 1000;
    // The measured length, for docs/testing.md; the work done, so a run that did nothing fails.
    console.info(
      `vendor protocol model [${backend}]: ${runs} runs, ${commandsRun} commands, ${seconds.toFixed(1)} s`,
    );
    console.info(
      [...tally.entries()]
        .sort()
        .map(([key, n]) => `${key}: ${n}`)
        .join(', '),
    );
    expect(commandsRun).toBeGreaterThan(runs * 5);
    // Every rule was reached: each refusal of the round state machine and each kind of OK.
    for (const key of [
      'debit OK',
      'credit OK',
      'rollback OK',
      'debit ROUND_CLOSED',
      'credit ROUND_CLOSED',
      'credit BET_NOT_FOUND',
      'rollback ROUND_HAS_CREDIT',
      'rollback ROUND_CLOSED',
      'debit TXN_ROLLED_BACK',
      'debit TXN_CONFLICT',
      'debit INSUFFICIENT_FUNDS',
    ]) {
      expect(tally.get(key) ?? 0, key).toBeGreaterThan(0);
    }
  }, 600_000);
});

function big(_key: string, value: unknown): unknown {
  return typeof value === 'bigint' ? `${value}n` : value;
}
