import { serverSeedHash } from '@lotus/games/fair';
import { drawLotteryResult } from '@lotus/games/lottery/index';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetLanguage } from '../../../test/render-app.tsx';
import { renderUi, stubFetch } from '../../../test/render-ui.tsx';
import { VerifyPage } from './verify-page.tsx';

const seed = '5eed'.repeat(16);
const drawId = 'lott-dice-20261127-0007';

function draw(overrides: Record<string, unknown> = {}) {
  return {
    drawId,
    gameCode: 'lott-dice',
    drawNo: '20261127-0007',
    opensAt: '2026-11-27T10:00:00.000Z',
    closesAt: '2026-11-27T10:00:55.000Z',
    drawsAt: '2026-11-27T10:01:00.000Z',
    status: 'settled',
    source: 'inhouse',
    seedHash: serverSeedHash(seed),
    seed,
    result: drawLotteryResult('dice3', '', seed, drawId),
    ...overrides,
  };
}

describe('VerifyPage lottery mode', () => {
  beforeEach(async () => {
    await resetLanguage();
  });

  it('fetches the draw of the link, recomputes its result and checks the hash', async () => {
    const asked: string[] = [];
    stubFetch({
      [`/lotto/api/draws/${drawId}`]: (url: URL) => {
        asked.push(url.pathname);
        return draw();
      },
    });
    renderUi(<VerifyPage />, { path: `/originals/verify?mode=lottery&drawId=${drawId}` });
    expect((await screen.findByTestId('lottery-computed-hash')).textContent).toBe(serverSeedHash(seed));
    expect(screen.getByTestId('lottery-hash-check').getAttribute('data-ok')).toBe('true');
    expect(screen.getByTestId('lottery-result-check').getAttribute('data-ok')).toBe('true');
    const dice = (draw().result as { dice: number[] }).dice.join(' ');
    expect(screen.getByTestId('lottery-verify-recomputed').textContent).toContain(
      `Recomputed result of ${drawId}: ${dice}`,
    );
    expect(asked).toEqual([`/lotto/api/draws/${drawId}`]);
  });

  it('says why an external draw, a draw without result or a bad id cannot be verified', async () => {
    stubFetch({
      '/lotto/api/draws/sea-4d-20261125': draw({ drawId: 'sea-4d-20261125', source: 'external', seed: null }),
      '/lotto/api/draws/lott-5d-20261127-0001': () =>
        Response.json({ success: false, message: 'lottery_draw_not_found', value: null }, { status: 404 }),
    });
    renderUi(<VerifyPage />, { path: '/originals/verify?mode=lottery&drawId=sea-4d-20261125' });
    expect((await screen.findByTestId('lottery-verify-problem')).textContent).toContain('official');

    fireEvent.change(screen.getByTestId('lottery-verify-draw-id'), { target: { value: 'nope' } });
    fireEvent.click(screen.getByTestId('lottery-verify-submit'));
    expect(screen.getByTestId('lottery-verify-problem').textContent).toContain('game code');

    fireEvent.change(screen.getByTestId('lottery-verify-draw-id'), {
      target: { value: 'lott-5d-20261127-0001' },
    });
    fireEvent.click(screen.getByTestId('lottery-verify-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('lottery-verify-problem').textContent).toBe('This draw does not exist.'),
    );
  });
});
