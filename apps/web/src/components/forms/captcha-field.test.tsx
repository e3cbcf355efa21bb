import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetLanguage } from '../../test/render-app.tsx';
import { renderUi, stubFetch } from '../../test/render-ui.tsx';
import { CaptchaField } from './captcha-field.tsx';

function Harness({ refreshKey = 0 }: { refreshKey?: number }) {
  const [value, setValue] = useState('');
  return <CaptchaField value={value} onChange={setValue} refreshKey={refreshKey} error={null} />;
}

function KeyedHarness() {
  const [value, setValue] = useState('');
  const [key, setKey] = useState(0);
  return (
    <>
      <CaptchaField value={value} onChange={setValue} refreshKey={key} />
      <button type="button" onClick={() => setKey((current) => current + 1)}>
        next
      </button>
    </>
  );
}

function serveCaptchas() {
  let served = 0;
  const fetchStub = stubFetch({
    '/wps/captcha': () => {
      served += 1;
      return `UE5HIyR${served}`;
    },
  });
  return { fetchStub, served: () => served };
}

const imageSrc = () => screen.getByTestId('captcha-image').getAttribute('src');

describe('CaptchaField', () => {
  beforeEach(async () => {
    await resetLanguage();
    // Only the clock is faked: Testing Library's waitFor needs real timers.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-21T10:00:00.000Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('shows the server image as a PNG data URL with alt text, labelled input', async () => {
    serveCaptchas();
    renderUi(<Harness />);
    await waitFor(() => expect(imageSrc()).toBe('data:image/png;base64,UE5HIyR1'));
    expect(screen.getByRole('img', { name: 'Captcha image: type the characters shown' })).toBeTruthy();
    expect(screen.getByLabelText(/Captcha/, { selector: 'input' })).toBeTruthy();
  });

  it('refreshes on click at most once per second, and clears the typed answer', async () => {
    const captchas = serveCaptchas();
    renderUi(<Harness />);
    await waitFor(() => expect(imageSrc()).toContain('UE5HIyR1'));
    const input = screen.getByTestId('captcha-input') as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'AB12' } });

    // Within the same second: ignored.
    vi.setSystemTime(Date.now() + 500);
    fireEvent.click(screen.getByTestId('captcha-refresh'));
    fireEvent.click(screen.getByTestId('captcha-refresh'));
    expect(captchas.served()).toBe(1);
    expect(input.value).toBe('AB12');

    vi.setSystemTime(Date.now() + 600);
    fireEvent.click(screen.getByTestId('captcha-refresh'));
    await waitFor(() => expect(imageSrc()).toContain('UE5HIyR2'));
    expect(captchas.served()).toBe(2);
    expect(input.value).toBe('');

    // Immediately again: still throttled.
    fireEvent.click(screen.getByTestId('captcha-refresh'));
    expect(captchas.served()).toBe(2);
  });

  it('a new refreshKey always loads a new image, waiting out the one-second window', async () => {
    const captchas = serveCaptchas();
    renderUi(<KeyedHarness />);
    await waitFor(() => expect(captchas.served()).toBe(1));
    fireEvent.click(screen.getByRole('button', { name: 'next' }));
    // Too soon for the server's one-per-second limit: the load waits rather than being dropped.
    expect(captchas.served()).toBe(1);
    // The spent image is not left on screen meanwhile.
    expect(screen.queryByTestId('captcha-image')).toBeNull();
    // The frozen clock makes the wait a real second.
    await waitFor(() => expect(imageSrc()).toContain('UE5HIyR2'));
    expect(captchas.served()).toBe(2);
  });

  it('says so when the image cannot load, and a click retries', async () => {
    let fail = true;
    stubFetch({
      '/wps/captcha': () =>
        fail
          ? Response.json({ success: false, message: 'too_many_requests', value: null }, { status: 429 })
          : 'UE5HIyRok',
    });
    renderUi(<Harness />);
    await waitFor(() => expect(screen.getByTestId('captcha-failed')).toBeTruthy());
    fail = false;
    vi.setSystemTime(Date.now() + 1000);
    fireEvent.click(screen.getByTestId('captcha-refresh'));
    await waitFor(() => expect(imageSrc()).toContain('UE5HIyRok'));
  });
});
