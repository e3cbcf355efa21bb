import { decimalToMinor, minorToDecimal } from '@lotus/shared/money';
import {
  type CancelPendingBody,
  LIMIT_INCREASE_DELAY_MS,
  LIMIT_PERIODS,
  type LimitChangeResult,
  MONEY_LIMIT_KINDS,
  type MoneyLimitView,
  type ProtectionState,
  REALITY_CHECK_DEFAULT_MINUTES,
  type RealityCheckMinutes,
  SESSION_LIMIT_MINUTES,
  type SessionLimitView,
  type SetMoneyLimitBody,
} from '@lotus/shared/player-protection.schema';
import type { PlayLimitKind, PlayLimitPeriod } from '../../db/tables/player-protection.ts';
import { type Db, type Tx, UnitOfWork } from '../../db/unit-of-work.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { type LimitVersion, PlayerProtectionRepository } from './player-protection.repository.ts';

/** Whose protection a call changes, and who asks (the audit row and the versions' `created_by`). */
export type ProtectionCaller = {
  memberId: bigint;
  brandId: bigint;
  /** The login session the call comes from (null from the back office or the CLI). */
  sessionId: bigint | null;
  ip: string;
  userAgent: string | null;
  /** `member`, `operator:<username>`, `cli`. */
  by: string;
  operatorId?: bigint | null;
};

/** What one limit change did, for the answer and the audit row. */
type Applied = { applies: 'now' | 'pending'; effectiveAt: Date; change: string };

const money = (minor: bigint) => ({ minor: minor.toString(), decimal: minorToDecimal(minor) });
const iso = (at: Date) => at.toISOString();

/** The time of `at` in milliseconds; versions are compared by instant. */
const ms = (at: Date) => at.getTime();

/**
 * The one rule of a limit change (migration 0022, docs/player-protection.md "Limits"), on the member's
 * lock: a first limit or a lower one applies now (a lower one ends the current version now and drops any
 * waiting change); a higher one or a removal ends the current version 24 hours from now and (a raise)
 * starts the new version then; a second raise or removal replaces the waiting one and waits 24 hours
 * from its own request. The same amount as the one in force cancels a waiting change.
 */
async function applyChange(
  repo: PlayerProtectionRepository<Tx>,
  input: {
    memberId: bigint;
    kind: PlayLimitKind;
    period: PlayLimitPeriod;
    amount: bigint | null;
    by: string;
  },
  now: Date,
): Promise<Applied> {
  const { memberId, kind, period, amount, by } = input;
  const versions = await repo.liveVersions(memberId, now, { kind, period });
  const current = versions.find((version) => ms(version.effectiveFrom) <= ms(now));
  const pending = versions.find((version) => ms(version.effectiveFrom) > ms(now));
  if (pending) await repo.deletePendingVersion(pending.id, now);
  const insert = (effectiveFrom: Date, value: bigint) =>
    repo.insertVersion({ memberId, kind, period, amount: value, effectiveFrom, createdBy: by });

  if (!current) {
    if (amount === null) return { applies: 'now', effectiveAt: now, change: 'none' };
    await insert(now, amount);
    return { applies: 'now', effectiveAt: now, change: 'set' };
  }
  if (amount !== null && amount <= current.amount) {
    if (amount === current.amount) {
      if (current.effectiveUntil !== null) await repo.setVersionEnd(current.id, null);
      return {
        applies: 'now',
        effectiveAt: now,
        change: pending || current.effectiveUntil ? 'kept' : 'none',
      };
    }
    if (ms(current.effectiveFrom) === ms(now)) {
      // Started at this very instant: it was never in force for any time, so it takes the lower amount.
      await repo.setVersionAmount(current.id, amount);
      await repo.setVersionEnd(current.id, null);
    } else {
      await repo.setVersionEnd(current.id, now);
      await insert(now, amount);
    }
    return { applies: 'now', effectiveAt: now, change: 'lowered' };
  }
  const effectiveAt = new Date(ms(now) + LIMIT_INCREASE_DELAY_MS);
  await repo.setVersionEnd(current.id, effectiveAt);
  if (amount !== null) await insert(effectiveAt, amount);
  return { applies: 'pending', effectiveAt, change: amount === null ? 'remove' : 'raise' };
}

