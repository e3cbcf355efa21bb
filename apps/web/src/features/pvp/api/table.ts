import type { PvpActionRequest, PvpTable } from '@lotus/shared/pvp.schema';
import { PVP_API } from '@lotus/shared/pvp-constants';
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiSend } from '../../../lib/api-client.ts';
import { idempotencyHeaders } from '../../../lib/money/money.ts';
import { pvpKeys } from './keys.ts';

const roomPath = (roomCode: string) => `${PVP_API}/rooms/${encodeURIComponent(roomCode)}`;

/**
 * `GET /wps/pvp/rooms/:roomCode`: the table as this member sees it. The socket's `pvp.table` pushes keep it
 * current; the poll only bounds how old it gets while the socket is down.
 */
export function tableQuery(roomCode: string) {
  return queryOptions({
    queryKey: pvpKeys.table(roomCode),
    queryFn: ({ signal }) => apiGet<PvpTable>(roomPath(roomCode), { signal }),
    staleTime: 2_000,
    refetchInterval: 20_000,
    // A read that left before a push or an action's answer may land after it: the newer snapshot stays.
    structuralSharing: (shown: unknown, read: unknown) =>
      shown !== undefined && (shown as PvpTable).version > (read as PvpTable).version ? shown : read,
  });
}

/**
 * `POST …/actions`: one action; answers the new snapshot. `sit` and `leave` move money: they carry the
 * confirm dialog's Idempotency-Key, so a retry after a lost answer cannot buy in twice.
 */
export function sendAction(
  roomCode: string,
  action: PvpActionRequest,
  idempotencyKey: string | null = null,
): Promise<PvpTable> {
  return apiSend<PvpTable>(
    'POST',
    `${roomPath(roomCode)}/actions`,
    action,
    idempotencyKey ? idempotencyHeaders(idempotencyKey) : {},
  );
}
