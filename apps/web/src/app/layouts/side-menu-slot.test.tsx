import type { MemberInfo } from '@lotus/shared/auth.schema';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAgentCentre } from '../../features/agent-centre/state/agent-centre-store.ts';
import { useAuthModal } from '../../lib/session/auth-modal-store.ts';
import { useSessionStore } from '../../lib/session/session-store.ts';
import { makeMember, makePermission } from '../../test/fixtures.ts';
import { resetLanguage } from '../../test/render-app.tsx';
import { renderUi, stubFetch } from '../../test/render-ui.tsx';
import { SideMenuSlot } from './side-menu-slot.tsx';

// Opening the chat (fetch, unseal, pop-up) has its own tests; here only which line the bar asks for.
const openLine = vi.fn();
vi.mock('../../features/customer-service/hooks/use-open-customer-service.ts', () => ({
  useOpenCustomerService: () => ({ open: openLine, state: { status: 'idle' }, dismiss: vi.fn() }),
}));

const member = (overrides: Partial<MemberInfo> = {}) =>
  makeMember({ clubLabel: { labelName: null, rankLevel: 2 }, ...overrides });

function renderSlot(info: MemberInfo | null, options: { referral?: boolean } = {}) {
  if (info) {
    useSessionStore.getState().signIn('token-1');
    stubFetch({ '/wps/member/info': info });
  } else {
    stubFetch({});
  }
  const whitelabel = options.referral
    ? [{ modId: 'REFERRAL3', enabled: '1' as const, childrenNodes: [] }]
    : [];
  return renderUi(<SideMenuSlot permission={makePermission({}, { whitelabel })} />, { path: '/noticePage' });
}

/** Clicks customer service once member info (if any) has arrived, and returns the line asked for. */
async function customerServiceLine(expected: string) {
  await userEvent.click(screen.getByTestId('side-customer-service'));
  await waitFor(() => expect(openLine).toHaveBeenLastCalledWith(expected));
}

describe('side menu wired to the session (SPEC §2, §6)', () => {
  beforeEach(async () => {
    await resetLanguage();
    openLine.mockReset();
    useSessionStore.setState({ token: null });
    useAuthModal.setState({ modal: null });
  });
  afterEach(() => {
    useSessionStore.setState({ token: null });
    useAuthModal.setState({ modal: null });
  });

  it('gives a visitor live chat, and the login pop-up for share', async () => {
    const view = renderSlot(null);
    await customerServiceLine('liveChat');
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    expect(useAuthModal.getState().modal).toEqual({ kind: 'login' });
    expect(view.router.state.location.pathname).toBe('/noticePage');
  });

  it('gives a member above rank 4 the VIP line, rank 4 live chat', async () => {
    const vip = renderSlot(member({ clubLabel: { labelName: 'Gold', rankLevel: 5 } }));
    await waitFor(() => expect(vip.queryClient.getQueryData(['member', 'info'])).toBeTruthy());
    await customerServiceLine('vip');
    vip.unmount();

    const four = renderSlot(member({ clubLabel: { labelName: 'Silver', rankLevel: 4 } }));
    await waitFor(() => expect(four.queryClient.getQueryData(['member', 'info'])).toBeTruthy());
    await customerServiceLine('liveChat');
  });

  it("opens the agent centre on register downline account for an agent's share", async () => {
    const view = renderSlot(member({ type: 41, isAgent: true }));
    await waitFor(() => expect(view.queryClient.getQueryData(['member', 'info'])).toBeTruthy());
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    expect(useAgentCentre.getState()).toMatchObject({ opened: true, section: 'registerDownline' });
    expect(view.router.state.location.pathname).toBe('/noticePage');
    useAgentCentre.setState({ opened: false });
  });

  it('tells a player without the referral promotion that it is coming', async () => {
    const view = renderSlot(member());
    await waitFor(() => expect(view.queryClient.getQueryData(['member', 'info'])).toBeTruthy());
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    expect((await screen.findByTestId('side-menu-message')).textContent).toContain(
      'This activity is coming soon.',
    );
    expect(useAuthModal.getState().modal).toBeNull();
  });

  it('opens the member referral page when the brand runs referral (REFERRAL3, issue 19)', async () => {
    const view = renderSlot(member(), { referral: true });
    await waitFor(() => expect(view.queryClient.getQueryData(['member', 'info'])).toBeTruthy());
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/member/referral'));
    expect(screen.queryByTestId('side-menu-message')).toBeNull();
  });
});
