import type { MemberInfo } from '@lotus/shared/auth.schema';

/** SPEC §2 logged-in strip: the nickname, or the account name when the member has none. */
export function displayNameOf(member: Pick<MemberInfo, 'nickname' | 'account'>): string {
  const nickname = member.nickname?.trim();
  return nickname ? nickname : member.account;
}

/**
 * The avatar image to show: only a same-origin path (the server answers `/avatars/avatar-<n>.svg`); anything
 * else, like a missing avatar, shows the default one, so a bad value can never load a foreign image.
 */
export function avatarSrcOf(avatarUrl: string | null): string | null {
  if (!avatarUrl) return null;
  return avatarUrl.startsWith('/') && !avatarUrl.startsWith('//') ? avatarUrl : null;
}

/** Pages of the site the strip may link to; null while the site has no such page. */
export type StripRoutes = { playerRank: string | null; securityCentre: string | null };

/**
 * Where the player-rank badge leads: an existing page or, failing both pages, the change-password dialog
 * (the part of the security centre that exists).
 */
export type RankLinkTarget = { kind: 'route'; to: string } | { kind: 'changePassword' };

/**
 * SPEC §2: "Player rank link goes to the player-rank page if a member label exists, else to the security
 * centre." A page the site does not have yet is skipped rather than linked dead.
 */
export function rankLinkTarget(member: Pick<MemberInfo, 'memberLabel'>, routes: StripRoutes): RankLinkTarget {
  if (member.memberLabel.length > 0 && routes.playerRank) return { kind: 'route', to: routes.playerRank };
  if (routes.securityCentre) return { kind: 'route', to: routes.securityCentre };
  return { kind: 'changePassword' };
}
