import { lazy, Suspense } from 'react';
import { useAgentConsolidated } from '../../features/agent-centre/api/get-agent-consolidated.ts';
import { openAgentCentre, waitingOffers } from '../../features/agent-centre/state/agent-centre-store.ts';
import { loadNamespaces } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session/use-session.ts';

// The prompt and its texts (a member-only namespace) load only when an offer waits.
const AgentOfferPrompt = lazy(() =>
  Promise.all([
    import('../../features/agent-centre/components/agent-offer-prompt.tsx'),
    loadNamespaces(['agents']),
  ]).then(([m]) => ({ default: m.AgentOfferPrompt })),
);

/**
 * The header's and home's prompt that a contract offer waits for the agent (SPEC §3 consolidated fields,
 * issue 18), leading to the agent centre entry where it is answered. Agents only: anyone else never asks.
 */
export function AgentOffersSlot({ variant }: { variant: 'header' | 'home' }) {
  const { status, isAgent } = useSession();
  const consolidated = useAgentConsolidated(status === 'member' && isAgent);
  const offers = waitingOffers(consolidated.data);
  if (status !== 'member' || !isAgent || offers.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <AgentOfferPrompt offers={offers} variant={variant} onOpen={openAgentCentre} />
    </Suspense>
  );
}
