import type { MyRaffle, RaffleClaimResult, RaffleDraws } from '@lotus/shared/raffles.schema';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '../../../lib/session/session-store.ts';
import { resetLanguage } from '../../../test/render-app.tsx';
import { renderUi, stubFetch } from '../../../test/render-ui.tsx';
import { raffleVerifyHref } from '../utils/verify-href.ts';
import { wheelAngle } from './raffle-art.tsx';
import { RafflesPage } from './raffles-page.tsx';

const HASH = 'a'.repeat(64);
const PRIZES = [
  { amountMinor: '500', amount: '5.00', weight: 50 },
  { amountMinor: '2000', amount: '20.00', weight: 50 },
];
const ENVELOPE: MyRaffle = {
  code: 'demo-red-envelope',
  kind: 'red_envelope',
  name: 'Festival red envelopes',
  nameEn: 'Festival red envelopes',
  nameHi: 'त्योहार के लाल लिफ़ाफ़े',
  status: 'running',
  startsAt: '2026-11-20T00:00:00.000Z',
  endsAt: '2026-12-20T00:00:00.000Z',
  currency: 'INR',
  seedHash: HASH,
  seed: null,
  prizes: PRIZES,
  rules: { deposit: null, turnover: null, registration: null },
  ticketsLeft: 2,
  ticketsUsed: 0,
  open: true,
};
const DRAW = {
  ticketId: '41',
  campaignCode: ENVELOPE.code,
  kind: 'red_envelope' as const,
  campaignName: ENVELOPE.name,
  campaignStatus: 'running' as const,
  prizeIndex: 1,
  prizeMinor: '2000',
  prize: '20.00',
  currency: 'INR',
  claimedAt: '2026-11-21T10:00:00.000Z',
  seedHash: HASH,
  seed: null,
  prizes: PRIZES,
  entryId: '9',
};
const CLAIM: RaffleClaimResult = {
  draw: DRAW,
  ticketsLeft: 1,
  main: { balanceMinor: '102000', balance: '1020.00' },
};
const NO_DRAWS: RaffleDraws = { list: [], page: 1, pageSize: 20, total: 0, totalPages: 0 };

describe('raffles page', () => {
  beforeEach(async () => {
    await resetLanguage();
    useSessionStore.setState({ token: 'token-1' });
  });
  afterEach(() => useSessionStore.setState({ token: null }));

  it('lists campaigns with tickets and the published hash, and an empty history', async () => {
    stubFetch({ '/wps/member/raffles': { list: [ENVELOPE] }, '/wps/member/raffles/draws': NO_DRAWS });
    renderUi(<RafflesPage currencySymbol="₹" />);
    const card = await screen.findByTestId('raffle-demo-red-envelope');
    expect(within(card).getByText('Festival red envelopes')).toBeTruthy();
    expect(within(card).getByTestId('raffle-demo-red-envelope-tickets').textContent).toBe('2 tickets left');
    expect(within(card).getByTestId('raffle-demo-red-envelope-hash').textContent).toBe(HASH);
    expect(await screen.findByTestId('raffle-draws-empty')).toBeTruthy();
  });

  it('opens an envelope after the confirm step with one key, and shows the prize and its proof', async () => {
    const fetchStub = stubFetch({
      '/wps/member/raffles': { list: [ENVELOPE] },
      '/wps/member/raffles/draws': NO_DRAWS,
      '/wps/relay/MCS2_claimRafflePromotion': CLAIM,
    });
    renderUi(<RafflesPage currencySymbol="₹" />);
    await userEvent.click(await screen.findByTestId('raffle-demo-red-envelope-open'));
    const dialog = await screen.findByRole('dialog', { name: 'Open a red envelope' });
    // Nothing is claimed before the confirm.
    expect(fetchStub.mock.calls.filter(([input]) => String(input).includes('MCS2_'))).toHaveLength(0);
    await userEvent.click(within(dialog).getByTestId('raffle-open-confirm'));
    expect((await within(dialog).findByTestId('raffle-prize', {}, { timeout: 4000 })).textContent).toBe(
      '₹20.00',
    );
    expect(within(dialog).getByTestId('raffle-ticket').textContent).toBe('Ticket #41');
    const claims = fetchStub.mock.calls.filter(([input]) => String(input).includes('MCS2_'));
    expect(claims).toHaveLength(1);
    const init = (claims[0] as unknown[])[1] as RequestInit;
    expect(JSON.parse(String(init.body))).toEqual({ campaignCode: 'demo-red-envelope' });
    expect((init.headers as Record<string, string>)['Idempotency-Key']).toBeTruthy();
    await userEvent.click(within(dialog).getByTestId('raffle-close'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('links a draw to the verify page once the seed is revealed, and turns the wheel to the drawn segment', () => {
    expect(raffleVerifyHref(DRAW)).toBeNull();
    const href = raffleVerifyHref({ ...DRAW, seed: 'b'.repeat(64) }) as string;
    const query = new URL(href, 'http://localhost').searchParams;
    expect(query.get('mode')).toBe('raffle');
    expect(query.get('ticket')).toBe('41');
    expect(JSON.parse(query.get('prizes') as string)).toEqual([
      { amountMinor: '500', weight: 50 },
      { amountMinor: '2000', weight: 50 },
    ]);
    // Segment 1 of 2 (the right half) comes under the top pointer after five turns.
    expect(wheelAngle(1, 2) % 360).toBe(90);
  });
});
