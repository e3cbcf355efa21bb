import type { MemberStatusColumn } from '../../db/tables/accounts.ts';
import { type Db, type Tx, UnitOfWork } from '../../db/unit-of-work.ts';
import { AppError } from '../../lib/app-error.ts';
import { AuditRepository } from '../audit/audit.repository.ts';
import type { AccessRevoker, RevokedAccess } from '../auth/auth-api.ts';
import { MembersRepository } from './members.repository.ts';

export const MEMBER_STATUSES: readonly MemberStatusColumn[] = ['active', 'locked', 'disabled'];

/** Who changes the status: an operator (`operatorId`) or the CLI (null, `via: 'cli'` in the audit). */
export type StatusActor = { brandId: bigint; operatorId: bigint | null; ip: string; via?: 'cli' };

export type StatusChangeResult = {
  username: string;
  status: MemberStatusColumn;
  changed: boolean;
  /** What the change ended (null when nothing was revoked: unchanged, or made active). */
  revoked: RevokedAccess | null;
};

/**
 * An operator locks, disables or re-activates a member (docs/api.md "Accounts and sessions"). Locking or
 * disabling ends every way in at once, through the one revocation path, in the transaction that changes
 * the status: the member's login sessions, remember-me tokens, game launch sessions and studio sessions.
 * (The temporary lock after 5 failed logins does not: it is triggered by whoever guesses, and ending the
 * member's own sessions would let a stranger log the member out; it only stops new logins.)
 */
/** What a status change's transaction works on: the member, its audit row and the end of its access. */
function statusRepositories(trx: Tx, revocation: AccessRevoker) {
  return { members: new MembersRepository(trx), audit: new AuditRepository(trx), access: revocation.in(trx) };
}

export class MemberStatusService {
  readonly #members: MembersRepository<Db>;
  readonly #uow: UnitOfWork<ReturnType<typeof statusRepositories>>;

  constructor(db: Db, revocation: AccessRevoker) {
    this.#members = new MembersRepository(db);
    this.#uow = new UnitOfWork(db, (trx) => statusRepositories(trx, revocation));
  }

  async setStatus(
    actor: StatusActor,
    username: string,
    status: MemberStatusColumn,
    reason: string | null,
  ): Promise<StatusChangeResult> {
    const member = await this.#members.findByUsername(actor.brandId, username);
    if (!member) throw new AppError('not_found', { message: `no member "${username}" in this brand` });
    if (member.status === status) {
      return { username: member.username, status, changed: false, revoked: null };
    }
    const entry = {
      brandId: actor.brandId,
      operatorId: actor.operatorId,
      memberId: member.id,
      action: 'member.status_changed',
      ip: actor.ip,
      detail: { from: member.status, to: status, reason, ...(actor.via ? { via: actor.via } : {}) },
    };
    // The status, its audit row and (lock, disable) the end of the member's access commit together.
    const revoked = await this.#uow.run(async ({ members, audit, access }) => {
      await members.setStatus(member.id, status);
      await audit.record(entry);
      if (status === 'active') return null;
      return access.revoke(member.id, status === 'locked' ? 'account_locked' : 'account_disabled');
    });
    return { username: member.username, status, changed: true, revoked };
  }
}
