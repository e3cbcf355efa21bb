import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetLanguage } from '../../../test/render-app.tsx';
import { renderUi } from '../../../test/render-ui.tsx';
import { resetStudioSessions } from '../hooks/use-studio-session.ts';
import { fakeStudio, preferReducedMotion } from '../test-support/fake-studio.ts';
import { OriginalsPlayPage } from './play-page.tsx';

const LAUNCH = 'launch-token-free-0123456789abcdef';

describe('slot screen with a free-round grant (issue 19)', () => {
  beforeAll(() => preferReducedMotion());
  beforeEach(async () => {
    resetStudioSessions();
    await resetLanguage();
  });

  it('plays the grant without a stake choice, shows "Free round k of N", then goes back to normal play', async () => {
    const studio = fakeStudio({
      gameCode: 'lotus-fortune',
      balanceMinor: '0',
      freeRounds: { grantId: '7', total: 2, stakeMinor: '1000' },
    });
    renderUi(<OriginalsPlayPage />, {
      path: `/originals/play?token=${LAUNCH}&game=lotus-fortune&lang=EN&freeRound=7`,
    });
    await screen.findByTestId('originals-screen');
    const counter = screen.getByTestId('free-round-counter');
    expect(counter.textContent).toBe('Free rounds: the stake is set by the promotion');
    expect(screen.queryByTestId('slot-bet')).toBeNull();

    // A zero balance does not stop a free round.
    fireEvent.click(screen.getByTestId('spin'));
    await waitFor(() => expect(studio.plays()).toHaveLength(1));
    expect(studio.plays()[0]?.body).toMatchObject({ freeRoundGrantId: '7' });
    await waitFor(() =>
      expect(screen.getByTestId('free-round-counter').textContent).toBe('Free round 1 of 2'),
    );
    await waitFor(() => expect((screen.getByTestId('spin') as HTMLButtonElement).disabled).toBe(false));

    fireEvent.click(screen.getByTestId('spin'));
    await waitFor(() => expect(studio.plays()).toHaveLength(2));
    await waitFor(() =>
      expect(screen.getByTestId('free-round-counter').textContent).toBe('Free rounds done (2 of 2)'),
    );
    // The grant is used up: the stake choice is back.
    expect(await screen.findByTestId('slot-bet')).toBeTruthy();
  });
});
