import {
  type CoolOffDuration,
  type ExclusionBody,
  type ExclusionRefusalDetails,
  type ExclusionResult,
  type ExclusionView,
  REOPEN_DELAY_MS,
  type ReopenResult,
  type SelfExclusionDuration,
} from '@lotus/shared/player-protection.schema';
import { type Db, type Tx, transact } from '../../db/unit-of-work.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AccessRevoker, RevocationReason } from '../auth/auth-api.ts';
import { auditOf, type ProtectionCaller } from './limits.service.ts';
import { type Exclusion, PlayerProtectionRepository } from './player-protection.repository.ts';

const HOUR_MS = 3_600_000;
const COOL_OFF_MS: Record<CoolOffDuration, number> = {
  '24h': 24 * HOUR_MS,
  '7d': 7 * 24 * HOUR_MS,
  '30d': 30 * 24 * HOUR_MS,
  '6w': 42 * 24 * HOUR_MS,
};
const SELF_EXCLUSION_MONTHS: Record<SelfExclusionDuration, number> = { '6m': 6, '1y': 12, '5y': 60 };

/**
 * `at` plus whole calendar months in UTC; a day the target month lacks becomes its last day (31 August + 6
 * months is 28 or 29 February, not 3 March), so an exclusion never ends later than the months it names.
 */
export function addUtcMonths(at: Date, months: number): Date {
  const target = new Date(at.getTime());
  const day = target.getUTCDate();
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target;
}

/** When an exclusion the player takes at `now` ends. */
export function exclusionEnd(body: ExclusionBody, now: Date): Date {
  return body.kind === 'cool_off'
    ? new Date(now.getTime() + COOL_OFF_MS[body.duration])
    : addUtcMonths(now, SELF_EXCLUSION_MONTHS[body.duration]);
}

/** A self-exclusion past its end, kept closed only because no reopen request has waited 24 hours yet. */
function isEndedSelfExclusion(exclusion: Exclusion, now: Date): boolean {
  return (
    exclusion.kind === 'self_exclusion' &&
    exclusion.endsAt !== null &&
    exclusion.endsAt.getTime() <= now.getTime()
  );
}

/** What the login form tells an excluded player: the exclusion that keeps the account closed longest. */
export function refusalOf(inForce: Exclusion[], now: Date): ExclusionRefusalDetails | null {
  if (inForce.length === 0) return null;
  // Still running (not just awaiting a reopen) first; then the latest end (no end is the latest).
  const rank = (exclusion: Exclusion) =>
    isEndedSelfExclusion(exclusion, now) ? -1 : (exclusion.endsAt?.getTime() ?? Number.POSITIVE_INFINITY);
  const [first] = [...inForce].sort((a, b) => rank(b) - rank(a));
  if (!first) return null;
  const ended = isEndedSelfExclusion(first, now);
  return {
    kind: first.kind,
    endsAt: first.endsAt?.toISOString() ?? null,
    reopenAvailable: ended && first.reopenRequestedAt === null,
    reopensAt:
      ended && first.reopenRequestedAt
        ? new Date(first.reopenRequestedAt.getTime() + REOPEN_DELAY_MS).toISOString()
        : null,
  };
}

export function exclusionViewOf(exclusion: Exclusion): ExclusionView {
  return {
    kind: exclusion.kind,
    startsAt: exclusion.startsAt.toISOString(),
    endsAt: exclusion.endsAt?.toISOString() ?? null,
    reason: exclusion.reason,
    createdBy: exclusion.createdBy,
    reopenRequestedAt: exclusion.reopenRequestedAt?.toISOString() ?? null,
    inForce: exclusion.inForce,
  };
}

/**
 * Breaks, self-exclusion and the operator's exclusion (issue 17; docs/player-protection.md "Exclusions"):
 * taking one, refusing an excluded member's login (`refuseExcluded`, called by every way in through the
 * auth module's SessionsService), and the reopen request after a self-exclusion. An exclusion ends every
 * way in of the member through the one revocation path in the transaction that records it; nothing
 * shortens one (no endpoint does, and a trigger refuses it in the database).
 */
export class ExclusionsService {
  readonly #db: Db;
  readonly #repository: PlayerProtectionRepository<Db>;
  readonly #clock: Clock;
  readonly #revocation: AccessRevoker;

