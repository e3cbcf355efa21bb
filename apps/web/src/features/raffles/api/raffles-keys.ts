/**
 * TanStack Query keys of the raffles, under ['member'] (logging in or out forgets them, so one player's
 * tickets never show to the next). A claim invalidates `all`.
 */
export const RAFFLES_KEYS = {
  all: ['member', 'raffles'] as const,
  mine: ['member', 'raffles', 'mine'] as const,
  draws: (page: number) => ['member', 'raffles', 'draws', page] as const,
};

/** The header's balance (features/wallet WALLET_KEYS.balance) and the wallet's other cached views. */
export const WALLET_KEY = ['wallet'] as const;
