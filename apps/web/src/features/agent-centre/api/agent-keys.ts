/** TanStack Query keys of the agent centre; everything hangs under ['member'] so a sign-out forgets it. */
export const AGENT_KEYS = {
  all: ['member', 'agent'] as const,
  overview: ['member', 'agent', 'overview'] as const,
  downlines: (page: number, pageSize: number, username: string) =>
    ['member', 'agent', 'downlines', page, pageSize, username] as const,
  transfers: (page: number, from: string, to: string) =>
    ['member', 'agent', 'transfers', page, from, to] as const,
};
