import { sha256Hex } from '@lotus/games/fair';
import { jackpotDraw } from '@lotus/games/jackpot';
import { playRound } from '@lotus/games/play';
import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetLanguage } from '../../../test/render-app.tsx';
import { renderUi } from '../../../test/render-ui.tsx';
import { VerifyPage } from './verify-page.tsx';

const SERVER_SEED = 'c0ffee00'.repeat(8);
const inputs = { serverSeed: SERVER_SEED, clientSeed: 'player-seed', nonce: 3 };
const bet = { game: 'slot', betMinor: '2000' } as const;

function pathFor(extra: Record<string, string> = {}) {
  const query = new URLSearchParams({
    game: 'tiger-temple',
    serverSeed: SERVER_SEED,
    clientSeed: inputs.clientSeed,
    nonce: String(inputs.nonce),
    bet: JSON.stringify(bet),
    hash: sha256Hex(SERVER_SEED),
    ...extra,
  });
  return `/originals/verify?${query.toString()}`;
}

describe('VerifyPage', () => {
  beforeEach(async () => {
    await resetLanguage();
  });

  it('recomputes a round opened from the history and compares it with the stored outcome', () => {
    const stored = playRound('tiger-temple', bet, inputs);
    window.sessionStorage.setItem('originals:outcome:r-1', JSON.stringify(stored));
    renderUi(<VerifyPage />, { path: pathFor({ round: 'r-1', payout: stored.totalPayMinor }) });
    expect(screen.getByTestId('computed-hash').textContent).toBe(sha256Hex(SERVER_SEED));
    expect(screen.getByTestId('hash-check').getAttribute('data-ok')).toBe('true');
    expect(screen.getByTestId('outcome-check').getAttribute('data-ok')).toBe('true');
    expect(screen.getByTestId('verify-result').textContent).toContain(
      `Reel stops: ${stored.game === 'slot' ? stored.base.stops.join(', ') : ''}`,
    );
  });

  it('shows a mismatch when the seed is edited, and a problem for a bad seed', () => {
    renderUi(<VerifyPage />, { path: pathFor() });
    expect(screen.getByTestId('hash-check').getAttribute('data-ok')).toBe('true');
    // Without the stored outcome there is nothing to compare it with.
    expect(screen.queryByTestId('outcome-check')).toBeNull();

    const seedInput = screen.getByTestId('verify-server-seed');
    fireEvent.change(seedInput, { target: { value: 'ab'.repeat(32) } });
    fireEvent.click(screen.getByTestId('verify-submit'));
    expect(screen.getByTestId('hash-check').getAttribute('data-ok')).toBe('false');
    expect(screen.getByTestId('hash-check').textContent).toBe('Hash does NOT match the commitment');

    fireEvent.change(seedInput, { target: { value: 'not a seed' } });
    fireEvent.click(screen.getByTestId('verify-submit'));
    expect(screen.getByTestId('verify-problem').textContent).toBe(
      'The server seed is 64 hexadecimal characters.',
    );
  });

  it('starts empty when opened on its own', () => {
    renderUi(<VerifyPage />, { path: '/originals/verify' });
    expect(screen.getByRole('heading', { name: 'Verify a round' })).toBeTruthy();
    expect(screen.getByTestId('verify-result').textContent).toBe('');
  });

  it('recomputes the round’s jackpot draw from the same seed material, given the jackpot’s odds', () => {
    renderUi(<VerifyPage />, { path: pathFor({ jackpotOneIn: '1' }) });
    expect(screen.getByTestId('jackpot-check').getAttribute('data-won')).toBe('true');
    const input = screen.getByTestId('verify-jackpot-one-in');
    fireEvent.change(input, { target: { value: '1000000000000' } });
    const draw = jackpotDraw(inputs, 2000n, 1_000_000_000_000n);
    const check = screen.getByTestId('jackpot-check');
    expect(check.getAttribute('data-won')).toBe(String(draw.won));
    expect(check.textContent).toContain(`Jackpot draw: ${draw.value} of 0 … 1000000000000 − 1`);
  });
});
