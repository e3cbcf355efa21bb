import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '../../../lib/api-client.ts';
import { PLAYER_AVATAR_KEY } from './get-player-avatar.ts';

/** PUT /wps/member/info/icon `{ avatarId }`; an id that names no avatar is `404 avatar_not_found`. */
export function updatePlayerAvatar(avatarId: number): Promise<null> {
  return apiSend<null>('PUT', '/wps/member/info/icon', { avatarId });
}

/**
 * Chooses an avatar, then waits for `onChanged` (the app refetches member info, which the strip shows) so
 * the picker closes on the new picture, not the old one.
 */
export function useUpdatePlayerAvatar(onChanged: () => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePlayerAvatar,
    onSuccess: async () => {
      await Promise.all([onChanged(), queryClient.invalidateQueries({ queryKey: PLAYER_AVATAR_KEY })]);
    },
  });
}
