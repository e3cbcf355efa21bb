import type { AccountRecordItem, AccountRecordPage } from '@lotus/shared/wallet.schema';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkRange } from '../../../components/records/record-filters.tsx';
import { formatDateTime } from '../../../lib/date-time.ts';
import { useSessionStore } from '../../../lib/session/session-store.ts';
import { resetLanguage } from '../../../test/render-app.tsx';
import { type FetchRoute, renderUi, stubFetch } from '../../../test/render-ui.tsx';
import { TransactionHistoryPage } from './transaction-history-page.tsx';

const TODAY = '2026-11-21';

function row(overrides: Partial<AccountRecordItem>): AccountRecordItem {
  return {
    id: '1',
    entryId: '1',
    type: 'deposit',
    reversal: false,
    createdAt: '2026-11-20T08:05:09.000Z',
    amountMinor: '50000',
    amount: '500.00',
    balanceAfterMinor: '1050000',
    balanceAfter: '10500.00',
    memo: null,
    ...overrides,
  };
}

function page(list: AccountRecordItem[], extra: Partial<AccountRecordPage> = {}): AccountRecordPage {
  return {
    list,
    pageNo: 1,
    pageSize: 20,
    total: list.length,
    totalPages: 1,
    startDate: '2026-11-15',
    endDate: TODAY,
    ...extra,
  };
}

function serve(records: FetchRoute | object) {
  return stubFetch({
    '/wps/relay/GCS_merchantWallet': { isSingle: false, currency: 'INR', currencySymbol: '₹' },
    '/wps/member/transactions': records,
  });
}

/** The query strings of every record request, in order. */
function requests(fetchStub: ReturnType<typeof stubFetch>) {
  return (fetchStub.mock.calls as unknown as [RequestInfo | URL][])
    .map(([input]) => new URL(String(input), 'http://x'))
    .filter((url) => url.pathname === '/wps/member/transactions')
    .map((url) => Object.fromEntries(url.searchParams));
}

const renderPage = () => renderUi(<TransactionHistoryPage currencySymbol="₹" today={TODAY} />);

