import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loginResponse, publicKeyResponse } from '@lotus/shared/auth.schema';
import { solveHumanChallenge } from '@lotus/shared/human-check';
import { sealPayload } from '@lotus/shared/sealed-payload';
import { build } from 'esbuild';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import { testDatabaseUrl } from '../../src/config/env.ts';
import type { Database } from '../../src/db/schema.ts';
import { hashPassword } from '../../src/lib/password.ts';
import { LedgerService } from '../../src/modules/ledger/ledger.service.ts';
import { ledgerKeyOf } from '../../src/modules/wallet/wallet-rules.ts';
import { creditFromHouse } from '../helpers/house-credit.ts';
import { openingConnections, usePostgresConnections } from '../helpers/postgres-budget.ts';
import { createPreparedTestDatabase, type TestDatabase } from '../helpers/test-database.ts';

/**
 * Shared machinery of the reliability suite (issue 7): the real server as a child process on a PostgreSQL
 * test database, members made directly in that database, and HTTP calls with `fetch` the way a client
 * outside the process makes them. Sizes are small by default (the normal test run) and full with
 * RELIABILITY_FULL=1 (`npm run test:reliability`).
 */

export const FULL = process.env.RELIABILITY_FULL === '1';

/** What one server process may hold open: its pool of 10 and its LISTEN connection. */
export const SERVER_CONNECTIONS = 11;

const serverDir = path.resolve(import.meta.dirname, '../..');

/** The suite needs a real PostgreSQL (several processes, real connections to terminate): fail loudly without. */
export function requirePostgresUrl(): string {
  const url = testDatabaseUrl();
  if (!url) throw new Error('the reliability suite needs TEST_DATABASE_URL (a PostgreSQL server)');
  return url;
}

