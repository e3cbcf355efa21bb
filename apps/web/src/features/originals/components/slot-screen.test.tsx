import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetLanguage } from '../../../test/render-app.tsx';
import { renderUi } from '../../../test/render-ui.tsx';
import { resetStudioSessions } from '../hooks/use-studio-session.ts';
import { fakeStudio, preferReducedMotion } from '../test-support/fake-studio.ts';
import { OriginalsPlayPage } from './play-page.tsx';
import { MIN_SPIN_MS } from './slot-reels.tsx';

const LAUNCH = 'launch-token-slotlook-0123456789abcdef';

describe('slot screen timing (issue 22)', () => {
  const original = window.matchMedia;
  beforeAll(() => preferReducedMotion());
  afterAll(() => {
    window.matchMedia = original;
  });
  beforeEach(async () => {
    resetStudioSessions();
    await resetLanguage();
  });

  it('shows a spin no sooner than 2.5 s after the click, even with reduced motion and an instant answer', async () => {
    fakeStudio({ gameCode: 'monsoon-gems' });
    renderUi(<OriginalsPlayPage />, { path: `/originals/play?token=${LAUNCH}&game=monsoon-gems&lang=EN` });
    await screen.findByTestId('originals-screen');
    expect(screen.getByTestId('slot-sound').getAttribute('aria-pressed')).toBe('false');
    const clickedAt = Date.now();
    fireEvent.click(screen.getByTestId('spin'));
    await waitFor(() => expect(screen.getByTestId('slot-reels').getAttribute('data-spinning')).toBe('true'));
    await waitFor(() => expect(screen.getByTestId('slot-reels').getAttribute('data-spinning')).toBeNull());
    expect(Date.now() - clickedAt).toBeGreaterThanOrEqual(MIN_SPIN_MS - 5);
    await waitFor(() => expect((screen.getByTestId('spin') as HTMLButtonElement).disabled).toBe(false));
  });

  it('opens the paytable over the game: symbol art, the five paylines, free spins and the RTP', async () => {
    fakeStudio({ gameCode: 'monsoon-gems' });
    renderUi(<OriginalsPlayPage />, { path: `/originals/play?token=${LAUNCH}&game=monsoon-gems&lang=EN` });
    await screen.findByTestId('originals-screen');
    fireEvent.click(screen.getByTestId('slot-paytable-open'));
    const dialog = await screen.findByRole('dialog', { name: 'Paytable' });
    const paytable = within(dialog).getByTestId('paytable');
    expect(within(paytable).getAllByTestId('payline')).toHaveLength(5);
    // In the table the name is the text beside the drawing (the drawing is not read out twice).
    expect(paytable.querySelector('[data-art="ruby"]')).not.toBeNull();
    expect(paytable.textContent).toContain('Ruby');
    expect(within(paytable).getByRole('img', { name: 'Scatter' })).toBeTruthy();
    expect(paytable.textContent).toContain('96.16%');
    expect(paytable.textContent).toContain('5 free spins');
  });
});
