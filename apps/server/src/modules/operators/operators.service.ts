import { randomBytes } from 'node:crypto';
import { decimalToMinor, minorToDecimal } from '@lotus/shared/money';
import type { OperatorRole } from '../../db/tables/wallet-operations.ts';
import { type Db, type Tx, UnitOfWork } from '../../db/unit-of-work.ts';
import { AppError } from '../../lib/app-error.ts';
import { ATTEMPT_GATES, type AttemptCounter, isGranted } from '../../lib/attempt-gate.ts';
import type { Clock } from '../../lib/clock.ts';
import { runIdempotent } from '../../lib/idempotency.ts';
import { hashPassword, needsRehash, verifyPassword } from '../../lib/password.ts';
import { sha256Hex } from '../../lib/request-hash.ts';
import { hashToken, newSecret } from '../../lib/secret-token.ts';
import type { OperatorAuthenticator, OperatorSession } from '../../plugins/operator-auth.ts';
import { AuditRepository } from '../audit/audit.repository.ts';
import { ledgerIn } from '../ledger/ledger.ts';
import type { LedgerApi } from '../ledger/ledger-module.ts';
import { type Operator, OperatorsRepository } from './operators.repository.ts';

/**
 * Back-office operators (docs/wallet-contract.md "Back office"): accounts with a role, sessions (a random
 * 256-bit token, stored only as its SHA-256, 8 h absolute and 30 min idle), the login throttle, and the
 * operator money action that belongs to no other module, `wallet.adjust`.
 */

export const OPERATOR_ROLES = ['admin', 'finance', 'support'] as const satisfies readonly OperatorRole[];
export const OPERATOR_USERNAME = /^[a-z0-9_.-]{3,32}$/;
/** Operator passwords are chosen by people with access to money: longer than a member's minimum. */
export const OPERATOR_PASSWORD_MIN = 10;
const OPERATOR_PASSWORD_MAX = 128;

export const OPERATOR_SESSION_ABSOLUTE_MS = 8 * 3_600_000;
export const OPERATOR_SESSION_IDLE_MS = 30 * 60_000;
export const LOGIN_FAILURE_LIMIT = ATTEMPT_GATES.operatorLogin.limit;
export const LOGIN_FAILURE_WINDOW_MS = ATTEMPT_GATES.operatorLogin.windowMs;
export const ADJUST_REASON_MAX = 500;

export type OperatorsServiceOptions = {
  clock: Clock;
  /** The login throttle's counters (attempt-gates module). */
  gates: AttemptCounter;
  /** The wallet adjustments of the back office (ledger module). */
  ledger: LedgerApi;
  /** The brand a request's host belongs to (default brand when no domain matches). */
  resolveBrandByHost: (host: string | null) => Promise<{ id: bigint }>;
  absoluteMs?: number;
  idleMs?: number;
};

export type OperatorLoginInput = {
  /** A brand code; without it the brand of `host`. */
  brandCode?: string | undefined;
  host: string | null;
  username: string;
  password: string;
  ip: string;
};

export type OperatorLogin = { token: string; role: OperatorRole; expiresAt: Date };

/** Who acts: an operator of a session, or the ops CLI (`operator:cli`, audited with operatorId null). */
export type OperatorActor = { brandId: bigint; operatorId: bigint | null; ip: string };

export type AdjustInput = { username: string; amount: string; reason: string };

export type AdjustResult = {
  entryId: string;
  username: string;
  amountMinor: string;
  amount: string;
  balanceMinor: string;
  balance: string;
  currency: string;
};

export type MemberBalance = {
  username: string;
  currency: string;
  balanceMinor: string;
  balance: string;
  heldMinor: string;
  held: string;
  availableMinor: string;
  available: string;
};

/** A signed decimal typed by an operator (`"-50.00"`, `"100"`) → non-zero minor units, or null. */
export function signedDecimalToMinor(text: string): bigint | null {
  const trimmed = text.trim();
  const negative = trimmed.startsWith('-');
  const unsigned = negative || trimmed.startsWith('+') ? trimmed.slice(1) : trimmed;
  const minor = decimalToMinor(unsigned);
  if (minor === null) return null;
  return negative ? -minor : minor;
}

export function actorLabel(actor: OperatorActor): string {
  return actor.operatorId === null ? 'operator:cli' : `operator:${actor.operatorId}`;
}

/** What an operator transaction works on: operators and their sessions, the member look-up, the ledger and the audit log. */
function adjustmentRepositories(trx: Tx) {
  return { operators: new OperatorsRepository(trx), ledger: ledgerIn(trx), audit: new AuditRepository(trx) };
}

export class OperatorsService implements OperatorAuthenticator {
  readonly #repository: OperatorsRepository<Db>;
  readonly #audit: AuditRepository<Db>;
  readonly #uow: UnitOfWork<ReturnType<typeof adjustmentRepositories>>;
  readonly #gates: AttemptCounter;
  readonly #ledger: LedgerApi;
  readonly #clock: Clock;
  readonly #resolveBrandByHost: (host: string | null) => Promise<{ id: bigint }>;
  readonly #absoluteMs: number;
  readonly #idleMs: number;
  /** Verified against when the username is unknown, so both failures take the same time. */
  #dummyHash: Promise<string> | null = null;