export function databaseUrlOf(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A small deterministic PRNG (mulberry32), so a failing run can be replayed with RELIABILITY_SEED. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export function runSeed(): number {
  const given = Number(process.env.RELIABILITY_SEED);
  return Number.isInteger(given) && given > 0 ? given : Math.floor(Math.random() * 2 ** 31) + 1;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

let bundled: Promise<string> | undefined;

/**
 * `src/main.ts` bundled once per test file, the way tsup builds dist/main.js (workspace packages in, npm
 * packages external): a start then costs plain `node` on one file instead of tsx compiling the module graph
 * (about 9 s against 3 s per start on a loaded two-core machine, and the kill test starts the server 4 or 21
 * times). Built from the sources every run, so it is never stale the way an old dist/ can be. It lands under
 * the root node_modules/.cache so the external packages resolve from there.
 */
function bundledMain(): Promise<string> {
  bundled ??= (async () => {
    const outdir = path.join(
      serverDir,
      '../../node_modules/.cache/lotus-reliability',
      `${process.pid}-${randomUUID()}`,
    );
    await build({
      entryPoints: [path.join(serverDir, 'src/main.ts')],
      outfile: path.join(outdir, 'main.mjs'),
      bundle: true,
      format: 'esm',
      platform: 'node',
      target: 'node22',
      packages: 'external',
      // Workspace packages ship TypeScript sources: bundle them in (tsup's noExternal).
      alias: {
        '@lotus/shared': path.join(serverDir, '../../packages/shared/src'),
        '@lotus/games': path.join(serverDir, '../../packages/games/src'),
      },
      logLevel: 'error',
    });
    return path.join(outdir, 'main.mjs');
  })();
  return bundled;
}

/**
 * The server as a child process on one fixed port, so clients keep calling the same address across
 * restarts. One process (`node main.mjs`), so a SIGKILL really ends the server (the `tsx` binary would put a
 * supervisor in front of it).
 */
export class ServerProcess {
  readonly baseUrl: string;
  readonly #env: Record<string, string>;
  readonly #dataDir: string;
  #child: ChildProcess | null = null;
  #exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }> | null = null;
  #log = '';
  /** Exits the test did not cause (a crash): the suite asserts there are none. */
  readonly unexpectedExits: string[] = [];
  #expectingExit = false;

  private constructor(port: number, databaseUrl: string) {
    this.baseUrl = `http://127.0.0.1:${port}`;
    this.#dataDir = mkdtempSync(path.join(tmpdir(), 'lotus-reliability-'));
    this.#env = {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      DATA_DIR: this.#dataDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      WEB_DIST_DIR: path.join(this.#dataDir, 'no-web'),
      // Warnings and errors only: a 5xx is logged at error level and ends up in `log` for the failure message.
      LOG_LEVEL: 'warn',
      // Every client comes from 127.0.0.1; the per-IP limit is not what these tests are about.
      RATE_LIMIT_MAX: '10000000',
      HUMAN_CHECK_BITS: '1',
      SHUTDOWN_TIMEOUT_MS: '5000',
    };
  }

  static async create(databaseUrl: string): Promise<ServerProcess> {
    return new ServerProcess(await freePort(), databaseUrl);
  }

  get pid(): number | undefined {
    return this.#child?.pid;
  }

  /** The last lines the server wrote (stdout and stderr), for failure messages. */
  get log(): string {
    return this.#log;
  }

  get running(): boolean {
    return this.#child !== null && this.#child.exitCode === null && this.#child.signalCode === null;
  }

  /** Starts the server and waits until it answers `GET /wps/system/status`. */
  async start(timeoutMs = 60_000): Promise<number> {
    if (this.running) throw new Error('server already running');
    const started = Date.now();
    const main = await bundledMain();
    // Counted once nothing before the spawn can throw: the child's exit gives them back.
    const closed = openingConnections(SERVER_CONNECTIONS, 'a server process');
    const child = spawn(process.execPath, [main], {
      cwd: serverDir,
      env: this.#env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => {
      this.#log = (this.#log + chunk.toString()).slice(-20_000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    this.#child = child;
    this.#expectingExit = false;
    this.#exit = new Promise((resolve) => {
      child.on('exit', (code, signal) => {
        if (!this.#expectingExit)
          this.unexpectedExits.push(`pid ${child.pid}: code ${code}, signal ${signal}`);
        closed();
        resolve({ code, signal });
      });
    });
    while (Date.now() - started < timeoutMs) {
      if (!this.running) throw new Error(`server exited while starting:\n${this.#log}`);
      try {
        const response = await fetch(`${this.baseUrl}/wps/system/status`, {
          signal: AbortSignal.timeout(2000),
        });
        if (response.status === 200) return Date.now() - started;
      } catch {
        // Not listening yet.
      }
      await sleep(50);
    }
    throw new Error(`server did not answer within ${timeoutMs} ms:\n${this.#log}`);
  }

  /** `kill -9`: no shutdown hook runs, in-flight requests and open transactions are cut off. */
  async kill9(): Promise<void> {
    if (!this.#child || !this.#exit) return;
    this.#expectingExit = true;
    this.#child.kill('SIGKILL');
    await this.#exit;
    this.#child = null;
  }

  /** Graceful stop (SIGTERM), then the data folder goes. */
  async stop(): Promise<void> {
    if (this.#child && this.#exit && this.running) {
      this.#expectingExit = true;
      this.#child.kill('SIGTERM');
      const timer = setTimeout(() => this.#child?.kill('SIGKILL'), 10_000);
      await this.#exit;
      clearTimeout(timer);
    }
    this.#child = null;
    rmSync(this.#dataDir, { recursive: true, force: true });
    const bundle = await bundled?.catch(() => undefined);
    bundled = undefined;
    if (bundle) rmSync(path.dirname(bundle), { recursive: true, force: true });
  }
}

export type Member = { id: bigint; username: string; token: string };

const PASSWORD = 'Reliability-2026!';

/**
 * `count` members of the demo brand with `fundMinor` on their main wallet (an `adjustment` from the house),
 * made in the database, then logged in over HTTP the way the browser does (public key, proof of work, sealed
 * body). Sessions live in the database, so the tokens stay valid across server restarts.
 */
export async function makeMembers(
  db: Kysely<Database>,
  baseUrl: string,
  count: number,
  fundMinor: bigint,
): Promise<Member[]> {
  const ledger = new LedgerService(db);
  const brand = await db
    .selectFrom('brands')
    .select('id')
    .where('code', '=', 'lotus')
    .executeTakeFirstOrThrow();
  const passwordHash = await hashPassword(PASSWORD);
  const members: Member[] = [];
  for (let index = 0; index < count; index += 1) {
    const username = `rel${index}${randomUUID().slice(0, 6)}`;
    const row = await db
      .insertInto('members')
      .values({
        brand_id: brand.id,
        username,
        member_type: 0,
        password_hash: passwordHash,
        register_method: 'seed',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await creditFromHouse(ledger, {
      brandId: brand.id,
      memberId: row.id,
      amountMinor: fundMinor,
      idempotencyKey: `reliability:fund:${randomUUID()}`,
    });
    members.push({ id: row.id, username, token: await loginOverHttp(baseUrl, username, PASSWORD) });
  }
  return members;
}

/** A vendor of the demo brand's catalogue, enabled, for main ↔ vendor transfers. */
export async function addVendor(db: Kysely<Database>, code: string): Promise<void> {
  const brand = await db
    .selectFrom('brands')
    .select('id')
    .where('code', '=', 'lotus')
    .executeTakeFirstOrThrow();
  const brandId = brand.id;
  await db
    .insertInto('vendors')
    .values({
      brand_id: brandId,
      vassalage: code,
      display_name: JSON.stringify({ EN: code }),
      enabled: true,
      sort: 90,
    })
    .execute();
}

async function loginOverHttp(baseUrl: string, username: string, password: string): Promise<string> {
  const key = publicKeyResponse.parse(await (await fetch(`${baseUrl}/wps/system/publicKey`)).json()).value;
  const challenge = (await (await fetch(`${baseUrl}/wps/verification/human`)).json()) as {
    value: Parameters<typeof solveHumanChallenge>[0];
  };
  const body = await sealPayload(key.spki, {
    type: 'username',
    username,
    password,
    humanVerification: await solveHumanChallenge(challenge.value),
  });
  const response = await fetch(`${baseUrl}/wps/session/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': 'reliability-suite' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`login of ${username}: ${response.status} ${text}`);
  return loginResponse.parse(JSON.parse(text)).value.token;
}

export type Answer = { status: number; body: unknown } | { status: 'network'; error: string };

/** One HTTP call that never throws: a refused or cut connection is an answer of its own. */
export async function call(
  baseUrl: string,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  token: string,
  options: { body?: unknown; idempotencyKey?: string; timeoutMs?: number } = {},
): Promise<Answer> {
  try {
    const response = await fetch(`${baseUrl}${url}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(options.idempotencyKey === undefined ? {} : { 'idempotency-key': options.idempotencyKey }),
      },
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
      signal: AbortSignal.timeout(options.timeoutMs ?? 20_000),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON: keep the text for the failure message.
    }
    return { status: response.status, body };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    return { status: 'network', error: cause ?? (error as Error).message };
  }
}

export type TransferPlan = { direction: 'in' | 'out'; amountMinor: bigint };

/**
 * A member's sequence of transfers between main and vendor wallet, planned so that none can fail for lack
 * of money: an `out` never takes more than the vendor wallet holds after the transfers before it.
 */
export function planTransfers(random: () => number, count: number, fundMinor: bigint): TransferPlan[] {
  const plans: TransferPlan[] = [];
  let main = fundMinor;
  let vendor = 0n;
  for (let index = 0; index < count; index += 1) {
    const amountMinor = BigInt(1 + Math.floor(random() * 5_000));
    const out = vendor >= amountMinor && (random() < 0.4 || main < amountMinor);
    if (!out && main < amountMinor) throw new Error('plan ran out of money: fund the members more');
    plans.push({ direction: out ? 'out' : 'in', amountMinor });
    if (out) {
      vendor -= amountMinor;
      main += amountMinor;
    } else {
      vendor += amountMinor;
      main -= amountMinor;
    }
  }
  return plans;
}

/** "12345" minor units → "123.45", the decimal string the transfer route takes. */
export function decimalOf(minor: bigint): string {
  const whole = minor / 100n;
  const cents = (minor % 100n).toString().padStart(2, '0');
  return `${whole}.${cents}`;
}

export type TransferStats = {
  /** Attempts that got no HTTP answer, by cause (ECONNREFUSED while the server was down, UND_ERR_SOCKET cut off, ...). */
  network: Record<string, number>;
  /** 503 service_unavailable answers (retried with the same key). */
  unavailable: number;
  /** 409 conflict "request still running" (retried). */
  stillRunning: number;
  /** Anything else: a 500, a 4xx that should not happen, a transfer never acknowledged. The tests require none. */
  unexpected: string[];
};

export function newStats(): TransferStats {
  return { network: {}, unavailable: 0, stillRunning: 0, unexpected: [] };
}

export type Acknowledged = {
  memberId: bigint;
  key: string;
  plan: TransferPlan;
  entryId: string;
  mainMinor: bigint;
  vendorMinor: bigint;
  attempts: number;
};

type TransferValue = { entryId: string; main: { balanceMinor: string }; vendor: { balanceMinor: string } };

/**
 * One transfer as a careful client makes it: one Idempotency-Key for the intent, the same key on every
 * retry, retried after a lost connection or a 503 until the server acknowledges it (200). Gives up only
 * after `giveUpMs` (then it is recorded as unexpected).
 */
export async function transferUntilAcknowledged(
  baseUrl: string,
  member: Member,
  vendor: string,
  plan: TransferPlan,
  stats: TransferStats,
  giveUpMs = 90_000,
): Promise<Acknowledged | null> {
  const key = `rel-${randomUUID()}`;
  const started = Date.now();
  let attempts = 0;
  let delay = 20;
  while (Date.now() - started < giveUpMs) {
    attempts += 1;
    const answer = await call(baseUrl, 'POST', '/wps/relay/GCS_walletTransfer', member.token, {
      idempotencyKey: key,
      body: { vendor, direction: plan.direction, amount: decimalOf(plan.amountMinor) },
    });
    if (answer.status === 200) {
      const value = (answer.body as { value: TransferValue }).value;
      return {
        memberId: member.id,
        key,
        plan,
        entryId: value.entryId,
        mainMinor: BigInt(value.main.balanceMinor),
        vendorMinor: BigInt(value.vendor.balanceMinor),
        attempts,
      };
    }
    const message = answer.status === 'network' ? '' : (answer.body as { message?: string } | null)?.message;
    if (answer.status === 'network') stats.network[answer.error] = (stats.network[answer.error] ?? 0) + 1;
    else if (answer.status === 503 && message === 'service_unavailable') stats.unavailable += 1;
    else if (answer.status === 409 && message === 'conflict') stats.stillRunning += 1;
    else {
      stats.unexpected.push(`transfer ${key}: ${answer.status} ${JSON.stringify(answer.body)}`);
      return null;
    }
    await sleep(delay);
    delay = Math.min(delay * 2, 250);
  }
  stats.unexpected.push(`transfer ${key}: not acknowledged within ${giveUpMs} ms (${attempts} attempts)`);
  return null;
}

/**
 * What must hold after a run, as a list of problems (empty = fine): every acknowledged transfer is in the
 * journal exactly once under its key's ledger key and is the entry the client was told about; there is no
 * other transfer entry (nothing duplicated, nothing applied that was never acknowledged); each answer's
 * balances are the running sums of the member's transfers in order; the wallets end at those sums.
 */
export async function transferProblems(
  db: Kysely<Database>,
  members: Member[],
  acknowledged: Acknowledged[],
  fundMinor: bigint,
  vendor: string,
): Promise<string[]> {
  const problems: string[] = [];
  const entries = await db
    .selectFrom('journal_entries')
    .select(['id', 'idempotency_key'])
    .where('kind', '=', 'vendor_transfer')
    .execute();
  const byKey = new Map<string, string[]>();
  for (const entry of entries) {
    byKey.set(entry.idempotency_key, [...(byKey.get(entry.idempotency_key) ?? []), entry.id.toString()]);
  }
  for (const ack of acknowledged) {
    const ids = byKey.get(ledgerKeyOf(ack.memberId, 'wallet.transfer', ack.key)) ?? [];
    if (ids.length !== 1 || ids[0] !== ack.entryId) {
      problems.push(
        `transfer ${ack.key} acknowledged as entry ${ack.entryId}, journal has [${ids.join(', ')}]`,
      );
    }
  }
  if (entries.length !== acknowledged.length) {
    problems.push(
      `${entries.length} vendor_transfer entries for ${acknowledged.length} acknowledged transfers`,
    );
  }
  for (const member of members) {
    let main = fundMinor;
    let wallet = 0n;
    for (const ack of acknowledged.filter((entry) => entry.memberId === member.id)) {
      const moved = ack.plan.direction === 'in' ? ack.plan.amountMinor : -ack.plan.amountMinor;
      main -= moved;
      wallet += moved;
      if (ack.mainMinor !== main || ack.vendorMinor !== wallet) {
        problems.push(
          `transfer ${ack.key} answered main ${ack.mainMinor} / vendor ${ack.vendorMinor}, expected ${main} / ${wallet}`,
        );
      }
    }
    const accounts = await db
      .selectFrom('ledger_accounts')
      .select(['kind', 'vendor_code', 'balance_minor'])
      .where('member_id', '=', member.id)
      .execute();
    const mainNow = accounts.find((account) => account.kind === 'member_main')?.balance_minor ?? 0n;
    const walletNow =
      accounts.find((account) => account.kind === 'member_vendor' && account.vendor_code === vendor)
        ?.balance_minor ?? 0n;
    if (mainNow !== main || walletNow !== wallet) {
      problems.push(
        `member ${member.id}: main ${mainNow} / vendor ${walletNow}, acknowledged sums ${main} / ${wallet}`,
      );
    }
  }
  const records = await db
    .selectFrom('idempotency_records')
    .select(['key', 'status_code'])
    .where('scope', 'like', 'member:%:wallet.transfer')
    .execute();
  if (records.length !== acknowledged.length) {
    problems.push(`${records.length} idempotency records for ${acknowledged.length} acknowledged transfers`);
  }
  for (const record of records.filter((entry) => entry.status_code !== 200)) {
    problems.push(`idempotency record ${record.key} left with status ${record.status_code}`);
  }
  return problems;
}

export type ServerFixture = { database: TestDatabase; server: ServerProcess; members: Member[] };

/**
 * The set-up the server-process reliability files share: before the file's tests, a fresh prepared
 * PostgreSQL database (with `vendor` added, for main ↔ vendor transfers), a real server process on it and
 * `members` members holding `fundMinor` each, logged in; after them, both stopped. Answers a getter for the
 * test body, which throws if the set-up failed.
 */
export function useServerWithMembers(options: {
  members: number;
  fundMinor: bigint;
  vendor?: string;
}): () => ServerFixture {
  // The server, a server killed a moment ago whose connections the database has not yet closed, and the
  // test's own handle on its database.
  usePostgresConnections(30);
  let fixture: ServerFixture | undefined;
  let database: TestDatabase | undefined;
  let server: ServerProcess | undefined;
  beforeAll(async () => {
    const serverUrl = requirePostgresUrl();
    database = await createPreparedTestDatabase('postgres');
    if (options.vendor) await addVendor(database.db, options.vendor);
    server = await ServerProcess.create(databaseUrlOf(serverUrl, database.name));
    await server.start();
    const members = await makeMembers(database.db, server.baseUrl, options.members, options.fundMinor);
    fixture = { database, server, members };
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await database?.close();
  });
  return () => {
    if (!fixture) throw new Error('set-up failed');
    return fixture;
  };
}
