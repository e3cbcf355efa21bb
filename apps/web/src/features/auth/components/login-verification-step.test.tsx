import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetLanguage } from '../../../test/render-app.tsx';
import { renderUi, stubFetch } from '../../../test/render-ui.tsx';
import { LoginVerificationStep } from './login-verification-step.tsx';

const CHALLENGE = {
  challengeId: 'ch-9',
  methods: [
    { method: 'sms' as const, hint: '+91 ••••••0001' },
    { method: 'email' as const, hint: 'p•••@demo.lotus.example' },
  ],
};
const RESULT = { token: 'token-9', firstTimeLogin: false, passwordExpired: false };

function bodies(fetchStub: ReturnType<typeof stubFetch>, path: string): unknown[] {
  const all = fetchStub.mock.calls as unknown as [RequestInfo | URL, RequestInit | undefined][];
  return all.filter(([input]) => String(input) === path).map(([, init]) => JSON.parse(String(init?.body)));
}

describe('LoginVerificationStep', () => {
  beforeEach(async () => {
    await resetLanguage();
  });

  it('sends a code by the chosen method and verifies with it', async () => {
    const fetchStub = stubFetch({
      '/wps/session/login/verification/send': { expiredMinutes: 1 },
      '/wps/session/login/verification': RESULT,
    });
    const onVerified = vi.fn(async () => {});
    renderUi(<LoginVerificationStep challenge={CHALLENGE} onVerified={onVerified} onBack={() => {}} />);
    // The first offered method is chosen; switching to e-mail sends there instead.
    expect((screen.getByLabelText('SMS code to +91 ••••••0001') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByLabelText('E-mail code to p•••@demo.lotus.example'));
    fireEvent.click(screen.getByTestId('verification-send'));
    await waitFor(() =>
      expect(bodies(fetchStub, '/wps/session/login/verification/send')).toEqual([
        { challengeId: 'ch-9', method: 'email' },
      ]),
    );
    await waitFor(() => expect(screen.getByTestId('verification-send').textContent).toMatch(/Resend in/));

    fireEvent.click(screen.getByTestId('verification-submit'));
    expect(await screen.findByText('Please enter the verification code.')).toBeTruthy();
    fireEvent.change(screen.getByTestId('verification-code'), { target: { value: '12a3456' } });
    expect((screen.getByTestId('verification-code') as HTMLInputElement).value).toBe('123456');
    fireEvent.click(screen.getByTestId('verification-submit'));
    await waitFor(() => expect(onVerified).toHaveBeenCalledWith(RESULT));
    expect(bodies(fetchStub, '/wps/session/login/verification')).toEqual([
      { challengeId: 'ch-9', method: 'email', code: '123456' },
    ]);
  });

  it('"back" returns to the login form', () => {
    stubFetch({});
    const onBack = vi.fn();
    renderUi(<LoginVerificationStep challenge={CHALLENGE} onVerified={async () => {}} onBack={onBack} />);
    fireEvent.click(screen.getByRole('button', { name: 'Back to login' }));
    expect(onBack).toHaveBeenCalled();
  });
});
