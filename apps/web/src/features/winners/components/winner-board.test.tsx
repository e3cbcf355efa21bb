import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetLanguage } from '../../../test/render-app.tsx';
import { renderUi, stubFetch } from '../../../test/render-ui.tsx';
import { WinnerBoard } from './winner-board.tsx';
import { WinnersPage } from './winners-page.tsx';

const WIN = {
  vo: {
    account: 'ab***yz',
    gameName: 'Lotus Crash',
    vendor: 'LOTUS',
    amountMinor: '123456789012',
    currencySymbol: '₹',
    wonAt: '2026-02-03T04:05:06.000Z',
  },
};

describe('winner board', () => {
  beforeEach(() => resetLanguage());

  it('asks for 20 winners of every category and says honestly when there are none', async () => {
    const fetchStub = stubFetch({ '/wps/relay/GCSGAME_getRankList': { list: [] } });
    renderUi(<WinnerBoard id="home-winners" />);
    expect((await screen.findByTestId('winners-empty')).textContent).toContain('No wins to show yet');
    const url = new URL(String(fetchStub.mock.calls[0]?.[0]), 'http://localhost');
    expect(url.searchParams.get('gameCategory')).toBe('ALL');
    expect(url.searchParams.get('limitNum')).toBe('20');
    expect(url.searchParams.get('language')).toBe('EN');
    expect(document.getElementById('home-winners')).not.toBeNull();
  });

  it('lists the wins with exact amounts', async () => {
    stubFetch({ '/wps/relay/GCSGAME_getRankList': { list: [WIN] } });
    renderUi(<WinnerBoard />);
    const row = await screen.findByTestId('winner-row');
    expect(row.textContent).toContain('ab***yz');
    expect(row.textContent).toContain('Lotus Crash');
    expect(row.textContent).toContain('₹ 1,234,567,890.12');
  });

  it('shows an error with a retry when the call fails', async () => {
    stubFetch({});
    renderUi(<WinnerBoard />);
    expect((await screen.findByTestId('winners-error')).textContent).toContain('Not found.');
  });
});

describe('winners page', () => {
  beforeEach(() => resetLanguage());

  it('shows a table with the time as yyyy-MM-dd HH:mm:ss', async () => {
    stubFetch({ '/wps/relay/GCSGAME_getRankList': { list: [WIN] } });
    renderUi(<WinnersPage />);
    const row = await screen.findByTestId('winner-row');
    expect(row.textContent).toMatch(/2026-02-0\d \d\d:\d\d:06/);
    expect(row.textContent).toContain('LOTUS');
  });
});
