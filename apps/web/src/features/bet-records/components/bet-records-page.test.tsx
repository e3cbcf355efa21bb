import type { GameMenus } from '@lotus/shared/catalogue.schema';
import type { BetRecord, BetRecords } from '@lotus/shared/games.schema';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatDateTime } from '../../../lib/date-time.ts';
import { useSessionStore } from '../../../lib/session/session-store.ts';
import { resetLanguage } from '../../../test/render-app.tsx';
import { type FetchRoute, renderUi, stubFetch } from '../../../test/render-ui.tsx';
import { BetRecordsPage } from './bet-records-page.tsx';

const TODAY = '2026-11-21';

function round(overrides: Partial<BetRecord>): BetRecord {
  return {
    roundId: 'r-1',
    gameName: 'Lotus Fortune',
    gameType: 'RNG',
    vendorName: 'Lotus Originals',
    stakeMinor: '10000',
    payoutMinor: '25000',
    status: 'settled',
    createdAt: '2026-11-20T08:05:09.000Z',
    settledAt: '2026-11-20T08:05:10.000Z',
    ...overrides,
  };
}

function page(list: BetRecord[], extra: Partial<BetRecords> = {}): BetRecords {
  return {
    list,
    pageNum: 1,
    totalPages: list.length > 0 ? 1 : 0,
    total: list.length,
    totals: { stakeMinor: '0', payoutMinor: '0' },
    ...extra,
  };
}

const category = (key: string, labelKey: string, gameType = key) => ({
  key,
  labelKey,
  gameType,
  icon: key.toLowerCase(),
  page: `/${key.toLowerCase()}`,
  banner: null,
  auth: false,
  vendors: [],
});

const MENUS: GameMenus = {
  categories: [
    category('LIVE', 'category.live'),
    category('RNG', 'category.slots'),
    // A brand-rule category is not a game type: it is not offered as a filter.
    category('INHOUSE', 'category.inhouse', 'RNG'),
    category('TG', 'category.tableGames'),
  ],
};

function serve(records: FetchRoute | object) {
  return stubFetch({ '/lgw/games/game_menus': MENUS, '/wps/member/betRecords': records });
}

/** The query strings of every betting-record request, in order. */
function requests(fetchStub: ReturnType<typeof stubFetch>) {
  return (fetchStub.mock.calls as unknown as [RequestInfo | URL][])
    .map(([input]) => new URL(String(input), 'http://x'))
    .filter((url) => url.pathname === '/wps/member/betRecords')
    .map((url) => Object.fromEntries(url.searchParams));
}

const renderPage = () => renderUi(<BetRecordsPage currencySymbol="₹" today={TODAY} />);

