import type { RewardList, RewardView } from '@lotus/shared/rewards.schema';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatDateTime } from '../../../lib/date-time.ts';
import { useSessionStore } from '../../../lib/session/session-store.ts';
import { resetLanguage } from '../../../test/render-app.tsx';
import { renderUi, stubFetch } from '../../../test/render-ui.tsx';
import { RewardCenterPage } from './reward-center-page.tsx';

const WELCOME: RewardView = {
  id: '7',
  title: 'Welcome reward',
  titleEn: 'Welcome reward',
  titleHi: 'स्वागत इनाम',
  amountMinor: '10000',
  amount: '100.00',
  currency: 'INR',
  grantedAt: '2026-11-20T10:15:30.000Z',
  expiresAt: '2026-12-20T10:15:30.000Z',
  claimedAt: null,
  status: 'unclaimed',
};
const CLAIMED: RewardView = {
  ...WELCOME,
  id: '5',
  title: 'Diwali gift',
  titleEn: 'Diwali gift',
  titleHi: 'दिवाली उपहार',
  amountMinor: '25050',
  amount: '250.50',
  expiresAt: null,
  claimedAt: '2026-11-01T08:00:00.000Z',
  status: 'claimed',
};

const page = (list: RewardView[], unclaimedCount = 1): RewardList => ({
  list,
  page: 1,
  pageSize: 20,
  total: list.length,
  totalPages: list.length > 0 ? 1 : 0,
  unclaimedCount,
});

const CLAIM_RESULT = {
  reward: { ...WELCOME, status: 'claimed', claimedAt: '2026-11-21T12:00:00.000Z' },
  entryId: '99',
  main: { balanceMinor: '1010000', balance: '10100.00' },
};

/** Serves the three tabs from `lists` and the claim from `claim` (default: success). */
function serve(
  lists: Partial<Record<string, RewardList>> = { unclaimed: page([WELCOME]) },
  claim: () => unknown = () => CLAIM_RESULT,
) {
  return stubFetch({
    '/wps/member/rewards': (url: URL) => lists[url.searchParams.get('status') ?? 'unclaimed'] ?? page([], 0),
    '/wps/member/rewards/7/claim': claim,
  });
}

const claimCalls = (fetchStub: ReturnType<typeof serve>) =>
  fetchStub.mock.calls.filter(([input]) => String(input).includes('/claim'));
const keyOf = (call: unknown[]) =>
  ((call[1] as RequestInit).headers as Record<string, string>)['Idempotency-Key'];

