import { AGENT_TYPES, NOT_REAL_MEMBER_TYPE } from '@lotus/shared/member-types';
import { AppError } from './app-error.ts';

/**
 * Who is calling an authenticated member route: built once per request by the auth plugin from the session
 * and its member (modules/auth), and the only thing routes hand to services about the caller. It holds no
 * secret (no password or token hash) and no more of the member than services decide on; a service that
 * needs more (the profile, the rank) asks its repository by `memberId`. Frozen: nothing downstream can
 * change who the caller is.
 */
export type Actor = Readonly<{
  memberId: bigint;
  brandId: bigint;
  username: string;
  /**
   * `trial`: a free-play trial account or a type-4 guest. Neither holds real money, so money, password
   * and agent features refuse it (`in_need_true_account`).
   */
  kind: 'real' | 'trial';
  /** The SPEC §6 agent type (1, 2, 41, 42) when the member is an agent; null for players and guests. */
  agentType: number | null;
  /** The member's chosen language; null: the brand's default. */
  language: string | null;
  /** The direct upline (agent) in the member tree, if any. */
  uplineId: bigint | null;
  /** When the account was created (messages sent before it do not concern the member). */
  joinedAt: Date;
  sessionId: bigint;
  /** The session is the member's first login (member info's `firstTimeLogin`). */
  firstLogin: boolean;
  /** The session may only read member info, change the password and log out (plugins/auth.ts). */
  passwordChangeRequired: boolean;
}>;

/** What the auth module reads to build an Actor (the member and session rows carry more than this). */
export type ActorSource = {
  member: {
    id: bigint;
    brand_id: bigint;
    username: string;
    is_trial: boolean;
    member_type: number;
    language: string | null;
    upline_id: bigint | null;
    created_at: Date;
  };
  session: { id: bigint; is_first_login: boolean; password_change_required: boolean };
};

export function actorFrom({ member, session }: ActorSource): Actor {
  return Object.freeze({
    memberId: member.id,
    brandId: member.brand_id,
    username: member.username,
    kind: member.is_trial || member.member_type === NOT_REAL_MEMBER_TYPE ? 'trial' : 'real',
    agentType: AGENT_TYPES.includes(member.member_type) ? member.member_type : null,
    language: member.language,
    uplineId: member.upline_id,
    joinedAt: member.created_at,
    sessionId: session.id,
    firstLogin: session.is_first_login,
    passwordChangeRequired: session.password_change_required,
  });
}

/** Trial accounts and type-4 guests hold no real money: `in_need_true_account`. */
export function requireReal(actor: Actor): void {
  if (actor.kind !== 'real') throw new AppError('in_need_true_account');
}

/** An agent that is a real account (agent centre, transfers to downlines). */
export function isRealAgent(actor: Actor): boolean {
  return actor.agentType !== null && actor.kind === 'real';
}