  constructor(deps: { db: Db; clock: Clock; revocation: AccessRevoker }) {
    ({ db: this.#db, clock: this.#clock, revocation: this.#revocation } = deps);
    this.#repository = new PlayerProtectionRepository(deps.db);
  }

  /** Throws `403 account_excluded` with the refusal details while an exclusion keeps the account closed. */
  async refuseExcluded(memberId: bigint): Promise<void> {
    const now = this.#clock.now();
    const refusal = refusalOf(await this.#inForce(this.#repository, memberId, now), now);
    if (refusal) throw new AppError('account_excluded', { details: refusal });
  }

  async #inForce(repository: PlayerProtectionRepository, memberId: bigint, now: Date): Promise<Exclusion[]> {
    return (await repository.exclusions(memberId, now)).filter((exclusion) => exclusion.inForce);
  }

  /** `POST /wps/member/protection/exclusions`: a break or a self-exclusion, from now. */
  async exclude(caller: ProtectionCaller, body: ExclusionBody): Promise<ExclusionResult> {
    const made = await this.#record(caller, {
      kind: body.kind,
      endsAt: (now) => exclusionEnd(body, now),
      reason: null,
      duration: body.duration,
    });
    return {
      kind: body.kind,
      startsAt: made.startsAt.toISOString(),
      endsAt: (made.endsAt ?? made.startsAt).toISOString(),
    };
  }

  /** The back office's exclusion (`operator`): a reason, an end or none; added even beside another one. */
  async excludeByOperator(
    caller: ProtectionCaller,
    input: { endsAt: Date | null; reason: string },
  ): Promise<ExclusionView> {
    const { endsAt } = input;
    if (endsAt !== null && endsAt.getTime() <= this.#clock.now().getTime()) {
      throw new AppError('invalid_request', { details: { issues: [{ path: 'endsAt', code: 'too_small' }] } });
    }
    const made = await this.#record(caller, {
      kind: 'operator',
      endsAt: () => endsAt,
      reason: input.reason,
      duration: null,
    });
    return exclusionViewOf(made);
  }

  /** `endsAt` is computed from the start, which is read once the member's lock is held. */
  async #record(
    caller: ProtectionCaller,
    input: {
      kind: Exclusion['kind'];
      endsAt: (startsAt: Date) => Date | null;
      reason: string | null;
      duration: string | null;
    },
  ): Promise<Exclusion> {
    const reason: RevocationReason = input.kind === 'operator' ? 'operator_exclusion' : input.kind;
    return transact(this.#db, async (trx: Tx) => {
      const protection = new PlayerProtectionRepository(trx);
      await protection.lockMember(caller.memberId);
      // After the lock: a request that waited for another one's exclusion judges it at a later time.
      const now = this.#clock.now();
      const endsAt = input.endsAt(now);
      // A player's second request (sent twice at once: the first ended this session) finds the first.
      if (input.kind !== 'operator' && (await this.#inForce(protection, caller.memberId, now)).length > 0) {
        throw new AppError('account_excluded', {
          details: refusalOf(await this.#inForce(protection, caller.memberId, now), now) ?? {},
        });
      }
      const made = await protection.insertExclusion({
        memberId: caller.memberId,
        kind: input.kind,
        startsAt: now,
        endsAt,
        reason: input.reason,
        createdBy: caller.by,
      });
      const revoked = await this.#revocation.in(trx).revoke(caller.memberId, reason);
      await protection.audit(
        auditOf(caller, 'protection.excluded', {
          kind: input.kind,
          duration: input.duration,
          endsAt: endsAt?.toISOString() ?? null,
          reason: input.reason,
          revoked,
        }),
      );
      return made;
    });
  }

  /**
   * `POST /wps/member/protection/reopen` (after the credentials were checked by the auth module): records
   * the request once a self-exclusion has ended; the account reopens 24 hours after it.
   */
  async requestReopen(caller: ProtectionCaller): Promise<ReopenResult> {
    return transact(this.#db, async (trx: Tx) => {
      const protection = new PlayerProtectionRepository(trx);
      await protection.lockMember(caller.memberId);
      const now = this.#clock.now();
      const inForce = await this.#inForce(protection, caller.memberId, now);
      const running = inForce.filter((exclusion) => !isEndedSelfExclusion(exclusion, now));
      if (running.length > 0) {
        throw new AppError('account_excluded', { details: refusalOf(running, now) ?? {} });
      }
      const waiting = inForce.filter((exclusion) => isEndedSelfExclusion(exclusion, now));
      if (waiting.length === 0) throw new AppError('conflict', { message: 'nothing waits to be reopened' });
      const requested = waiting.map((exclusion) => exclusion.reopenRequestedAt).find((at) => at !== null);
      if (requested) return { reopensAt: new Date(requested.getTime() + REOPEN_DELAY_MS).toISOString() };
      for (const exclusion of waiting) await protection.requestReopen(exclusion.id, now);
      const reopensAt = new Date(now.getTime() + REOPEN_DELAY_MS);
      await protection.audit(
        auditOf(caller, 'protection.reopen_requested', { reopensAt: reopensAt.toISOString() }),
      );
      return { reopensAt: reopensAt.toISOString() };
    });
  }

  /** Every exclusion of the member, newest first (the back office). */
  async list(memberId: bigint): Promise<ExclusionView[]> {
    return (await this.#repository.exclusions(memberId, this.#clock.now())).map(exclusionViewOf);
  }
}