/** A typed amount → minor units, or `400 amount_invalid` (the wallet's rule: positive, ≤ 2 decimals). */
function amountOf(text: string): bigint {
  const minor = decimalToMinor(text);
  if (minor === null) throw new AppError('amount_invalid');
  return minor;
}

/** Minutes of a session limit as typed by an operator (`"90"`), within SESSION_LIMIT_MINUTES. */
function minutesOf(text: string): bigint {
  const trimmed = text.trim();
  const minutes = /^[0-9]{1,4}$/.test(trimmed) ? Number(trimmed) : Number.NaN;
  if (!(minutes >= SESSION_LIMIT_MINUTES.min && minutes <= SESSION_LIMIT_MINUTES.max)) {
    throw new AppError('amount_invalid');
  }
  return BigInt(minutes);
}

function protectionRepositories(trx: Tx) {
  return { protection: new PlayerProtectionRepository(trx) };
}

/**
 * The "Play limits" page (issue 17): the state, money and session limit changes, cancelling a waiting
 * change, the reality-check interval and the first-deposit prompt. Every change takes the member's lock
 * (`lockMember`) and is audited in its transaction.
 */
export class LimitsService {
  readonly #repository: PlayerProtectionRepository<Db>;
  readonly #uow: UnitOfWork<ReturnType<typeof protectionRepositories>>;
  readonly #clock: Clock;
  readonly #sessionsChanged: (memberId: bigint) => void;

  constructor(db: Db, clock: Clock, sessionsChanged: (memberId: bigint) => void = () => {}) {
    this.#repository = new PlayerProtectionRepository(db);
    this.#uow = new UnitOfWork(db, protectionRepositories);
    this.#clock = clock;
    this.#sessionsChanged = sessionsChanged;
  }

  /** `GET /wps/member/protection`. */
  async state(member: { memberId: bigint; brandId: bigint }): Promise<ProtectionState> {
    const now = this.#clock.now();
    const [inForce, live, settings, deposited, brand] = await Promise.all([
      this.#repository.limitsInForce(member.memberId, now),
      this.#repository.liveVersions(member.memberId, now),
      this.#repository.settings(member.memberId),
      this.#repository.hasDeposited(member.memberId),
      this.#repository.brandOf(member.brandId),
    ]);
    const versionsOf = (kind: PlayLimitKind, period: PlayLimitPeriod) => {
      const of = live.filter((version) => version.kind === kind && version.period === period);
      return {
        current: of.find((version) => ms(version.effectiveFrom) <= ms(now)),
        next: of.find((version) => ms(version.effectiveFrom) > ms(now)),
      };
    };
    const pendingOf = (current: LimitVersion | undefined, next: LimitVersion | undefined) =>
      current?.effectiveUntil ? { amount: next?.amount ?? null, effectiveAt: current.effectiveUntil } : null;

    const limits: MoneyLimitView[] = [];
    for (const kind of MONEY_LIMIT_KINDS) {
      for (const period of LIMIT_PERIODS) {
        const limit = inForce.find((row) => row.kind === kind && row.period === period);
        if (!limit) continue;
        const { current, next } = versionsOf(kind, period);
        const pending = pendingOf(current, next);
        const remaining = limit.amount > limit.used ? limit.amount - limit.used : 0n;
        limits.push({
          kind,
          period,
          amountMinor: money(limit.amount).minor,
          amount: money(limit.amount).decimal,
          usedMinor: money(limit.used).minor,
          used: money(limit.used).decimal,
          remainingMinor: money(remaining).minor,
          remaining: money(remaining).decimal,
          periodEndsAt: iso(limit.periodEnd),
          pending: pending && {
            amountMinor: pending.amount === null ? null : money(pending.amount).minor,
            amount: pending.amount === null ? null : money(pending.amount).decimal,
            effectiveAt: iso(pending.effectiveAt),
          },
        });
      }
    }
    const session = versionsOf('session', 'session');
    const sessionPending = pendingOf(session.current, session.next);
    const sessionLimit: SessionLimitView | null =
      session.current || session.next
        ? {
            minutes: session.current ? Number(session.current.amount) : null,
            pending: sessionPending && {
              minutes: sessionPending.amount === null ? null : Number(sessionPending.amount),
              effectiveAt: iso(sessionPending.effectiveAt),
            },
          }
        : null;
    return {
      currency: brand.currency,
      currencySymbol: brand.currencySymbol,
      limits,
      sessionLimit,
      realityCheckMinutes: (settings?.realityCheckMinutes ??
        REALITY_CHECK_DEFAULT_MINUTES) as RealityCheckMinutes,
      depositLimitPrompt: !deposited && !settings?.depositPromptAnsweredAt,
      helpLinks: brand.helpLinks,
    };
  }

