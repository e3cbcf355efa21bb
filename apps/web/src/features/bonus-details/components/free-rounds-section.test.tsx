import type { FreeRoundGrant } from '@lotus/shared/free-rounds.schema';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '../../../lib/session/session-store.ts';
import { resetLanguage } from '../../../test/render-app.tsx';
import { renderUi, stubFetch } from '../../../test/render-ui.tsx';
import { BonusDetailsPage } from './bonus-details-page.tsx';

const ACTIVE: FreeRoundGrant = {
  id: '7',
  promotionId: '3',
  promotionTitle: '10 free spins on Lotus Fortune',
  gameCode: 'lotus-fortune',
  nodeId: '42',
  stakeMinor: '1000',
  stake: '10.00',
  currency: 'INR',
  roundsTotal: 10,
  roundsLeft: 6,
  status: 'active',
  wonMinor: '2500',
  won: '25.00',
  issuedAt: '2026-11-27T10:00:00.000Z',
};
const USED: FreeRoundGrant = { ...ACTIVE, id: '8', roundsLeft: 0, status: 'used' };
const NO_BONUSES = { list: [], lockedMinor: '0', locked: '0.00' };

describe('bonus details: free rounds', () => {
  beforeEach(async () => {
    await resetLanguage();
    useSessionStore.setState({ token: 'token-1' });
  });
  afterEach(() => useSessionStore.setState({ token: null }));

  it('shows each grant with the rounds left and a Play link that opens the studio game with it', async () => {
    stubFetch({ '/wps/member/bonuses': NO_BONUSES, '/wps/member/free-rounds': { list: [ACTIVE, USED] } });
    renderUi(<BonusDetailsPage currencySymbol="₹" />);
    const item = await screen.findByTestId('free-round-7');
    expect(within(item).getByTestId('free-round-7-left').textContent).toBe('6 of 10 rounds left');
    expect(item.textContent).toContain('Lotus Fortune at ₹10.00 a round');
    expect(item.textContent).toContain('₹25.00');
    const play = within(item).getByTestId('free-round-7-play');
    const href = new URL(play.getAttribute('href') ?? '', 'http://localhost');
    expect(href.pathname).toBe('/game');
    expect(href.searchParams.get('nodeId')).toBe('42');
    expect(href.searchParams.get('freeRound')).toBe('7');
    const used = screen.getByTestId('free-round-8');
    expect(used.dataset.status).toBe('used');
    expect(within(used).queryByTestId('free-round-8-play')).toBeNull();
    // The bonuses' own empty state is still there.
    expect(await screen.findByTestId('bonuses-empty')).toBeTruthy();
  });

  it('shows nothing without grants, and an error state when they cannot be loaded', async () => {
    stubFetch({ '/wps/member/bonuses': NO_BONUSES, '/wps/member/free-rounds': { list: [] } });
    const { unmount } = renderUi(<BonusDetailsPage currencySymbol="₹" />);
    await screen.findByTestId('bonuses-empty');
    expect(screen.queryByTestId('free-rounds')).toBeNull();
    unmount();
    stubFetch({ '/wps/member/bonuses': NO_BONUSES });
    renderUi(<BonusDetailsPage currencySymbol="₹" />);
    expect(await screen.findByTestId('free-rounds-error')).toBeTruthy();
  });
});
