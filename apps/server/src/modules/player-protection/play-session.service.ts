import { minorToDecimal } from '@lotus/shared/money';
import { type PlaySession, REALITY_CHECK_DEFAULT_MINUTES } from '@lotus/shared/player-protection.schema';
import { type Db, type Tx, transact } from '../../db/unit-of-work.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AccessRevoker } from '../auth/auth-api.ts';
import { auditOf, type ProtectionCaller } from './limits.service.ts';
import { PlayerProtectionRepository } from './player-protection.repository.ts';

/** How many sessions one run of the session-limit job ends (the next run takes the rest). */
const SESSION_LIMIT_BATCH = 200;

const MINUTE_MS = 60_000;

/**
 * The login session's play (issue 17 "Reality check", "In-game overlay", "session time limit"): what the
 * session staked and won, its next reality check and its end. Login sets `reality_check_at` and
 * `play_ends_at` (`sessionStart`, called by the auth module's SessionsService); the reality check is
 * acknowledged here; the `player-protection.session-limit` job ends sessions past their limit through the
 * one revocation path (and the auth check refuses them before it runs: AuthService.authenticate).
 */
export class PlaySessionService {
  readonly #db: Db;
  readonly #repository: PlayerProtectionRepository<Db>;
  readonly #clock: Clock;
  readonly #revocation: AccessRevoker;

  constructor(db: Db, clock: Clock, revocation: AccessRevoker) {
    this.#db = db;
    this.#repository = new PlayerProtectionRepository(db);
    this.#clock = clock;
    this.#revocation = revocation;
  }

  /**
   * The protection fields of a login session that starts at `now`: the first reality check after the
   * member's interval, and the end the session time limit in force gives it (null without one).
   */
  async sessionStart(
    memberId: bigint,
    now: Date,
  ): Promise<{ realityCheckAt: Date; playEndsAt: Date | null }> {
    const [settings, versions] = await Promise.all([
      this.#repository.settings(memberId),
      this.#repository.liveVersions(memberId, now, { kind: 'session', period: 'session' }),
    ]);
    const minutes = settings?.realityCheckMinutes ?? REALITY_CHECK_DEFAULT_MINUTES;
    const limit = versions.find((version) => version.effectiveFrom.getTime() <= now.getTime());
    return {
      realityCheckAt: new Date(now.getTime() + minutes * MINUTE_MS),
      playEndsAt: limit ? new Date(now.getTime() + Number(limit.amount) * MINUTE_MS) : null,
    };
  }

  /** `GET /wps/member/protection/session`. */
  async playSession(caller: { memberId: bigint; brandId: bigint; sessionId: bigint }): Promise<PlaySession> {
    const now = this.#clock.now();
    const session = await this.#repository.playSession(caller.sessionId);
    if (!session || session.memberId !== caller.memberId) throw new AppError('not_logged_in');
    const [play, settings, brand] = await Promise.all([
      this.#repository.playSince(caller.memberId, session.createdAt),
      this.#repository.settings(caller.memberId),
      this.#repository.brandOf(caller.brandId),
    ]);
    const minutes = settings?.realityCheckMinutes ?? REALITY_CHECK_DEFAULT_MINUTES;
    const realityCheckAt =
      session.realityCheckAt ?? new Date(session.createdAt.getTime() + minutes * MINUTE_MS);
    const net = play.won - play.staked;
    return {
      startedAt: session.createdAt.toISOString(),
      now: now.toISOString(),
      elapsedSeconds: Math.max(0, Math.floor((now.getTime() - session.createdAt.getTime()) / 1000)),
      stakedMinor: play.staked.toString(),
      wonMinor: play.won.toString(),
      netMinor: net.toString(),
      net: minorToDecimal(net),
      currencySymbol: brand.currencySymbol,
      realityCheckMinutes: minutes,
      realityCheckAt: realityCheckAt.toISOString(),
      realityCheckDue: realityCheckAt.getTime() <= now.getTime(),
      sessionEndsAt: session.playEndsAt?.toISOString() ?? null,
    };
  }

  /** `POST /wps/member/protection/reality-check/ack`: keep playing; the next check is one interval away. */
  async acknowledge(caller: ProtectionCaller & { sessionId: bigint }): Promise<PlaySession> {
    await transact(this.#db, async (trx) => {
      const protection = new PlayerProtectionRepository(trx);
      const settings = await protection.lockMember(caller.memberId);
      const now = this.#clock.now();
      const next = new Date(now.getTime() + settings.realityCheckMinutes * MINUTE_MS);
      await protection.setRealityCheckAt(caller.sessionId, next);
      await protection.audit(
        auditOf(caller, 'protection.reality_check_acknowledged', { nextAt: next.toISOString() }),
      );
    });
    return this.playSession(caller);
  }

  /** `POST /dev/protection/reality-check-due` (DEV_INBOX only): the calling session's check is due now. */
  async makeDue(caller: { memberId: bigint; brandId: bigint; sessionId: bigint }): Promise<PlaySession> {
    const now = this.#clock.now();
    await transact(this.#db, (trx) =>
      new PlayerProtectionRepository(trx).setRealityCheckAt(caller.sessionId, now),
    );
    return this.playSession(caller);
  }

  /**
   * The `player-protection.session-limit` job: ends each live session past its time limit through the one
   * revocation path (reason `session_limit`: that session only, like a logout; its sockets close on the
   * `lotus_access` announcement), audited in the same transaction. Answers how many it ended.
   */
  async endSessionsPastLimit(now: Date): Promise<number> {
    const due = await this.#repository.sessionsPastPlayLimit(now, SESSION_LIMIT_BATCH);
    for (const session of due) {
      await transact(this.#db, (trx: Tx) => this.#endOne(trx, session, now));
    }
    return due.length;
  }

  async #endOne(
    trx: Tx,
    session: { sessionId: bigint; memberId: bigint; brandId: bigint },
    now: Date,
  ): Promise<void> {
    const revoked = await this.#revocation
      .in(trx)
      .revoke(session.memberId, 'session_limit', { sessionId: session.sessionId });
    await new PlayerProtectionRepository(trx).audit({
      brandId: session.brandId,
      memberId: session.memberId,
      action: 'session.revoked',
      ip: 'system',
      detail: { reason: 'session_limit', sessionId: session.sessionId, ...revoked, at: now.toISOString() },
    });
  }
}
