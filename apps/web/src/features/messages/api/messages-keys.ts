/**
 * TanStack Query keys of the messages feature, under ['member'] (logging in or out forgets them, so one
 * player's messages never show to the next). Every change invalidates `all`: the list and both counts.
 */
export const MESSAGES_KEYS = {
  all: ['member', 'messages'] as const,
  page: (page: number, pageSize: number) => ['member', 'messages', 'page', page, pageSize] as const,
  unreadCount: ['member', 'messages', 'unreadCount'] as const,
};
