import type { AgentConsolidated } from '@lotus/shared/agent-contracts.schema';
import { describe, expect, it } from 'vitest';
import { AGENT_SECTIONS, visibleSections, waitingOffers } from './agent-centre-store.ts';

const consolidated = (overrides: Partial<AgentConsolidated> = {}): AgentConsolidated => ({
  dailysalreqtype: 0,
  divtypereq: 0,
  contracthoursalreq: 0,
  realtimesalreqtype: 0,
  applies: { dividend: false, daily_salary: false, hourly_salary: false, realtime_salary: false },
  ...overrides,
});

describe('agent centre menu', () => {
  it('lists the twelve SPEC §2 entries in order', () => {
    expect(AGENT_SECTIONS).toHaveLength(12);
  });

  it('shows a contract entry only when its kind applies', () => {
    const base = [
      'announcement',
      'teamOverview',
      'registerDownline',
      'downlines',
      'teamBetting',
      'lossStatements',
      'income',
      'transfers',
    ];
    expect(visibleSections(null)).toEqual(base);
    expect(visibleSections(consolidated().applies)).toEqual(base);
    expect(
      visibleSections({ dividend: false, daily_salary: true, hourly_salary: false, realtime_salary: true }),
    ).toEqual([...base, 'dailySalary', 'realTimeSalary']);
  });

  it('maps each consolidated field to its entry', () => {
    expect(waitingOffers(undefined)).toEqual([]);
    expect(waitingOffers(consolidated())).toEqual([]);
    expect(
      waitingOffers(
        consolidated({ dailysalreqtype: 1, divtypereq: 2, contracthoursalreq: 0, realtimesalreqtype: 1 }),
      ),
    ).toEqual([
      { section: 'dividend', count: 2 },
      { section: 'dailySalary', count: 1 },
      { section: 'realTimeSalary', count: 1 },
    ]);
  });
});
