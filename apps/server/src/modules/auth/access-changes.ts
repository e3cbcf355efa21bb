/**
 * Access announcements (migration 0020): triggers on `sessions` and `members` send `NOTIFY lotus_access`
 * in the writer's transaction whenever a session is revoked, shortened or deleted, or a member field an
 * Actor carries changes (status, type, language, …). Each process's session cache drops the member's
 * sessions, and its live-balance sockets of that member check their session again (docs/scaling.md).
 */
export const ACCESS_CHANNEL = 'lotus_access';

/** A member's row changed (`sessionId` null) or one of its sessions did. */
export type AccessChange = { memberId: bigint; sessionId: bigint | null };

const PAYLOAD = /^([1-9][0-9]{0,18})(?::([1-9][0-9]{0,18}))?$/;

/** The change a payload names; null for anything else on the channel. */
export function accessChangeOf(payload: string): AccessChange | null {
  const match = PAYLOAD.exec(payload);
  if (!match?.[1]) return null;
  return { memberId: BigInt(match[1]), sessionId: match[2] ? BigInt(match[2]) : null };
}

/** The tag of a member's cached sessions: one announcement about the member ends them all. */
export function memberTag(memberId: bigint): string {
  return `m:${memberId}`;
}
