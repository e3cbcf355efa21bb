import { randomUUID } from 'node:crypto';
import {
  CONTRACT_RELAY_PATHS,
  type ContractKind,
  contractActionResponse,
  contractResponse,
} from '@lotus/shared/agent-contracts.schema';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { operatorTokenFor } from '../../../test/helpers/operator-helper.ts';
import { type WalletFixture, walletFixture } from '../../../test/helpers/wallet-fixture.ts';
import type { DatabaseHandle } from '../../db/create-database.ts';
import type { Clock } from '../../lib/clock.ts';
import { createSeamlessWalletClient, injectTransport } from '../vendor-protocol/protocol-client.ts';
import {
  PROTOCOL_TEST_SECRET,
  PROTOCOL_TEST_VENDOR,
  protocolFixture,
  walletCall,
} from '../vendor-protocol/vendor-protocol.fixture.ts';
import { PLAN_JOB } from './settlements.service.ts';

/** Member sessions that outlast the tests' walks through days of their clock. */
export const LONG_SESSIONS = { sessionIdleMs: 60 * 86_400_000, sessionAbsoluteMs: 60 * 86_400_000 };

/** Runs the planner now, then every due job until none is left (the settlements it queued). */
export async function settleDue(app: FastifyInstance): Promise<number> {
  await app.jobs.runNow(PLAN_JOB);
  let ran = 0;
  for (let pass = 0; pass < 1_000; pass += 1) {
    const report = await app.jobs.runDue();
    if (report.failed.length > 0) throw new Error(`jobs failed: ${report.failed.join(', ')}`);
    if (report.ran.length === 0) return ran;
    ran += report.ran.length;
  }
  throw new Error('settleDue: the queue never drained');
}

export type TeamMember = { id: bigint; username: string; token: string };

export type TeamPlayer = TeamMember & {
  /** One round, bet and settled now. */
  play(stake: bigint, payout: bigint): Promise<string>;
  /** A round bet now and left open; `close` settles it (lost) when called. */
  open(stake: bigint): Promise<{ roundId: string; close(payout?: bigint): Promise<void> }>;
};

export type ContractsFixture = {
  wallet: WalletFixture;
  /** Headers of a fresh admin's session (operator sessions idle out after 30 minutes of the test's clock). */
  ops(): Promise<Record<string, string>>;
  /** An agent (type 1 by default) under `upline` (none: a top agent), funded. */
  agent(upline?: bigint | null, fundMinor?: bigint): Promise<TeamMember>;
  /** A player under `upline`, funded and launched on the test game, ready to play through the protocol. */
  player(upline: bigint, fundMinor?: bigint): Promise<TeamPlayer>;
  /** A top agent's contract set by the operator API (rate in percent text). */
  setTop(
    username: string,
    kind: ContractKind,
    body: Record<string, unknown>,
  ): Promise<LightMyRequestResponse>;
  setTopOk(username: string, kind: ContractKind, body: Record<string, unknown>): Promise<string>;
  act(token: string, kind: ContractKind, body: Record<string, unknown>): Promise<LightMyRequestResponse>;
  /** Offer (by `upline`) and acceptance (by `downline`): the accepted contract's id. */
  contract(
    upline: TeamMember,
    downline: TeamMember,
    kind: ContractKind,
    terms: Record<string, unknown>,
  ): Promise<string>;
};

/**
 * A team for the contract tests: agents and players made directly in the database (walletFixture), rounds
 * played through the seamless-wallet protocol with the app's clock on the wire (so rounds start when the
 * test's clock says), contracts through the relay calls and the operator API.
 */
export async function contractsFixture(
  app: FastifyInstance,
  database: DatabaseHandle,
  clock: Clock,
): Promise<ContractsFixture> {
  const wallet = await walletFixture(app, database);
  const protocol = await protocolFixture(app, database);
  const client = createSeamlessWalletClient({
    vendorCode: PROTOCOL_TEST_VENDOR,
    secret: PROTOCOL_TEST_SECRET,
    transport: injectTransport(app),
    now: () => clock.now().getTime(),
  });
  const ops = async () => ({ authorization: `Bearer ${await operatorTokenFor(app, database.db, 'admin')}` });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  const fixture: ContractsFixture = {
    wallet,
    ops,
    agent: (upline = null, fundMinor = 0n) =>
      wallet.member({ type: upline === null ? 1 : 2, upline, fundMinor }),
    async player(upline, fundMinor = 10_000_000n) {
      const member = await wallet.member({ type: 0, upline, fundMinor });
      const auth = await client.authenticate(await protocol.launch(member.id));
      if (auth.status !== 'OK') throw new Error(`authenticate: ${auth.status}`);
      const p = { playerId: auth.playerId, sessionToken: auth.sessionToken, gameCode: auth.gameCode };
      const open = async (stake: bigint) => {
        const roundId = `r-${randomUUID()}`;
        const debit = await client.debit(walletCall(p, stake, roundId));
        if (debit.status !== 'OK') throw new Error(`debit: ${debit.status}`);
        return {
          roundId,
          async close(payout = 0n) {
            const credit = await client.credit({ ...walletCall(p, payout, roundId), roundClosed: true });
            if (credit.status !== 'OK') throw new Error(`credit: ${credit.status}`);
          },
        };
      };
      return {
        ...member,
        open,
        async play(stake, payout) {
          const round = await open(stake);
          await round.close(payout);
          return round.roundId;
        },
      };
    },
    setTop: async (username, kind, body) =>
      app.inject({
        method: 'PUT',
        url: `/wps/ops/agents/${username}/contracts/${kind}`,
        headers: await ops(),
        payload: { reason: 'test', ...body },
      }),
    async setTopOk(username, kind, body) {
      const response = await fixture.setTop(username, kind, body);
      if (response.statusCode !== 200) throw new Error(`set top: ${response.statusCode} ${response.body}`);
      return contractResponse.parse(response.json()).value.id;
    },
    act: (token, kind, body) =>
      app.inject({ method: 'POST', url: CONTRACT_RELAY_PATHS[kind], headers: bearer(token), payload: body }),
    async contract(upline, downline, kind, terms) {
      const offered = await fixture.act(upline.token, kind, {
        action: 'offer',
        downlineId: String(downline.id),
        ...terms,
      });
      if (offered.statusCode !== 200) throw new Error(`offer: ${offered.statusCode} ${offered.body}`);
      const id = contractActionResponse.parse(offered.json()).value.contract?.id ?? '';
      const accepted = await fixture.act(downline.token, kind, { action: 'accept', contractId: id });
      if (accepted.statusCode !== 200) throw new Error(`accept: ${accepted.statusCode} ${accepted.body}`);
      return id;
    },
  };
  return fixture;
}
