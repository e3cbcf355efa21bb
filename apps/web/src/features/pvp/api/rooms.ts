import type { PvpRoomListItem } from '@lotus/shared/pvp.schema';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { pvpKeys } from './keys.ts';

/** `GET /wps/relay/GLS2_roomList` (login required): the brand's rooms with stakes, seats and state. */
export function roomsQuery(language: string) {
  return queryOptions({
    queryKey: pvpKeys.rooms(language),
    queryFn: ({ signal }) =>
      apiGet<{ list: PvpRoomListItem[] }>(`/wps/relay/GLS2_roomList?${new URLSearchParams({ language })}`, {
        signal,
      }).then((value) => value.list),
    // Seats fill and hands start while the list is open; no push for the list, so it polls gently.
    staleTime: 5_000,
    refetchInterval: 15_000,
  });
}
