import type { PlayerAvatar } from '@lotus/shared/password.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiSend } from '../../../lib/api-client.ts';

/**
 * POST /wps/relay/MCSFE_getPlayerAvatar: the member's avatar and the 12 to choose from. Under ['member'], so
 * signing out forgets it with the rest of the member's data.
 */
export function getPlayerAvatar(signal?: AbortSignal): Promise<PlayerAvatar> {
  return apiSend<PlayerAvatar>(
    'POST',
    '/wps/relay/MCSFE_getPlayerAvatar',
    undefined,
    signal ? { signal } : {},
  );
}

export const PLAYER_AVATAR_KEY = ['member', 'avatar'] as const;

export function playerAvatarQueryOptions() {
  return queryOptions({ queryKey: PLAYER_AVATAR_KEY, queryFn: ({ signal }) => getPlayerAvatar(signal) });
}

/** Loaded only while the picker is open: the strip itself shows member info's `avatarUrl`. */
export function usePlayerAvatar(enabled: boolean) {
  return useQuery({ ...playerAvatarQueryOptions(), enabled });
}
