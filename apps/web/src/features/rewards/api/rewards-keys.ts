import type { RewardStatus } from '@lotus/shared/rewards.schema';

/**
 * TanStack Query keys of the reward centre, under ['member'] (logging in or out forgets them, so one
 * player's rewards never show to the next). A claim invalidates `all`.
 */
export const REWARDS_KEYS = {
  all: ['member', 'rewards'] as const,
  page: (status: RewardStatus, page: number) => ['member', 'rewards', status, page] as const,
};

/**
 * The header's "unclaimed promotions plus unread messages" count (SPEC §2, `CSP_unreadCount`): a claim
 * changes it. The messages feature owns that query; its key is repeated here because features do not
 * import each other (features/messages/api/messages-keys.ts `MESSAGES_KEYS.unreadCount`).
 */
export const UNREAD_COUNT_KEY = ['member', 'messages', 'unreadCount'] as const;

/** The header's balance (features/wallet WALLET_KEYS.balance) and the wallet's other cached views. */
export const WALLET_KEY = ['wallet'] as const;
