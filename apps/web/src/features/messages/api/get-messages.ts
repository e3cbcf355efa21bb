import type { MessagePage, PlatformMessage } from '@lotus/shared/messages.schema';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { useSessionStore } from '../../../lib/session/session-store.ts';
import { MESSAGES_KEYS } from './messages-keys.ts';

export type { MessagePage, PlatformMessage };

/** GET /wps/member/messages (docs/api.md "Messages"): newest first; typed, not zod-parsed (lib/api-client.ts). */
export function getMessages(page: number, pageSize: number, signal?: AbortSignal): Promise<MessagePage> {
  const params = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  return apiGet<MessagePage>(`/wps/member/messages?${params}`, signal ? { signal } : {});
}

/** One page of the member's messages; the previous page stays on screen while the next loads. */
export function useMessages(page: number, pageSize: number) {
  const hasSession = useSessionStore((state) => state.token !== null);
  return useQuery({
    queryKey: MESSAGES_KEYS.page(page, pageSize),
    queryFn: ({ signal }) => getMessages(page, pageSize, signal),
    enabled: hasSession,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
