import type { Resource } from '@lotus/shared/system.schema';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetLanguage } from '../../../test/render-app.tsx';
import { renderUi } from '../../../test/render-ui.tsx';
import { GiftPopup } from './gift-popup.tsx';

const GIFT: Resource = {
  resourceType: 'REGISTER_POPUP',
  url: '/promotions',
  qrCodeUrl: null,
  labelNameEn: 'Welcome gift',
};
const TELEGRAM: Resource = {
  resourceType: 'TELEGRAM',
  url: 'https://t.example',
  qrCodeUrl: null,
  labelNameEn: null,
};

/** The gift waits for another pop-up, whose closing the button stands for. */
function WaitingHarness() {
  const [enabled, setEnabled] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setEnabled(true)}>
        other pop-up closed
      </button>
      <GiftPopup resources={[GIFT]} loggedIn={false} enabled={enabled} />
    </>
  );
}

describe('GiftPopup', () => {
  beforeEach(async () => {
    await resetLanguage();
  });

  it('shows nothing when the brand has no register pop-up resource', async () => {
    renderUi(<GiftPopup resources={[TELEGRAM]} loggedIn={false} enabled />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByTestId('gift-popup')).toBeNull();
    expect(window.localStorage.getItem('giftSeen:visitor')).toBeNull();
  });

  it('shows once to a visitor, then never again in that state', async () => {
    const first = renderUi(<GiftPopup resources={[TELEGRAM, GIFT]} loggedIn={false} enabled />);
    expect(await screen.findByTestId('gift-popup')).toBeTruthy();
    expect(window.localStorage.getItem('giftSeen:visitor')).toBe('1');
    first.unmount();

    renderUi(<GiftPopup resources={[GIFT]} loggedIn={false} enabled />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByTestId('gift-popup')).toBeNull();
  });

  it('tracks the logged-in state separately', async () => {
    window.localStorage.setItem('giftSeen:visitor', '1');
    renderUi(<GiftPopup resources={[GIFT]} loggedIn enabled />);
    expect(await screen.findByTestId('gift-popup')).toBeTruthy();
    expect(window.localStorage.getItem('giftSeen:member')).toBe('1');
  });

  it('waits while another pop-up has the stage', async () => {
    renderUi(<WaitingHarness />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByTestId('gift-popup')).toBeNull();
    expect(window.localStorage.getItem('giftSeen:visitor')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'other pop-up closed' }));
    expect(await screen.findByTestId('gift-popup')).toBeTruthy();
  });

  it('sends a visitor to registration', async () => {
    const { router } = renderUi(<GiftPopup resources={[GIFT]} loggedIn={false} enabled />);
    await userEvent.click(await screen.findByRole('button', { name: 'Register now' }));
    expect(router.state.location.pathname).toBe('/register');
    await waitFor(() => expect(screen.queryByTestId('gift-popup')).toBeNull());
  });

  it("sends a member to the resource's page, or opens another site in a new tab", async () => {
    const first = renderUi(<GiftPopup resources={[GIFT]} loggedIn enabled />);
    await userEvent.click(await screen.findByRole('button', { name: 'See my gift' }));
    expect(first.router.state.location.pathname).toBe('/promotions');
    first.unmount();

    window.localStorage.clear();
    const open = vi.fn();
    vi.stubGlobal('open', open);
    renderUi(
      <GiftPopup resources={[{ ...GIFT, url: 'https://gift.lotus.example.com/' }]} loggedIn enabled />,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'See my gift' }));
    expect(open).toHaveBeenCalledWith('https://gift.lotus.example.com/', '_blank', 'noopener,noreferrer');
  });
});
