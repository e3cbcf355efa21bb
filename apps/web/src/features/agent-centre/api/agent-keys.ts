/** TanStack Query keys of the agent centre; everything hangs under ['member'] so a sign-out forgets it. */
export const AGENT_KEYS = {
  all: ['member', 'agent'] as const,
  overview: ['member', 'agent', 'overview'] as const,
  /** Offers waiting and the contract kinds that apply (the header's and home's prompts, the menu). */
  consolidated: ['member', 'agent', 'consolidated'] as const,
  /** One kind's contracts (GET of its relay path); every contract action refreshes `contracts`. */
  contracts: ['member', 'agent', 'contracts'] as const,
  contractsOf: (kind: string) => ['member', 'agent', 'contracts', kind] as const,
  settlements: (query: object) => ['member', 'agent', 'contracts', 'settlements', query] as const,
  downlines: (page: number, pageSize: number, username: string) =>
    ['member', 'agent', 'downlines', page, pageSize, username] as const,
  transfers: (page: number, from: string, to: string, type: string) =>
    ['member', 'agent', 'transfers', page, from, to, type] as const,
  /** The reports read money the settlement jobs pay: a contract change refreshes them with `reports`. */
  reports: ['member', 'agent', 'reports'] as const,
  teamBetting: (query: object) => ['member', 'agent', 'reports', 'teamBetting', query] as const,
  teamLoss: (query: object) => ['member', 'agent', 'reports', 'teamLoss', query] as const,
  income: (from: string, to: string) => ['member', 'agent', 'reports', 'income', from, to] as const,
};
