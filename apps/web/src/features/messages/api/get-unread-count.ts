import type { UnreadCounts } from '@lotus/shared/messages.schema';
import { useQuery } from '@tanstack/react-query';
import { apiSend } from '../../../lib/api-client.ts';
import { useSessionStore } from '../../../lib/session/session-store.ts';
import { MESSAGES_KEYS } from './messages-keys.ts';

export type { UnreadCounts };

/** How often the counts are asked again while a member is logged in (new messages arrive unannounced). */
export const UNREAD_REFETCH_MS = 60_000;

/** POST /wps/relay/CSP_unreadCount (SPEC §3, §5): unread messages and unclaimed rewards. */
export function getUnreadCount(signal?: AbortSignal): Promise<UnreadCounts> {
  return apiSend<UnreadCounts>('POST', '/wps/relay/CSP_unreadCount', undefined, signal ? { signal } : {});
}

/**
 * The menu counts, only with a session: asked again when the window regains focus and every 60 s. Reading,
 * reading all or deleting a message invalidates it (use-message-actions.ts).
 */
export function useUnreadCount() {
  const hasSession = useSessionStore((state) => state.token !== null);
  return useQuery({
    queryKey: MESSAGES_KEYS.unreadCount,
    queryFn: ({ signal }) => getUnreadCount(signal),
    enabled: hasSession,
    staleTime: 0,
    refetchOnWindowFocus: true,
    refetchInterval: hasSession ? UNREAD_REFETCH_MS : false,
  });
}
