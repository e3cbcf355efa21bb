import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetLanguage } from '../../../test/render-app.tsx';
import { renderUi, stubFetch } from '../../../test/render-ui.tsx';
import { resetBetSlip } from '../hooks/bet-slip-store.ts';
import { makeDetail, makeMarket, makeSelection } from '../test/sports-fixtures.ts';
import { deadHeatShare, selectionResult } from './market-result.tsx';
import { SportsEventPage } from './sports-event-page.tsx';

/** A football match over: 2–1, its markets resulted (one with a dead heat) or void. */
function resultedMatch() {
  return makeDetail({
    status: 'resulted',
    score: { home: '2', away: '1', clock: "90'", period: 'FT' },
    markets: [
      makeMarket({
        id: '601',
        type: 'match_result',
        status: 'resulted',
        selections: [
          makeSelection({
            id: '9101',
            key: 'home',
            name: { EN: 'Delhi Dynamos', HI: 'दिल्ली डायनामोज़' },
            outcome: 'win',
          }),
          makeSelection({ id: '9102', key: 'draw', name: { EN: 'Draw', HI: 'ड्रॉ' }, outcome: 'lose' }),
          makeSelection({
            id: '9103',
            key: 'away',
            name: { EN: 'Goa Gulls', HI: 'गोवा गल्स' },
            outcome: 'lose',
          }),
        ],
      }),
      makeMarket({
        id: '602',
        type: 'asian_handicap',
        lineMilli: -750,
        status: 'resulted',
        selections: [
          makeSelection({ id: '9201', key: 'home', outcome: 'half_win' }),
          makeSelection({ id: '9202', key: 'away', outcome: 'half_lose' }),
        ],
      }),
      makeMarket({
        id: '603',
        type: 'next_goal',
        param: '4',
        status: 'void',
        selections: [
          makeSelection({ id: '9301', key: 'home' }),
          makeSelection({ id: '9302', key: 'none' }),
          makeSelection({ id: '9303', key: 'away' }),
        ],
      }),
      makeMarket({
        id: '604',
        type: 'top_batsman',
        param: '1',
        status: 'resulted',
        selections: [
          makeSelection({ id: '9401', key: '1', outcome: 'win', deadHeatMilli: 500 }),
          makeSelection({ id: '9402', key: '2', outcome: 'win', deadHeatMilli: 500 }),
          makeSelection({ id: '9403', key: '3', outcome: 'lose' }),
        ],
      }),
    ],
  });
}

describe('a resulted market', () => {
  beforeEach(async () => {
    await resetLanguage();
    resetBetSlip();
  });

  it('reads outcomes, dead heats and void markets', () => {
    const resulted = { status: 'resulted' as const };
    expect(selectionResult(resulted, { outcome: 'win', deadHeatMilli: null })).toBe('win');
    expect(selectionResult(resulted, { outcome: 'win', deadHeatMilli: 333 })).toBe('dead_heat');
    expect(selectionResult(resulted, { outcome: null, deadHeatMilli: null })).toBe('none');
    expect(selectionResult({ status: 'void' }, { outcome: null, deadHeatMilli: null })).toBe('void');
    expect([500, 333, 250, 600].map(deadHeatShare)).toEqual(['1/2', '1/3', '1/4', '60%']);
  });

  it('shows each selection won, lost, void or dead heat in words, the market closed and the final score', async () => {
    stubFetch({ '/sportsbook/api/events/202': resultedMatch() });
    renderUi(<SportsEventPage group="sports" eventId="202" />);
    const result = await screen.findByTestId('sports-market-601');
    expect(result.dataset.status).toBe('resulted');
    expect(within(result).getByText('Resulted')).toBeTruthy();
    // No prices left to take: the selections are a list, not buttons.
    expect(within(result).queryAllByRole('button')).toEqual([]);
    const list = within(result).getByRole('list', { name: 'Match result: result' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Delhi Dynamos✓ Won', 'Draw✗ Lost', 'Goa Gulls✗ Lost']);
    expect(screen.getByTestId('sports-result-9101').dataset.outcome).toBe('win');
    expect(screen.getByTestId('sports-result-9102').dataset.outcome).toBe('lose');
    expect(screen.getByTestId('sports-result-9201').textContent).toBe('home◐ Half won');
    expect(screen.getByTestId('sports-result-9202').dataset.outcome).toBe('half_lose');
    const voided = screen.getByTestId('sports-market-603');
    expect(within(voided).getByText('Void', { selector: '.mantine-Badge-label' })).toBeTruthy();
    expect(screen.getByTestId('sports-result-9302').dataset.outcome).toBe('void');
    expect(screen.getByTestId('sports-result-9302').textContent).toBe('none⊘ Void');
    const shared = screen.getByTestId('sports-result-9401');
    expect(shared.dataset.outcome).toBe('win');
    expect(shared.dataset.deadHeat).toBe('500');
    expect(shared.textContent).toBe('1= Dead heat 1/2');

    const board = screen.getByTestId('sports-scoreboard');
    expect(within(board).getByText('Final score')).toBeTruthy();
    expect(within(board).getByLabelText('Final score 2 to 1').textContent).toBe('2 – 1');
    expect(within(board).getByText('Resulted')).toBeTruthy();
  });

  it('says it in Hindi', async () => {
    await resetLanguage('hi');
    stubFetch({ '/sportsbook/api/events/202': resultedMatch() });
    renderUi(<SportsEventPage group="sports" eventId="202" />);
    expect((await screen.findByTestId('sports-result-9101')).textContent).toBe('दिल्ली डायनामोज़✓ जीता');
    expect(screen.getByTestId('sports-result-9401').textContent).toBe('1= डेड हीट 1/2');
    expect(within(screen.getByTestId('sports-scoreboard')).getByText('अंतिम स्कोर')).toBeTruthy();
  });
});
