import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { makePermission } from '../../../test/fixtures.ts';
import { resetLanguage } from '../../../test/render-app.tsx';
import { renderUi, stubFetch } from '../../../test/render-ui.tsx';
import HomeLotteries from './home-lotteries.tsx';

function opened(gameCode: string, name: string, drawNo: string, numero: string) {
  return {
    gameCode,
    name,
    drawId: `${gameCode}-${drawNo}`,
    drawNo,
    drawnAt: '2026-11-27T11:15:00.000Z',
    numero,
    result: {},
  };
}

describe('home lottery widgets', () => {
  beforeEach(async () => {
    await resetLanguage();
  });

  it('asks both lgw lists with the prize mode, device and language, and links each card to its game', async () => {
    const asked: Record<string, string> = {};
    stubFetch({
      '/wps/system/whitelabel': makePermission({ prizeModes: ['Lott', 'SEA'], device: 'H5' }),
      '/lotto/lgw/games/opened/numero': (url: URL) => {
        asked.popular = url.search;
        return { list: [opened('lott-5d', 'LOTT 5D', '20261127-0042', '1 2 3 4 5')] };
      },
      '/lgw/vn/numeros/opened/game': (url: URL) => {
        asked.vn = url.search;
        return { list: [opened('vn-north', 'Miền Bắc', '20261127', '12345')] };
      },
    });
    renderUi(<HomeLotteries />);
    const card = await screen.findByTestId('home-lottery-lott-5d-20261127-0042');
    expect(card.getAttribute('href')).toBe('/lottery?gameCode=lott-5d');
    expect(card.textContent).toContain('1 2 3 4 5');
    expect(card.getAttribute('aria-label')).toBe('Play LOTT 5D');
    const vn = await screen.findByTestId('home-lottery-vn-north-20261127');
    expect(vn.getAttribute('href')).toBe('/lottery?gameCode=vn-north');
    expect(new URLSearchParams(asked.popular)).toEqual(
      new URLSearchParams({ count: '20', device: 'H5', language: 'en', prizeMode: 'Lott' }),
    );
    expect(new URLSearchParams(asked.vn).get('count')).toBe('100');
    expect(screen.getByRole('heading', { name: 'Popular lotteries' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Vietnam numbers' })).toBeTruthy();
  });

  it('hides a list that fails to load', async () => {
    stubFetch({
      '/wps/system/whitelabel': makePermission(),
      '/lgw/vn/numeros/opened/game': { list: [] },
    });
    renderUi(<HomeLotteries />);
    expect(await screen.findByText('No result yet.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('home-lottery-popular')).toBeNull());
  });
});
