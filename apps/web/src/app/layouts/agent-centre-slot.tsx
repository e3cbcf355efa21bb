import type { Permission } from '@lotus/shared/system.schema';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useAgentCentre } from '../../features/agent-centre/state/agent-centre-store.ts';
import { loadNamespaces } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session/use-session.ts';
import { AgentAnnouncements } from './agent-announcements.tsx';

// Its texts are a member-only namespace (lib/i18n.ts MEMBER_NAMESPACES): loaded with the code.
const AgentCentreModal = lazy(() =>
  Promise.all([
    import('../../features/agent-centre/components/agent-centre-modal.tsx'),
    loadNamespaces(['agents']),
  ]).then(([m]) => ({ default: m.AgentCentreModal })),
);

/**
 * Mounts the agent centre once for the whole site; the header strip and the side bar's Share open it
 * through its store. Its code loads on the first opening only (the header is in every first bundle), and
 * it closes itself when the session ends or the member turns out not to be an agent.
 */
export function AgentCentreSlot({ permission }: { permission: Permission }) {
  const { opened, section, select, close } = useAgentCentre();
  const { status, isAgent } = useSession();
  const [used, setUsed] = useState(false);
  if (opened && !used) setUsed(true);
  const allowed = status === 'member' && isAgent;

  useEffect(() => {
    if (opened && status !== 'loading' && !allowed) close();
  }, [opened, status, allowed, close]);

  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <AgentCentreModal
        opened={opened && allowed}
        section={section}
        onSection={select}
        onClose={close}
        announcement={<AgentAnnouncements permission={permission} />}
        currencySymbol={permission.site.currencySymbol}
      />
    </Suspense>
  );
}
