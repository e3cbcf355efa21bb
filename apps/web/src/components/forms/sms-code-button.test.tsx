import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { resetLanguage } from '../../test/render-app.tsx';
import { renderUi } from '../../test/render-ui.tsx';
import { SmsCodeButton } from './sms-code-button.tsx';

const button = () => screen.getByTestId('sms-send');

async function click() {
  await act(async () => {
    fireEvent.click(button());
  });
}

async function advance(ms: number) {
  await act(async () => {
    vi.advanceTimersByTime(ms);
  });
}

describe('SmsCodeButton', () => {
  beforeEach(async () => {
    await resetLanguage();
    // Date and the countdown's interval are faked; promises settle inside act().
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(new Date('2026-11-21T10:00:00.000Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('counts down expiredMinutes × 60 s, blocks sends meanwhile, then offers send again', async () => {
    const send = vi.fn(async () => ({ expiredMinutes: 1 }));
    renderUi(<SmsCodeButton send={send} />);
    expect(button().textContent).toBe('Send code');
    await click();
    expect(send).toHaveBeenCalledTimes(1);
    expect(button().textContent).toBe('Resend in 60 s');
    expect((button() as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('status').textContent).toContain('60 seconds');

    await advance(1000);
    expect(button().textContent).toBe('Resend in 59 s');
    await click();
    expect(send).toHaveBeenCalledTimes(1);

    await advance(58_000);
    expect(button().textContent).toBe('Resend in 1 s');
    await advance(1000);
    expect(button().textContent).toBe('Send code');
    expect((button() as HTMLButtonElement).disabled).toBe(false);
    await click();
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('uses the server’s expiredMinutes for the countdown length', async () => {
    renderUi(<SmsCodeButton send={async () => ({ expiredMinutes: 2 })} />);
    await click();
    expect(button().textContent).toBe('Resend in 120 s');
  });

  it('throttles repeated clicks to one send per second', async () => {
    // A send without a countdown (expiredMinutes 0), so only the throttle stands in the way.
    const send = vi.fn(async () => ({ expiredMinutes: 0 }));
    renderUi(<SmsCodeButton send={send} />);
    await click();
    await click();
    expect(send).toHaveBeenCalledTimes(1);
    vi.setSystemTime(Date.now() + 999);
    await click();
    expect(send).toHaveBeenCalledTimes(1);
    vi.setSystemTime(Date.now() + 1);
    await click();
    expect(send).toHaveBeenCalledTimes(2);
    expect(button().textContent).toBe('Send code');
  });

  it('a click the form refused (an empty number) does not hold back the next one', async () => {
    const send = vi.fn<() => Promise<{ expiredMinutes: number } | null>>(async () => null);
    renderUi(<SmsCodeButton send={send} />);
    await click();
    send.mockResolvedValueOnce({ expiredMinutes: 1 });
    await click();
    expect(send).toHaveBeenCalledTimes(2);
    expect(button().textContent).toBe('Resend in 60 s');
  });

  it('a failed send shows the translated server message in a warning dialog confirmed with OK', async () => {
    const send = vi.fn(async () => {
      throw new ApiError('sms_too_many_requests', 429);
    });
    renderUi(<SmsCodeButton send={send} />);
    await click();
    const dialog = screen.getByRole('dialog', { name: 'Code not sent' });
    expect(within(dialog).getByTestId('sms-failure-message').textContent).toBe(
      'Too many requests. Please retry after 5 minutes.',
    );
    expect(button().textContent).toBe('Send code');
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    });
    expect(screen.queryByRole('dialog', { name: 'Code not sent' })).toBeNull();
  });

  it('respects disabled', async () => {
    const send = vi.fn(async () => ({ expiredMinutes: 1 }));
    renderUi(<SmsCodeButton send={send} disabled />);
    await click();
    expect(send).not.toHaveBeenCalled();
  });
});
