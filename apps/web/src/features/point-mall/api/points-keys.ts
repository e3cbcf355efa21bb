/**
 * TanStack Query keys of the points mall. The member's own data sits under ['member'] (logging in or out
 * forgets it, so one player's points never show to the next); the rewards and the config are the brand's.
 * A redemption or conversion invalidates `member` and `rewards` (the stock moved).
 */
export const POINTS_KEYS = {
  member: ['member', 'points'] as const,
  balance: ['member', 'points', 'balance'] as const,
  history: (page: number) => ['member', 'points', 'history', page] as const,
  rewards: (language: string) => ['points', 'rewards', language] as const,
  allRewards: ['points', 'rewards'] as const,
  config: ['points', 'config'] as const,
};

/** The header's balance and the wallet's other views (features/wallet WALLET_KEYS): a cash leg changes them. */
export const WALLET_KEY = ['wallet'] as const;
