/**
 * TanStack Query keys of missions, under ['member'] (logging in or out forgets them). A claim invalidates
 * `all`, the reward centre (its reward arrives there) and the menu counts.
 */
export const MISSIONS_KEYS = {
  all: ['member', 'missions'] as const,
  summary: (language: string) => ['member', 'missions', 'summary', language] as const,
  leaderboard: ['member', 'missions', 'leaderboard'] as const,
};

/**
 * Keys other features own, repeated because features do not import each other: the menu counts
 * (features/messages MESSAGES_KEYS.unreadCount) and the reward centre (features/rewards REWARDS_KEYS.all).
 */
export const UNREAD_COUNT_KEY = ['member', 'messages', 'unreadCount'] as const;
export const REWARDS_KEY = ['member', 'rewards'] as const;