describe('betting record (personalHistoryCopy)', () => {
  beforeEach(async () => {
    await resetLanguage();
    useSessionStore.setState({ token: 'token-1' });
  });
  afterEach(() => useSessionStore.setState({ token: null }));

  it('asks for the last 7 days of every game type and shows rounds with their outcome and the totals', async () => {
    const fetchStub = serve(
      page(
        [
          round({ roundId: 'r-3', stakeMinor: '10000', payoutMinor: '25000' }),
          round({ roundId: 'r-2', gameName: 'Roulette', stakeMinor: '5000', payoutMinor: '0' }),
          round({ roundId: 'r-1', stakeMinor: '2000', payoutMinor: '2000' }),
        ],
        { total: 41, totalPages: 3, totals: { stakeMinor: '1234500', payoutMinor: '1000000' } },
      ),
    );
    renderPage();
    expect(await screen.findByLabelText('Loading the betting record…')).toBeTruthy();
    const rows = await screen.findAllByTestId('bet-row');
    expect(rows).toHaveLength(3);
    expect(requests(fetchStub)[0]).toEqual({
      startDate: '2026-11-15',
      endDate: TODAY,
      pageNo: '1',
      pageSize: '20',
      language: 'EN',
    });
    expect(screen.getByRole('button', { name: 'Last 7 days' }).getAttribute('aria-pressed')).toBe('true');

    const [win, loss, even] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(win).getByText('r-3')).toBeTruthy();
    expect(within(win).getByText('Lotus Fortune')).toBeTruthy();
    expect(within(win).getByText('Lotus Originals')).toBeTruthy();
    expect(within(win).getByText('₹100.00')).toBeTruthy();
    expect(within(win).getByText('₹250.00')).toBeTruthy();
    // Signed and said in words, not by colour alone.
    expect(within(win).getByTestId('bet-net').textContent).toBe('+₹150.00 win');
    expect(
      within(win).getByTestId('bet-net').querySelector('[data-result]')?.getAttribute('data-result'),
    ).toBe('win');
    expect(within(loss).getByTestId('bet-net').textContent).toBe('-₹50.00 loss');
    expect(within(even).getByTestId('bet-net').textContent).toBe('₹0.00 even');
    expect(within(win).getByTestId('bet-status').textContent).toBe('Settled');
    expect(within(win).getByText(formatDateTime('2026-11-20T08:05:09.000Z'))).toBeTruthy();

    // Totals over the whole filter, not the page.
    expect(screen.getByTestId('bet-count').textContent).toBe('41 rounds');
    expect(screen.getByTestId('bet-total-stake').textContent).toBe('₹12,345.00');
    expect(screen.getByTestId('bet-total-payout').textContent).toBe('₹10,000.00');
    expect(screen.getByTestId('bet-total-net').textContent).toBe('-₹2,345.00 loss');
  });

  it('shows no outcome for a round still in progress or refunded', async () => {
    serve(
      page([
        round({ roundId: 'open', status: 'open', payoutMinor: '0' }),
        round({ roundId: 'back', status: 'rolled_back', payoutMinor: '0' }),
      ]),
    );
    renderPage();
    const [open, back] = (await screen.findAllByTestId('bet-row')) as [HTMLElement, HTMLElement];
    expect(within(open).getByTestId('bet-status').textContent).toBe('In progress');
    expect(within(open).getByTestId('bet-net').textContent).toBe('—');
    expect(within(back).getByTestId('bet-status').textContent).toBe('Refunded');
    expect(within(back).getByTestId('bet-net').textContent).toBe('—');
  });

  it('filters by game type and by the date shortcuts, back to the first page', async () => {
    const fetchStub = serve(page([round({})]));
    renderPage();
    await screen.findAllByTestId('bet-row');

    const select = screen.getByRole('combobox', { name: 'Game type' });
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(4));
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All game types', 'Live Casino', 'Slots', 'Table games']);
    await userEvent.selectOptions(select, 'RNG');
    await waitFor(() => expect(requests(fetchStub)).toHaveLength(2));
    expect(requests(fetchStub)[1]).toMatchObject({ gameType: 'RNG', pageNo: '1', startDate: '2026-11-15' });

    await userEvent.click(screen.getByRole('button', { name: 'Yesterday' }));
    await waitFor(() => expect(requests(fetchStub)).toHaveLength(3));
    expect(requests(fetchStub)[2]).toMatchObject({
      gameType: 'RNG',
      startDate: '2026-11-20',
      endDate: '2026-11-20',
    });

    await userEvent.selectOptions(select, '');
    await waitFor(() => expect(requests(fetchStub)).toHaveLength(4));
    expect(requests(fetchStub)[3]).not.toHaveProperty('gameType');
  });

  it('refuses a range over 92 days or reversed before asking', async () => {
    const fetchStub = serve(page([round({})]));
    renderPage();
    await screen.findAllByTestId('bet-row');
    const setDate = (testId: string, value: string) =>
      fireEvent.change(screen.getByTestId(testId), { target: { value } });

    setDate('bet-start', '2026-08-21');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByTestId('bet-range-error').textContent).toBe('Choose at most 92 days.');
    setDate('bet-start', '2026-11-22');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByTestId('bet-range-error').textContent).toBe(
      'The start date must not be after the end date.',
    );
    expect(requests(fetchStub)).toHaveLength(1);

    setDate('bet-start', '2026-08-22');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.queryByTestId('bet-range-error')).toBeNull();
    await waitFor(() => expect(requests(fetchStub)).toHaveLength(2));
    expect(requests(fetchStub)[1]).toMatchObject({ startDate: '2026-08-22', endDate: TODAY });
  });

  it('pages through the rounds, keeping the filter', async () => {
    const fetchStub = serve((url: URL) =>
      page([round({ roundId: `page-${url.searchParams.get('pageNo')}` })], { total: 45, totalPages: 3 }),
    );
    renderPage();
    expect(await screen.findByText('page-1')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('page-2')).toBeTruthy();
    expect(requests(fetchStub).at(-1)).toMatchObject({ pageNo: '2', startDate: '2026-11-15' });
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('page-3')).toBeTruthy();
  });

  it('says when there are no bets in the period', async () => {
    serve(page([]));
    renderPage();
    const empty = await screen.findByTestId('bet-records-empty');
    expect(within(empty).getByText('No bets in this period')).toBeTruthy();
    expect(screen.queryByTestId('bet-totals')).toBeNull();
  });

  it('says when the record cannot be loaded, and searching again retries', async () => {
    let fail = true;
    serve(() =>
      fail
        ? Response.json({ success: false, message: 'unknown_error', value: null }, { status: 500 })
        : page([round({})]),
    );
    renderPage();
    const error = await screen.findByTestId('bet-records-error');
    expect(error.getAttribute('role')).toBe('alert');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findAllByTestId('bet-row')).toHaveLength(1);
    expect(screen.queryByTestId('bet-records-error')).toBeNull();
  });

  it('speaks Hindi', async () => {
    await resetLanguage('hi');
    const fetchStub = serve(page([round({})], { totals: { stakeMinor: '10000', payoutMinor: '25000' } }));
    renderPage();
    expect(await screen.findByText('निपटाया गया')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'गेम का प्रकार' })).toBeTruthy();
    expect(screen.getByTestId('bet-total-net').textContent).toBe('+₹150.00 जीत');
    expect(requests(fetchStub)[0]).toMatchObject({ language: 'HI' });
  });
});
