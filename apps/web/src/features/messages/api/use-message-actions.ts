import type { MessageUnread } from '@lotus/shared/messages.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '../../../lib/api-client.ts';
import { MESSAGES_KEYS } from './messages-keys.ts';

/** POST /wps/member/messages/:id/read (idempotent). */
export function markMessageRead(id: string): Promise<MessageUnread> {
  return apiSend<MessageUnread>('POST', `/wps/member/messages/${encodeURIComponent(id)}/read`);
}

/** POST /wps/member/messages/read-all. */
export function markAllMessagesRead(): Promise<MessageUnread> {
  return apiSend<MessageUnread>('POST', '/wps/member/messages/read-all');
}

/** DELETE /wps/member/messages/:id: hides it for this member. */
export function deleteMessage(id: string): Promise<MessageUnread> {
  return apiSend<MessageUnread>('DELETE', `/wps/member/messages/${encodeURIComponent(id)}`);
}

/**
 * The three changes of the inbox. Each refreshes the list and the counts (header and menu badges) when it
 * settles, failed or not: a failure such as `message_not_found` means the list was out of date anyway.
 */
export function useMessageActions() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: MESSAGES_KEYS.all });
  return {
    read: useMutation({ mutationFn: markMessageRead, onSettled }),
    readAll: useMutation({ mutationFn: markAllMessagesRead, onSettled }),
    remove: useMutation({ mutationFn: deleteMessage, onSettled }),
  };
}