  /** `PUT /wps/member/protection/limits`. */
  setMoneyLimit(caller: ProtectionCaller, body: SetMoneyLimitBody): Promise<LimitChangeResult> {
    const amount = body.amount === null ? null : amountOf(body.amount);
    return this.#change(caller, { kind: body.kind, period: body.period, amount });
  }

  /**
   * `PUT /wps/member/protection/session-limit`: minutes per login session. A first or lower limit binds
   * the sessions already open too (each from its own start); a raise or removal waits 24 hours and then
   * applies from the next login.
   */
  setSessionLimit(caller: ProtectionCaller, minutes: number | null): Promise<LimitChangeResult> {
    return this.#change(caller, {
      kind: 'session',
      period: 'session',
      amount: minutes === null ? null : BigInt(minutes),
    });
  }

  /**
   * The back office's limit (`PUT /wps/ops/members/:username/protection/limits`, `protection:limit`): only
   * stricter than the one in force — a new limit, the same or a lower amount. A removal or a higher amount
   * is `403 protection_operator_loosen`: an operator adds protection, never takes the player's away.
   */
  async tightenByOperator(
    caller: ProtectionCaller,
    body: { kind: PlayLimitKind; period: PlayLimitPeriod; amount: string | null; reason: string },
  ): Promise<LimitChangeResult> {
    if ((body.kind === 'session') !== (body.period === 'session')) {
      throw new AppError('invalid_request', {
        details: { issues: [{ path: 'period', code: 'invalid_value' }] },
      });
    }
    const typed = body.amount;
    const amount = typed === null ? null : body.kind === 'session' ? minutesOf(typed) : amountOf(typed);
    return this.#change(caller, { kind: body.kind, period: body.period, amount }, { reason: body.reason });
  }

  async #change(
    caller: ProtectionCaller,
    input: { kind: PlayLimitKind; period: PlayLimitPeriod; amount: bigint | null },
    operator?: { reason: string },
  ): Promise<LimitChangeResult> {
    const applied = await this.#uow.run(async ({ protection }) => {
      await protection.lockMember(caller.memberId);
      // Read after the lock: a change that waited for another one is later than it.
      const now = this.#clock.now();
      if (operator) {
        // Judged against the version in force under the lock, like the player's own changes.
        const versions = await protection.liveVersions(caller.memberId, now, input);
        const current = versions.find((version) => ms(version.effectiveFrom) <= ms(now));
        if (input.amount === null || (current && input.amount > current.amount)) {
          throw new AppError('protection_operator_loosen');
        }
      }
      const result = await applyChange(
        protection,
        { ...input, memberId: caller.memberId, by: caller.by },
        now,
      );
      // "Lowering applies at once" holds for the session time limit too: the sessions already open end
      // at their start + the limit (the job ends them, and the money paths read the row).
      const binds = input.kind === 'session' && input.amount !== null && result.applies === 'now';
      if (binds) await protection.bindLiveSessions(caller.memberId, Number(input.amount), now);
      await protection.audit(
        auditOf(caller, 'protection.limit_changed', {
          kind: input.kind,
          period: input.period,
          amount: input.amount,
          change: result.change,
          applies: result.applies,
          effectiveAt: iso(result.effectiveAt),
          ...(operator ? { reason: operator.reason } : {}),
        }),
      );
      return { ...result, binds };
    });
    // After the commit: this process's cached sessions carry the old end (the trigger does not announce it).
    if (applied.binds) this.#sessionsChanged(caller.memberId);
    return {
      applies: applied.applies,
      effectiveAt: iso(applied.effectiveAt),
      state: await this.state(caller),
    };
  }

  /** `DELETE /wps/member/protection/limits/pending`: the limit in force stays; 404 `limit_pending_none`. */
  async cancelPending(caller: ProtectionCaller, body: CancelPendingBody): Promise<ProtectionState> {
    if ((body.kind === 'session') !== (body.period === 'session')) throw new AppError('limit_pending_none');
    const kind = body.kind;
    const period = body.period;
    await this.#uow.run(async ({ protection }) => {
      await protection.lockMember(caller.memberId);
      const now = this.#clock.now();
      const versions = await protection.liveVersions(caller.memberId, now, { kind, period });
      const current = versions.find((version) => ms(version.effectiveFrom) <= ms(now));
      const pending = versions.find((version) => ms(version.effectiveFrom) > ms(now));
      if (!current?.effectiveUntil && !pending) throw new AppError('limit_pending_none');
      if (pending) await protection.deletePendingVersion(pending.id, now);
      if (current?.effectiveUntil) await protection.setVersionEnd(current.id, null);
      await protection.audit(auditOf(caller, 'protection.limit_change_cancelled', { kind, period }));
    });
    return this.state(caller);
  }

  /**
   * `PUT /wps/member/protection/reality-check`: the interval, and the calling session's next check moves
   * to (its last acknowledgement, or its start) + the new interval — never earlier than now.
   */
  async setRealityCheck(caller: ProtectionCaller, minutes: RealityCheckMinutes): Promise<ProtectionState> {
    await this.#uow.run(async ({ protection }) => {
      const settings = await protection.lockMember(caller.memberId);
      const now = this.#clock.now();
      await protection.setRealityCheckMinutes(caller.memberId, minutes);
      const session = caller.sessionId === null ? undefined : await protection.playSession(caller.sessionId);
      if (caller.sessionId !== null && session) {
        // The next check was set to (last acknowledgement or start) + the old interval.
        const base = session.realityCheckAt
          ? ms(session.realityCheckAt) - settings.realityCheckMinutes * 60_000
          : ms(session.createdAt);
        const next = Math.max(base + minutes * 60_000, ms(now));
        await protection.setRealityCheckAt(caller.sessionId, new Date(next));
      }
      await protection.audit(
        auditOf(caller, 'protection.reality_check_set', { from: settings.realityCheckMinutes, to: minutes }),
      );
    });
    return this.state(caller);
  }

  /** `POST /wps/member/protection/deposit-prompt`: the first-deposit prompt was answered. */
  async answerDepositPrompt(caller: ProtectionCaller, answer: 'set' | 'skipped'): Promise<ProtectionState> {
    await this.#uow.run(async ({ protection }) => {
      await protection.lockMember(caller.memberId);
      const now = this.#clock.now();
      await protection.answerDepositPrompt(caller.memberId, now);
      await protection.audit(auditOf(caller, 'protection.deposit_prompt_answered', { answer }));
    });
    return this.state(caller);
  }

  /** Every version the member had (the back office's history). */
  history(memberId: bigint): Promise<LimitVersion[]> {
    return this.#repository.history(memberId);
  }
}

/** The audit row of a protection change (one shape for the player's and the back office's). */
export function auditOf(caller: ProtectionCaller, action: string, detail: Record<string, unknown>) {
  return {
    brandId: caller.brandId,
    memberId: caller.memberId,
    operatorId: caller.operatorId ?? null,
    action,
    ip: caller.ip,
    userAgent: caller.userAgent,
    detail: { ...detail, by: caller.by },
  };
}
