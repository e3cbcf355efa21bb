import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAgentCentre } from '../../features/agent-centre/state/agent-centre-store.ts';
import { useSessionStore } from '../../lib/session/session-store.ts';
import { makeMember } from '../../test/fixtures.ts';
import { resetLanguage } from '../../test/render-app.tsx';
import { renderUi, stubFetch } from '../../test/render-ui.tsx';
import { AgentOffersSlot } from './agent-offers-slot.tsx';

const NONE = {
  dailysalreqtype: 0,
  divtypereq: 0,
  contracthoursalreq: 0,
  realtimesalreqtype: 0,
  applies: { dividend: true, daily_salary: true, hourly_salary: false, realtime_salary: true },
};

function calls(fetchStub: ReturnType<typeof stubFetch>, path: string): number {
  const all = fetchStub.mock.calls as unknown as [RequestInfo | URL][];
  return all.filter(([input]) => new URL(String(input), 'http://x').pathname === path).length;
}

describe('agent offer prompts (header and home)', () => {
  beforeEach(async () => {
    await resetLanguage();
    useSessionStore.getState().signIn('token-1');
    useAgentCentre.setState({ opened: false, section: 'announcement' });
  });
  afterEach(() => {
    useSessionStore.setState({ token: null });
    useAgentCentre.setState({ opened: false });
    vi.unstubAllGlobals();
  });

  it('tells an agent on home which offers wait and opens the entry to answer them', async () => {
    stubFetch({
      '/wps/member/info': makeMember({ type: 1, isAgent: true }),
      '/wps/agent/consolidated': { ...NONE, dailysalreqtype: 1, realtimesalreqtype: 2 },
    });
    renderUi(<AgentOffersSlot variant="home" />);
    const prompt = await screen.findByTestId('agent-offer-prompt-home');
    expect(prompt.getAttribute('role')).toBe('status');
    expect(prompt.textContent).toContain('3 contract offers are waiting for your answer');
    expect(prompt.textContent).toContain('Daily wages: 1 offer from your upline');
    expect(prompt.textContent).toContain('Real-time salary: 2 offers from your upline');
    await userEvent.click(
      within(prompt).getByRole('button', { name: 'View and answer the offer in Real-time salary' }),
    );
    expect(useAgentCentre.getState()).toMatchObject({ opened: true, section: 'realTimeSalary' });
  });

  it('puts one small button in the header that opens the first kind waiting', async () => {
    stubFetch({
      '/wps/member/info': makeMember({ type: 1, isAgent: true }),
      '/wps/agent/consolidated': { ...NONE, divtypereq: 1 },
    });
    renderUi(<AgentOffersSlot variant="header" />);
    const button = await screen.findByRole('button', {
      name: '1 contract offer waits for your answer. Open the agent centre',
    });
    expect(button.textContent).toBe('1 offer');
    await userEvent.click(button);
    expect(useAgentCentre.getState()).toMatchObject({ opened: true, section: 'dividend' });
  });

  it('shows nothing while no offer waits', async () => {
    const fetchStub = stubFetch({
      '/wps/member/info': makeMember({ type: 1, isAgent: true }),
      '/wps/agent/consolidated': NONE,
    });
    renderUi(<AgentOffersSlot variant="home" />);
    await waitFor(() => expect(calls(fetchStub, '/wps/agent/consolidated')).toBe(1));
    expect(screen.queryByTestId('agent-offer-prompt-home')).toBeNull();
  });

  it('never asks for a player', async () => {
    const fetchStub = stubFetch({ '/wps/member/info': makeMember({ type: 0, isAgent: false }) });
    renderUi(<AgentOffersSlot variant="header" />);
    await waitFor(() => expect(calls(fetchStub, '/wps/member/info')).toBe(1));
    expect(calls(fetchStub, '/wps/agent/consolidated')).toBe(0);
    expect(screen.queryByTestId('agent-offer-prompt-header')).toBeNull();
  });
});
