import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useAuthModal } from '../../lib/session/auth-modal-store.ts';
import { useSessionStore } from '../../lib/session/session-store.ts';
import { makePermission } from '../../test/fixtures.ts';
import { findLayout, renderApp, resetLanguage } from '../../test/render-app.tsx';

const GIFT = { resourceType: 'REGISTER_POPUP', url: '/promotions', qrCodeUrl: null, labelNameEn: 'Gift' };

describe('site chrome composed by the layout', () => {
  beforeEach(async () => {
    await resetLanguage();
  });
  afterEach(() => useSessionStore.setState({ token: null }));

  it("opens the login pop-up for a visitor's share", async () => {
    const { router } = renderApp('/noticePage');
    await findLayout();
    // The side menu loads beside the page (site-layout.tsx).
    await userEvent.click(await screen.findByRole('button', { name: 'Share' }));
    await waitFor(() => expect(useAuthModal.getState().modal).toEqual({ kind: 'login' }));
    expect(router.state.location.pathname).toBe('/noticePage');
    useAuthModal.setState({ modal: null });
  });

  it('greets a visitor on home with the gift pop-up, once', async () => {
    const permission = makePermission({ announcementTypes: ['B', 'PU'] }, { resources: [GIFT] });
    const first = renderApp('/', { permission });
    await findLayout();
    // The pop-up announcements come first; without any (the stub serves none), the gift follows.
    expect(await screen.findByTestId('gift-popup')).toBeTruthy();
    first.unmount();

    renderApp('/', { permission });
    await findLayout();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByTestId('gift-popup')).toBeNull();
  });

  it("greets a member with the member's gift, tracked apart from the visitor's", async () => {
    window.localStorage.setItem('giftSeen:visitor', '1');
    useSessionStore.getState().signIn('token-1');
    renderApp('/', { permission: makePermission({}, { resources: [GIFT] }) });
    await findLayout();
    const gift = await screen.findByTestId('gift-popup');
    expect(gift.textContent).toContain('Your welcome gift is ready.');
    expect(window.localStorage.getItem('giftSeen:member')).toBe('1');
  });

  it('keeps the greeting pop-ups to the home page', async () => {
    renderApp('/noticePage', { permission: makePermission({}, { resources: [GIFT] }) });
    await findLayout();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByTestId('gift-popup')).toBeNull();
    expect(window.localStorage.getItem('giftSeen:visitor')).toBeNull();
  });
});
