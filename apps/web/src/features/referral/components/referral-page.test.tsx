import type { ReferralSummary } from '@lotus/shared/missions.schema';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadNamespaces } from '../../../lib/i18n.ts';
import { useSessionStore } from '../../../lib/session/session-store.ts';
import { resetLanguage } from '../../../test/render-app.tsx';
import { renderUi, stubFetch } from '../../../test/render-ui.tsx';
import { ReferralPage } from './referral-page.tsx';

vi.mock('qrcode', () => ({ toString: async (text: string) => `<svg data-text="${text}"></svg>` }));

const SUMMARY: ReferralSummary = {
  code: 'AB12CD34',
  path: '/register?referralCode=AB12CD34',
  rule: {
    sharePercent: '10.00',
    minDepositMinor: '10000',
    minDeposit: '100.00',
    capMinor: '50000',
    cap: '500.00',
  },
  friends: [
    {
      name: 'fr***1',
      joinedAt: '2026-11-20T10:00:00.000Z',
      firstDeposit: true,
      earnedMinor: '3000',
      earned: '30.00',
    },
    {
      name: 'fr***2',
      joinedAt: '2026-11-21T10:00:00.000Z',
      firstDeposit: false,
      earnedMinor: '0',
      earned: '0.00',
    },
  ],
  friendCount: 2,
  totalEarnedMinor: '3000',
  totalEarned: '30.00',
};

describe('referral page', () => {
  beforeEach(async () => {
    await resetLanguage();
    await loadNamespaces(['missions']);
    useSessionStore.setState({ token: 'token-1' });
  });
  afterEach(() => useSessionStore.setState({ token: null }));

  it('shows the code, the link and its QR code, the rule, the friends and the earnings', async () => {
    stubFetch({ '/wps/member/referral': () => SUMMARY });
    renderUi(<ReferralPage currencySymbol="₹" />);
    expect((await screen.findByTestId('referral-code')).textContent).toBe('AB12CD34');
    const link = `${window.location.origin}/register?referralCode=AB12CD34`;
    expect(screen.getByTestId('referral-link').textContent).toBe(link);
    expect((await screen.findByTestId('referral-qr')).getAttribute('data-qr-value')).toBe(link);
    expect(screen.getByTestId('referral-rule').textContent).toContain('10% of each friend');
    expect(screen.getByTestId('referral-total').textContent).toBe('₹30.00');
    const rows = within(screen.getByTestId('referral-friends')).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]?.textContent).toContain('fr***1');
    expect(rows[1]?.textContent).toContain('Yes');
    expect(rows[2]?.textContent).toContain('Not yet');
  });

  it('says the activity is coming while the brand does not run referral', async () => {
    stubFetch({
      '/wps/member/referral': () =>
        Response.json({ success: false, message: 'activity_coming', value: null }, { status: 403 }),
    });
    renderUi(<ReferralPage currencySymbol="₹" />);
    expect((await screen.findByTestId('referral-off')).textContent).toContain('coming soon');
  });
});