  constructor(db: Db, options: OperatorsServiceOptions) {
    this.#repository = new OperatorsRepository(db);
    this.#audit = new AuditRepository(db);
    this.#uow = new UnitOfWork(db, adjustmentRepositories);
    this.#gates = options.gates;
    this.#ledger = options.ledger;
    this.#clock = options.clock;
    this.#resolveBrandByHost = options.resolveBrandByHost;
    this.#absoluteMs = options.absoluteMs ?? OPERATOR_SESSION_ABSOLUTE_MS;
    this.#idleMs = options.idleMs ?? OPERATOR_SESSION_IDLE_MS;
  }

  get clock(): Clock {
    return this.#clock;
  }

  /** The brand of a brand code (the CLI's `--brand`, the login body's `brand`), else of the host. */
  async brandIdOf(brandCode: string | undefined, host: string | null = null): Promise<bigint> {
    if (brandCode === undefined || brandCode === '') return (await this.#resolveBrandByHost(host)).id;
    const id = await this.#repository.findBrandIdByCode(brandCode);
    if (id === undefined)
      throw new AppError('brand_not_found', { message: `no brand with code "${brandCode}"` });
    return id;
  }

  async create(brandId: bigint, username: string, role: OperatorRole, password: string): Promise<Operator> {
    if (!OPERATOR_USERNAME.test(username)) {
      throw new AppError('field_invalid', {
        message: 'operator username: 3..32 of a-z 0-9 _ . -',
        details: { field: 'username' },
      });
    }
    if (!OPERATOR_ROLES.includes(role)) {
      throw new AppError('field_invalid', {
        message: `role must be one of ${OPERATOR_ROLES.join(', ')}`,
        details: { field: 'role' },
      });
    }
    if (password.length < OPERATOR_PASSWORD_MIN || password.length > OPERATOR_PASSWORD_MAX) {
      throw new AppError('field_invalid', {
        message: `operator password: ${OPERATOR_PASSWORD_MIN}..${OPERATOR_PASSWORD_MAX} characters`,
        details: { field: 'password' },
      });
    }
    const operator = { brandId, username, role, passwordHash: await hashPassword(password) };
    const row = await this.#uow.run(({ operators }) => operators.insertOperator(operator));
    if (!row) throw new AppError('username_taken', { message: `operator "${username}" exists` });
    return row;
  }

  /** Disables an operator and ends its sessions at once; true when it was active. */
  async disable(brandId: bigint, username: string): Promise<boolean> {
    const operator = await this.#repository.findOperator(brandId, username);
    if (!operator) throw new AppError('not_found', { message: `no operator "${username}"` });
    if (operator.status === 'disabled') return false;
    const now = this.#clock.now();
    await this.#uow.run(async ({ operators }) => {
      await operators.setStatus(operator.id, 'disabled');
      await operators.revokeAllSessions(operator.id, now);
    });
    return true;
  }

  /**
   * Password login. An unknown username, a disabled operator and a wrong password answer the same
   * `operator_login_failed` after the same amount of work. Five failures for one username from one address
   * in 15 minutes → `too_many_requests` until the window passes, even with the right password. The try is
   * reserved before the password is compared (docs/api.md "Attempt limits"), so logins sent at once count
   * one by one; a successful login gives its try back, as only failures count.
   */
  async login(input: OperatorLoginInput): Promise<OperatorLogin> {
    const brandId = await this.brandIdOf(input.brandCode, input.host);
    const username = input.username.trim().toLowerCase();
    const now = this.#clock.now();
    const gate = ATTEMPT_GATES.operatorLogin;
    const subject = `${username} ${input.ip}`;
    const reservation = await this.#gates.reserve(gate, subject, now);
    if (!isGranted(reservation)) throw new AppError('too_many_requests');

    const operator = await this.#repository.findOperator(brandId, username);
    const verified = await verifyPassword(input.password, operator?.passwordHash ?? (await this.#dummy()));
    if (!operator || !verified || operator.status !== 'active') {
      await this.#audit.record({
        brandId,
        operatorId: operator?.id ?? null,
        memberId: null,
        action: 'operator.login_failed',
        ip: input.ip,
        detail: { username },
      });
      throw new AppError('operator_login_failed');
    }
    await this.#gates.release(gate, subject, reservation);
    if (needsRehash(operator.passwordHash)) {
      const passwordHash = await hashPassword(input.password);
      await this.#uow.run(({ operators }) => operators.setPasswordHash(operator.id, passwordHash));
    }
    const token = newSecret();
    const expiresAt = new Date(now.getTime() + this.#absoluteMs);
    const session = { operatorId: operator.id, tokenHash: hashToken(token), ip: input.ip, now, expiresAt };
    await this.#uow.run(({ operators }) => operators.createSession(session));
    await this.#audit.record({
      brandId,
      operatorId: operator.id,
      memberId: null,
      action: 'operator.login',
      ip: input.ip,
      detail: { username, role: operator.role },
    });
    return { token, role: operator.role, expiresAt };
  }

  #dummy(): Promise<string> {
    this.#dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
    return this.#dummyHash;
  }

  /** A live session: not revoked, within 8 h of login and 30 min of its last use, operator still active. */
  async authenticate(token: string): Promise<OperatorSession> {
    const session = await this.#repository.findSession(hashToken(token));
    const now = this.#clock.now();
    if (
      !session ||
      session.revokedAt !== null ||
      session.status !== 'active' ||
      session.expiresAt.getTime() <= now.getTime() ||
      session.lastSeenAt.getTime() + this.#idleMs <= now.getTime()
    ) {
      throw new AppError('not_logged_in');
    }
    await this.#uow.run(({ operators }) => operators.touchSession(session.sessionId, now));
    return {
      sessionId: session.sessionId,
      operatorId: session.operatorId,
      brandId: session.brandId,
      username: session.username,
      role: session.role,
    };
  }

  async logout(session: OperatorSession, ip: string): Promise<void> {
    const now = this.#clock.now();
    await this.#uow.run(({ operators }) => operators.revokeSession(session.sessionId, now));
    await this.#audit.record({
      brandId: session.brandId,
      operatorId: session.operatorId,
      memberId: null,
      action: 'operator.logout',
      ip,
      detail: {},
    });
  }

  /**
   * `wallet.adjust`: one `adjustment` entry between the member's main wallet and the brand's house account,
   * with its audit row, under the caller's idempotency key (scope `operator:<id|cli>:wallet.adjust`). A
   * debit the member's available balance cannot cover is `insufficient_funds` (the ledger refuses it).
   */
  async adjust(actor: OperatorActor, input: AdjustInput, idempotencyKey: string): Promise<AdjustResult> {
    const amountMinor = signedDecimalToMinor(input.amount);
    if (amountMinor === null) throw new AppError('amount_invalid');
    const reason = input.reason.trim();
    if (reason === '') throw new AppError('reason_required');
    if (reason.length > ADJUST_REASON_MAX) {
      throw new AppError('field_invalid', { details: { field: 'reason' } });
    }
    const scope = `${actorLabel(actor)}:wallet.adjust`;
    // The ledger key is derived from the request's own (scope, key), so a retry at either level posts once.
    const ledgerKey = `wallet.adjust:${sha256Hex(`${scope}\n${idempotencyKey}`)}`;
    const { value } = await runIdempotent(
      this.#uow,
      {
        scope,
        key: idempotencyKey,
        request: { username: input.username.toLowerCase(), amountMinor, reason },
      },
      async ({ operators, ledger, audit }) => {
        const member = await operators.findMember(actor.brandId, input.username);
        if (!member) throw new AppError('not_found', { message: `no member "${input.username}"` });
        const main = await ledger.memberMainAccount(member.id);
        const entry = await ledger.post({
          brandId: actor.brandId,
          idempotencyKey: ledgerKey,
          kind: 'adjustment',
          memo: reason,
          createdBy: actorLabel(actor),
          postings: [
            { accountId: main.id, amountMinor },
            { system: 'house', amountMinor: -amountMinor },
          ],
        });
        const balance = await ledger.balanceOf(member.id);
        await audit.record({
          brandId: actor.brandId,
          operatorId: actor.operatorId,
          memberId: member.id,
          action: 'wallet.adjusted',
          ip: actor.ip,
          detail: {
            entryId: entry.entryId,
            amountMinor,
            reason,
            ...(actor.operatorId === null ? { via: 'cli' } : {}),
          },
        });
        return {
          entryId: entry.entryId.toString(),
          username: member.username,
          amountMinor: amountMinor.toString(),
          amount: minorToDecimal(amountMinor),
          balanceMinor: balance.availableMinor.toString(),
          balance: minorToDecimal(balance.availableMinor),
          currency: balance.currency,
        } satisfies AdjustResult;
      },
    );
    return value;
  }

  /** A member's main wallet as the back office sees it: booked, held and available. */
  async memberBalance(brandId: bigint, username: string): Promise<MemberBalance> {
    const member = await this.#repository.findMember(brandId, username);
    if (!member) throw new AppError('not_found', { message: `no member "${username}"` });
    const balance = await this.#ledger.balanceOf(member.id);
    return {
      username: member.username,
      currency: balance.currency,
      balanceMinor: balance.balanceMinor.toString(),
      balance: minorToDecimal(balance.balanceMinor),
      heldMinor: balance.heldMinor.toString(),
      held: minorToDecimal(balance.heldMinor),
      availableMinor: balance.availableMinor.toString(),
      available: minorToDecimal(balance.availableMinor),
    };
  }
}
