import { create } from 'zustand';

/** The agent centre's menu (SPEC §2), in order. The contracts issue adds team betting, income and salaries. */
export const AGENT_SECTIONS = [
  'announcement',
  'teamOverview',
  'registerDownline',
  'downlines',
  'transfers',
] as const;
export type AgentSection = (typeof AGENT_SECTIONS)[number];

type AgentCentreState = {
  opened: boolean;
  section: AgentSection;
  open: (section?: AgentSection) => void;
  select: (section: AgentSection) => void;
  close: () => void;
};

/**
 * Whether the agent centre is open and on which entry: the header strip and the side bar's Share both open
 * it, and the app mounts it once (app/layouts/agent-centre-slot.tsx).
 */
export const useAgentCentre = create<AgentCentreState>((set) => ({
  opened: false,
  section: 'announcement',
  open: (section = 'announcement') => set({ opened: true, section }),
  select: (section) => set({ section }),
  close: () => set({ opened: false }),
}));

export function openAgentCentre(section?: AgentSection): void {
  useAgentCentre.getState().open(section);
}
