import type { AgentConsolidated, ContractKind } from '@lotus/shared/agent-contracts.schema';
import { create } from 'zustand';

/** The agent centre's menu (SPEC §2), in the spec's order: all twelve entries. */
export const AGENT_SECTIONS = [
  'announcement',
  'teamOverview',
  'registerDownline',
  'downlines',
  'teamBetting',
  'lossStatements',
  'income',
  'transfers',
  'dividend',
  'dailySalary',
  'hourlySalary',
  'realTimeSalary',
] as const;
export type AgentSection = (typeof AGENT_SECTIONS)[number];

/** The four contract entries, each one contract kind (SPEC §2 "dividend record", "daily wages", …). */
export const CONTRACT_SECTIONS = ['dividend', 'dailySalary', 'hourlySalary', 'realTimeSalary'] as const;
export type ContractSection = (typeof CONTRACT_SECTIONS)[number];

/** The contract kind (agent-contracts.schema.ts ContractKind) each contract entry shows. */
export const SECTION_KIND = {
  dividend: 'dividend',
  dailySalary: 'daily_salary',
  hourlySalary: 'hourly_salary',
  realTimeSalary: 'realtime_salary',
} as const satisfies Record<ContractSection, ContractKind>;

/**
 * SPEC §3 "Consolidated": the field that counts the offers of each kind waiting for the agent, and the entry
 * an offer of that kind opens.
 */
export const OFFER_FIELDS = [
  { field: 'divtypereq', section: 'dividend' },
  { field: 'dailysalreqtype', section: 'dailySalary' },
  { field: 'contracthoursalreq', section: 'hourlySalary' },
  { field: 'realtimesalreqtype', section: 'realTimeSalary' },
] as const satisfies readonly { field: keyof AgentConsolidated; section: ContractSection }[];

export function isContractSection(section: AgentSection): section is ContractSection {
  return (CONTRACT_SECTIONS as readonly string[]).includes(section);
}

/**
 * The entries shown (SPEC §2): the eight every agent has, and each contract entry only when its kind
 * applies to the agent (the server says so: the brand offers it and the agent holds, held or is offered such
 * a contract). While that is unknown (null), no contract entry shows: none appears only to vanish.
 */
export function visibleSections(applies: AgentConsolidated['applies'] | null): AgentSection[] {
  return AGENT_SECTIONS.filter(
    (section) => !isContractSection(section) || applies?.[SECTION_KIND[section]] === true,
  );
}

/** The offers waiting, with the entry each opens, in menu order (none when the counts are unknown). */
export function waitingOffers(
  consolidated: AgentConsolidated | undefined,
): { section: ContractSection; count: number }[] {
  if (!consolidated) return [];
  return OFFER_FIELDS.map(({ field, section }) => ({ section, count: consolidated[field] })).filter(
    ({ count }) => count > 0,
  );
}

type AgentCentreState = {
  opened: boolean;
  section: AgentSection;
  open: (section?: AgentSection) => void;
  select: (section: AgentSection) => void;
  close: () => void;
};

/**
 * Whether the agent centre is open and on which entry: the header strip, the offer prompts and the side
 * bar's Share open it, and the app mounts it once (app/layouts/agent-centre-slot.tsx).
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
