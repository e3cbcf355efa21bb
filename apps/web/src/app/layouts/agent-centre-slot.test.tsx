import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useAgentCentre } from '../../features/agent-centre/state/agent-centre-store.ts';
import { useSessionStore } from '../../lib/session/session-store.ts';
import { makeMember, makePermission } from '../../test/fixtures.ts';
import { resetLanguage } from '../../test/render-app.tsx';
import { type FetchRoute, renderUi, stubFetch } from '../../test/render-ui.tsx';
import { AgentCentreSlot } from './agent-centre-slot.tsx';

const ANNOUNCEMENT = {
  id: 'a1',
  title: 'Agent rates updated',
  content: '<p>New rates from Monday.</p>',
  timestamp: '2026-11-20T10:00:00.000Z',
};

function serve(info: object, extra: Record<string, FetchRoute | object> = {}) {
  return stubFetch({
    '/wps/member/info': info,
    '/wps/relay/MCSFE_getListAnnouncements': {
      banners: [],
      player: [ANNOUNCEMENT],
      popup: [],
      promotion: [],
      home: [],
    },
    ...extra,
  });
}

const renderSlot = () =>
  renderUi(<AgentCentreSlot permission={makePermission({ announcementTypes: ['PL'] })} />);

describe('agent centre slot (app composition)', () => {
  beforeEach(async () => {
    await resetLanguage();
    useSessionStore.getState().signIn('token-1');
    useAgentCentre.setState({ opened: false, section: 'announcement' });
  });
  afterEach(() => {
    useSessionStore.setState({ token: null });
    useAgentCentre.setState({ opened: false });
  });

  it('renders nothing until opened, then the announcements composed from their feature', async () => {
    serve(makeMember({ type: 1, isAgent: true }));
    renderSlot();
    expect(screen.queryByRole('dialog')).toBeNull();
    useAgentCentre.getState().open();
    const dialog = await screen.findByRole('dialog', { name: 'Agent centre' });
    expect((await within(dialog).findByTestId('agent-announcement')).textContent).toContain(
      'Agent rates updated',
    );
    await userEvent.click(within(dialog).getByTestId('modal-close'));
    expect(useAgentCentre.getState().opened).toBe(false);
  });

  it('opens on the entry it is asked for and switches entries', async () => {
    serve(makeMember({ type: 42, isAgent: true }), {
      '/wps/agent/downlines': { list: [], page: 1, pageSize: 10, total: 0, totalPages: 0 },
    });
    renderSlot();
    useAgentCentre.getState().open('downlines');
    expect(await screen.findByTestId('agent-downlines-empty')).toBeTruthy();
    await userEvent.click(screen.getByTestId('agent-menu-announcement'));
    expect(useAgentCentre.getState().section).toBe('announcement');
  });

  it('shows an empty announcement list honestly', async () => {
    serve(makeMember({ type: 2, isAgent: true }), {
      '/wps/relay/MCSFE_getListAnnouncements': {
        banners: [],
        player: [],
        popup: [],
        promotion: [],
        home: [],
      },
    });
    renderSlot();
    useAgentCentre.getState().open();
    expect(await screen.findByTestId('agent-announcements-empty')).toBeTruthy();
  });

  it('closes itself for a member who is not an agent', async () => {
    serve(makeMember({ type: 0, isAgent: false }));
    renderSlot();
    useAgentCentre.getState().open();
    await waitFor(() => expect(useAgentCentre.getState().opened).toBe(false));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