describe('account record (transactionHistory)', () => {
  beforeEach(async () => {
    await resetLanguage();
    useSessionStore.setState({ token: 'token-1' });
  });
  afterEach(() => useSessionStore.setState({ token: null }));

  it('asks for the last 7 days of every type by default, and lists the rows', async () => {
    const fetchStub = serve(
      page([
        row({
          id: '2',
          type: 'transfer',
          amountMinor: '-20000',
          balanceAfterMinor: '1030000',
          memo: 'Alpha Games',
        }),
        row({ id: '1' }),
      ]),
    );
    renderPage();
    expect(screen.getByTestId('record-loading').getAttribute('role')).toBe('status');
    const rows = await screen.findAllByTestId('record-row');
    expect(rows).toHaveLength(2);
    expect(requests(fetchStub)[0]).toEqual({
      type: 'all',
      startDate: '2026-11-15',
      endDate: TODAY,
      pageNo: '1',
      pageSize: '20',
    });
    expect(screen.getByRole('button', { name: 'Last 7 days' }).getAttribute('aria-pressed')).toBe('true');

    const [debit, credit] = rows as [HTMLElement, HTMLElement];
    expect(within(debit).getByTestId('record-amount').textContent).toBe('-₹200.00');
    expect(within(debit).getByTestId('record-amount').getAttribute('data-sign')).toBe('debit');
    expect(within(debit).getByTestId('record-balance').textContent).toBe('₹10,300.00');
    expect(within(debit).getByText('Wallet transfer')).toBeTruthy();
    expect(within(debit).getByText('Alpha Games')).toBeTruthy();
    expect(within(credit).getByTestId('record-amount').textContent).toBe('+₹500.00');
    expect(within(credit).getByTestId('record-amount').getAttribute('data-sign')).toBe('credit');
    // yyyy-MM-dd hh:mm:ss in the visitor's time zone.
    const time = within(credit).getByText(formatDateTime('2026-11-20T08:05:09.000Z'));
    expect(time.textContent).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(screen.getByTestId('record-total').textContent).toBe('2 records');
  });

  it('marks a reversal under the type it reverses', async () => {
    serve(page([row({ type: 'withdrawal', reversal: true, amountMinor: '100000' })]));
    renderPage();
    expect(await screen.findByText('Withdrawal (reversed)')).toBeTruthy();
  });

  it('applies the date shortcuts and the type filter at once', async () => {
    const fetchStub = serve(page([row({})]));
    renderPage();
    await screen.findAllByTestId('record-row');

    await userEvent.click(screen.getByRole('button', { name: 'Yesterday' }));
    await waitFor(() => expect(requests(fetchStub)).toHaveLength(2));
    expect(requests(fetchStub)[1]).toMatchObject({ startDate: '2026-11-20', endDate: '2026-11-20' });
    expect((screen.getByTestId('record-start') as HTMLInputElement).value).toBe('2026-11-20');
    expect(screen.getByRole('button', { name: 'Yesterday' }).getAttribute('aria-pressed')).toBe('true');

    await userEvent.click(screen.getByRole('button', { name: 'Last 30 days' }));
    await waitFor(() => expect(requests(fetchStub)).toHaveLength(3));
    expect(requests(fetchStub)[2]).toMatchObject({ startDate: '2026-10-23', endDate: TODAY });

    await userEvent.click(screen.getByRole('button', { name: 'Today' }));
    await waitFor(() => expect(requests(fetchStub)).toHaveLength(4));
    expect(requests(fetchStub)[3]).toMatchObject({ startDate: TODAY, endDate: TODAY });

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'deposit');
    await waitFor(() => expect(requests(fetchStub)).toHaveLength(5));
    expect(requests(fetchStub)[4]).toMatchObject({ type: 'deposit', startDate: TODAY, endDate: TODAY });
  });

  it('checks a typed range before asking', async () => {
    const fetchStub = serve(page([row({})]));
    renderPage();
    await screen.findAllByTestId('record-row');
    const setDate = (testId: string, value: string) =>
      fireEvent.change(screen.getByTestId(testId), { target: { value } });

    setDate('record-start', '2026-11-22');
    expect(screen.getByRole('button', { name: 'Last 7 days' }).getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByTestId('record-range-error').textContent).toBe(
      'The start date must not be after the end date.',
    );
    setDate('record-start', '2026-08-01');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByTestId('record-range-error').textContent).toBe('Choose at most 92 days.');
    setDate('record-start', '');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByTestId('record-range-error').textContent).toBe('Choose a start and an end date.');
    expect(requests(fetchStub)).toHaveLength(1);

    setDate('record-start', '2026-09-01');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.queryByTestId('record-range-error')).toBeNull();
    await waitFor(() => expect(requests(fetchStub)).toHaveLength(2));
    expect(requests(fetchStub)[1]).toMatchObject({ startDate: '2026-09-01', endDate: TODAY, pageNo: '1' });
  });

  it('pages through the record', async () => {
    const fetchStub = serve((url: URL) =>
      page([row({ id: url.searchParams.get('pageNo') ?? '1' })], { total: 45, totalPages: 3 }),
    );
    renderPage();
    await screen.findAllByTestId('record-row');
    expect(screen.getByTestId('record-total').textContent).toBe('45 records');
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(requests(fetchStub).at(-1)).toMatchObject({ pageNo: '2' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(requests(fetchStub).at(-1)).toMatchObject({ pageNo: '3' }));
  });

  it('says when there is nothing in the period', async () => {
    serve(page([]));
    renderPage();
    const empty = await screen.findByTestId('record-empty');
    expect(within(empty).getByText('No records in this period')).toBeTruthy();
  });

  it('says when the record cannot be loaded, and retries', async () => {
    let fail = true;
    serve(() =>
      fail
        ? Response.json({ success: false, message: 'unknown_error', value: null }, { status: 500 })
        : page([row({})]),
    );
    renderPage();
    const error = await screen.findByTestId('record-error');
    fail = false;
    await userEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('record-row')).toHaveLength(1);
  });

  it('speaks Hindi', async () => {
    await resetLanguage('hi');
    serve(page([row({})]));
    renderPage();
    expect(screen.getByRole('form', { name: 'रिकॉर्ड फ़िल्टर' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'पिछले 7 दिन' })).toBeTruthy();
    expect(await screen.findByText('जमा')).toBeTruthy();
  });
});

describe('checkRange', () => {
  it('accepts 1 to 92 days in order', () => {
    expect(checkRange({ startDate: TODAY, endDate: TODAY })).toBeNull();
    expect(checkRange({ startDate: '2026-08-22', endDate: TODAY })).toBeNull();
    expect(checkRange({ startDate: '2026-08-21', endDate: TODAY })).toBe('rangeTooLong');
    expect(checkRange({ startDate: '2026-11-22', endDate: TODAY })).toBe('rangeOrder');
    expect(checkRange({ startDate: '2026-02-30', endDate: TODAY })).toBe('rangeInvalid');
  });
});
