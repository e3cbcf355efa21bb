import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { makePermission } from '../../test/fixtures.ts';
import { findLayout, renderApp, resetLanguage } from '../../test/render-app.tsx';

const GIFT = { resourceType: 'REGISTER_POPUP', url: '/promotions', qrCodeUrl: null, labelNameEn: 'Gift' };

describe('site chrome composed by the layout', () => {
  beforeEach(async () => {
    await resetLanguage();
  });

  it("sends a visitor's share to the login page", async () => {
    const { router } = renderApp('/noticePage');
    await findLayout();
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('greets a visitor on home with the gift pop-up, once', async () => {
    const permission = makePermission({ announcementTypes: ['B', 'PU'] }, { resources: [GIFT] });
    const first = renderApp('/', { permission });
    await findLayout();
    // The pop-up announcements come first; without any (the stub serves none), the gift follows.
    expect(await screen.findByTestId('gift-popup', {}, { timeout: 4000 })).toBeTruthy();
    first.unmount();

    renderApp('/', { permission });
    await findLayout();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByTestId('gift-popup')).toBeNull();
  });

  it('keeps the greeting pop-ups to the home page', async () => {
    renderApp('/noticePage', { permission: makePermission({}, { resources: [GIFT] }) });
    await findLayout();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByTestId('gift-popup')).toBeNull();
    expect(window.localStorage.getItem('giftSeen:visitor')).toBeNull();
  });
});
