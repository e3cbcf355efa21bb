import { type Actor, type ActorSource, actorFrom } from '../../src/lib/actor.ts';

/**
 * The Actor of a member row, for tests that call a service directly (no login behind them): the session
 * fields are those of an ordinary, not first, login.
 */
export function actorOfMember(member: ActorSource['member']): Actor {
  return actorFrom({ member, session: { id: 0n, is_first_login: false, password_change_required: false } });
}