describe('reward centre page', () => {
  beforeEach(async () => {
    await resetLanguage();
    useSessionStore.setState({ token: 'token-1' });
  });
  afterEach(() => useSessionStore.setState({ token: null }));

  it('lists unclaimed rewards with title, amount, dates and the count', async () => {
    serve();
    renderUi(<RewardCenterPage currencySymbol="₹" />);
    const item = await screen.findByTestId('reward-7');
    expect(within(item).getByText('Welcome reward')).toBeTruthy();
    expect(within(item).getByTestId('reward-7-amount').textContent).toBe('₹100.00');
    expect(within(item).getByText(formatDateTime(WELCOME.grantedAt))).toBeTruthy();
    expect(within(item).getByTestId('reward-7-expires-at').textContent).toBe(
      formatDateTime(WELCOME.expiresAt as string),
    );
    expect(within(item).getByRole('button', { name: 'Claim' })).toBeTruthy();
    expect(screen.getByTestId('rewards-unclaimed-count').getAttribute('aria-label')).toBe(
      '1 reward to claim',
    );
    expect(screen.getByRole('tab', { name: /Unclaimed/, selected: true })).toBeTruthy();
  });

  it('shows the claimed and expired tabs, and an empty state', async () => {
    serve({ unclaimed: page([WELCOME]), claimed: page([CLAIMED]) });
    renderUi(<RewardCenterPage currencySymbol="₹" />);
    await screen.findByTestId('reward-7');
    await userEvent.click(screen.getByRole('tab', { name: 'Claimed' }));
    const item = await screen.findByTestId('reward-5');
    expect(within(item).getByTestId('reward-5-amount').textContent).toBe('₹250.50');
    expect(within(item).getByTestId('reward-5-claimed-at').textContent).toBe(
      formatDateTime(CLAIMED.claimedAt as string),
    );
    expect(within(item).queryByRole('button', { name: 'Claim' })).toBeNull();
    await userEvent.click(screen.getByRole('tab', { name: 'Expired' }));
    expect((await screen.findByTestId('rewards-empty')).textContent).toContain('No expired rewards.');
  });

  it('claims after the confirm with one key, then refreshes the list, balance and count', async () => {
    const fetchStub = serve();
    const { queryClient } = renderUi(<RewardCenterPage currencySymbol="₹" />);
    queryClient.setQueryData(['wallet', 'balance'], { sumBalance: '10000.00', balanceMinor: '1000000' });
    queryClient.setQueryData(['member', 'messages', 'unreadCount'], { messageCount: 0, rewardCount: 1 });
    await userEvent.click(await screen.findByRole('button', { name: 'Claim' }));
    const dialog = await screen.findByRole('dialog', { name: 'Claim this reward' });
    expect(within(dialog).getByTestId('rewards-confirm-amount').textContent).toBe('₹100.00');
    expect(within(dialog).getByTestId('rewards-confirm-summary').textContent).toBe(
      'Add "Welcome reward" to your main wallet?',
    );
    const listCallsBefore = fetchStub.mock.calls.length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Claim' }));
    expect((await screen.findByTestId('rewards-done')).textContent).toBe(
      '₹100.00 added to your main wallet. Balance: ₹10,100.00.',
    );
    const calls = claimCalls(fetchStub);
    expect(calls).toHaveLength(1);
    expect(((calls[0] as unknown[])[1] as RequestInit).method).toBe('POST');
    expect(keyOf(calls[0] as unknown[])).toBeTruthy();
    await waitFor(() => {
      expect(queryClient.getQueryState(['wallet', 'balance'])?.isInvalidated).toBe(true);
      expect(queryClient.getQueryState(['member', 'messages', 'unreadCount'])?.isInvalidated).toBe(true);
    });
    // The list was asked again.
    await waitFor(() => expect(fetchStub.mock.calls.length).toBeGreaterThan(listCallsBefore + 1));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('retries a failed claim with the same key, and a new intent gets a new key', async () => {
    let answers = 0;
    const fetchStub = serve(undefined, () => {
      answers += 1;
      // First a lost answer (a proxy's page), then success.
      return answers === 1 ? new Response('<html>bad gateway</html>', { status: 502 }) : CLAIM_RESULT;
    });
    renderUi(<RewardCenterPage currencySymbol="₹" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Claim' }));
    const dialog = await screen.findByRole('dialog', { name: 'Claim this reward' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Claim' }));
    expect((await within(dialog).findByTestId('rewards-confirm-error')).textContent).toBe(
      'Network link abnormal. Please check your connection and try again.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    await screen.findByTestId('rewards-done');
    const keys = claimCalls(fetchStub).map((call) => keyOf(call as unknown[]));
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);

    await userEvent.click(await screen.findByRole('button', { name: 'Claim' }));
    const again = await screen.findByRole('dialog', { name: 'Claim this reward' });
    await userEvent.click(within(again).getByRole('button', { name: 'Claim' }));
    await waitFor(() => expect(claimCalls(fetchStub)).toHaveLength(3));
    expect(keyOf(claimCalls(fetchStub)[2] as unknown[])).not.toBe(keys[0]);
  });

  it('shows a refusal from the server in the dialog', async () => {
    serve(undefined, () =>
      Response.json({ success: false, message: 'reward_expired', value: null }, { status: 409 }),
    );
    renderUi(<RewardCenterPage currencySymbol="₹" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Claim' }));
    const dialog = await screen.findByRole('dialog', { name: 'Claim this reward' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Claim' }));
    expect((await within(dialog).findByTestId('rewards-confirm-error')).textContent).toBe(
      'This reward has expired and can no longer be claimed.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('offers a retry when the list cannot be loaded', async () => {
    let fail = true;
    stubFetch({
      '/wps/member/rewards': () =>
        fail
          ? Response.json({ success: false, message: 'unknown_error', value: null }, { status: 500 })
          : page([WELCOME]),
    });
    renderUi(<RewardCenterPage currencySymbol="₹" />);
    const error = await screen.findByTestId('rewards-error');
    fail = false;
    await userEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('reward-7')).toBeTruthy();
  });

  it('says so when there is nothing to claim', async () => {
    serve({ unclaimed: page([], 0) });
    renderUi(<RewardCenterPage currencySymbol="₹" />);
    expect((await screen.findByTestId('rewards-empty')).textContent).toContain(
      'No rewards to claim right now.',
    );
    expect(screen.queryByTestId('rewards-unclaimed-count')).toBeNull();
  });

  it('speaks Hindi, with the Hindi title', async () => {
    await resetLanguage('hi');
    serve();
    renderUi(<RewardCenterPage currencySymbol="₹" />);
    const item = await screen.findByTestId('reward-7');
    expect(within(item).getByText('स्वागत इनाम')).toBeTruthy();
    expect(within(item).getByRole('button', { name: 'क्लेम करें' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'समाप्त' })).toBeTruthy();
  });
});
