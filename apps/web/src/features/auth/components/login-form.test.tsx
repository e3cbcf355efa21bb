import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { postSealed } from '../../../lib/sealed-request.ts';
import { useAuthModal } from '../../../lib/session/auth-modal-store.ts';
import { useSessionStore } from '../../../lib/session/session-store.ts';
import { readSessionToken } from '../../../lib/storage.ts';
import { makeMember } from '../../../test/fixtures.ts';
import { resetLanguage } from '../../../test/render-app.tsx';
import { type FetchRoute, renderUi, stubFetch } from '../../../test/render-ui.tsx';
import { DEFAULT_LOGIN_OPTIONS, type LoginOptions } from '../login-options.ts';
import { LoginForm } from './login-form.tsx';

// Sealing is covered by its own tests; here the opened payload is what matters.
vi.mock('../../../lib/sealed-request.ts', () => ({ postSealed: vi.fn() }));
const sealed = vi.mocked(postSealed);

const MEMBER = makeMember();
const RESULT = { token: 'token-1', firstTimeLogin: false, passwordExpired: false };

function failure(message: string, status: number, value: unknown = null) {
  return Response.json({ success: false, message, value }, { status });
}

/** The API around the form; `extra` adds or overrides paths. */
function serve(extra: Record<string, FetchRoute | object> = {}) {
  return stubFetch({
    '/wps/session/remembered': () => null as unknown as object,
    '/wps/verification/human': { challenge: 'abc', difficulty: 1, expiresAt: '2026-11-21T10:05:00Z' },
    '/wps/captcha': () => 'UE5HIyR=',
    '/wps/member/info': MEMBER,
    '/wps/system/setting/register': {
      fields: [],
      captchaRequired: false,
      smsVerification: false,
      mobileMaxLength: 11,
      minimumAge: 21,
      defaultCountryDialingCode: '+91',
    },
    ...extra,
  });
}

function renderForm(options: Partial<LoginOptions> = {}, initialUsername?: string, initialCaptcha?: boolean) {
  return renderUi(
    <LoginForm
      options={{ ...DEFAULT_LOGIN_OPTIONS, ...options }}
      initialUsername={initialUsername}
      initialCaptcha={initialCaptcha}
    />,
    { path: '/login' },
  );
}

const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

/** The calls to one path, with their init (the stub's type only declares the first argument). */
function calls(fetchStub: ReturnType<typeof stubFetch>, path: string) {
  const all = fetchStub.mock.calls as unknown as [RequestInfo | URL, RequestInit | undefined][];
  return all.filter(([input]) => new URL(String(input), 'http://x').pathname === path);
}

describe('LoginForm', () => {
  beforeEach(async () => {
    await resetLanguage();
    sealed.mockReset();
    useSessionStore.setState({ token: null });
    useAuthModal.setState({ modal: { kind: 'login' } });
  });

  it('asks for username and password before calling anything', async () => {
    const fetchStub = serve();
    renderForm();
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('Please enter your username.')).toBeTruthy();
    expect(screen.getByText('Please enter your password.')).toBeTruthy();
    expect(sealed).not.toHaveBeenCalled();
    expect(calls(fetchStub, '/wps/verification/human')).toHaveLength(0);
  });

  it('logs in with a human check and the trimmed password, then stores the token and goes home', async () => {
    serve();
    sealed.mockResolvedValue(RESULT);
    const { router } = renderForm();
    type('login-username', ' demo_player ');
    type('login-password', '  Lotus-Player-2026!  ');
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(sealed).toHaveBeenCalledWith('/wps/session/login', {
      type: 'username',
      username: 'demo_player',
      password: 'Lotus-Player-2026!',
      humanVerification: { challenge: 'abc', nonce: expect.any(String) },
      remember: false,
    });
    expect(readSessionToken()).toBe('token-1');
    expect(useAuthModal.getState().modal).toBeNull();
  });

  it('shows the server message, and a captcha once the error value asks for one', async () => {
    const fetchStub = serve();
    sealed.mockRejectedValueOnce(new ApiError('login_failed', 401, { captcha: true }));
    renderForm();
    expect(screen.queryByTestId('captcha-input')).toBeNull();
    type('login-username', 'demo_player');
    type('login-password', 'wrong');
    fireEvent.click(screen.getByTestId('login-submit'));
    const alert = await screen.findByTestId('login-error');
    expect(alert.textContent).toBe('Incorrect username or password.');
    await screen.findByTestId('captcha-image');
    expect(calls(fetchStub, '/wps/captcha')).toHaveLength(1);

    // The captcha is now required, then sent with the next attempt.
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('Please enter the captcha.')).toBeTruthy();
    sealed.mockResolvedValueOnce(RESULT);
    type('captcha-input', 'AB12');
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(sealed).toHaveBeenCalledTimes(2));
    expect(sealed.mock.calls[1]?.[1]).toMatchObject({ captcha: 'AB12', username: 'demo_player' });
  });

  it('a login from a new IP continues with the verification step', async () => {
    let verifyBody: unknown = null;
    // The verification answer depends on the body, which stubFetch's routes do not see.
    vi.mocked(serve()).mockImplementation((async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://x').pathname;
      if (path === '/wps/session/login/verification') {
        verifyBody = JSON.parse(String(init?.body));
        const attempt = (verifyBody as { payeeName: string }).payeeName;
        return attempt === 'Priya Sharma'
          ? Response.json({ success: true, message: 'ok', value: RESULT })
          : failure('login_verification_failed', 400);
      }
      if (path === '/wps/member/info') return Response.json({ success: true, message: 'ok', value: MEMBER });
      if (path === '/wps/session/remembered')
        return Response.json({ success: true, message: 'ok', value: null });
      if (path === '/wps/verification/human') {
        return Response.json({ success: true, message: 'ok', value: { challenge: 'abc', difficulty: 1 } });
      }
      return failure('not_found', 404);
    }) as typeof fetch);
    sealed.mockRejectedValueOnce(
      new ApiError('login_verification_required', 403, {
        challengeId: 'ch-1',
        methods: [{ method: 'sms', hint: '+91 ••••••0001' }, { method: 'payee_name' }],
      }),
    );
    const { router } = renderForm();
    type('login-username', 'demo_player');
    type('login-password', 'Lotus-Player-2026!');
    fireEvent.click(screen.getByTestId('login-submit'));
    const step = await screen.findByTestId('login-verification');
    expect(within(step).getByLabelText('SMS code to +91 ••••••0001')).toBeTruthy();
    fireEvent.click(within(step).getByLabelText('Bank account holder name'));
    fireEvent.click(screen.getByTestId('verification-submit'));
    expect(await screen.findByText('Please enter the account holder name.')).toBeTruthy();

    type('verification-payee-name', 'Someone Else');
    fireEvent.click(screen.getByTestId('verification-submit'));
    expect((await screen.findByTestId('verification-error')).textContent).toBe(
      'Verification failed. Please check and try again.',
    );
    type('verification-payee-name', 'Priya Sharma');
    fireEvent.click(screen.getByTestId('verification-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(verifyBody).toEqual({ challengeId: 'ch-1', method: 'payee_name', payeeName: 'Priya Sharma' });
    expect(readSessionToken()).toBe('token-1');
  });

  it('pre-fills a remembered account, continues as it, and "not you?" forgets it', async () => {
    const fetchStub = serve({
      '/wps/session/remembered': {
        loginType: 'username',
        username: 'demo_player',
        countryDialingCode: null,
        mobileNum: null,
      },
    });
    renderForm();
    const card = await screen.findByTestId('login-remembered');
    expect(within(card).getByRole('button', { name: 'Continue as demo_player' })).toBeTruthy();
    expect((screen.getByTestId('login-username') as HTMLInputElement).value).toBe('demo_player');
    expect((screen.getByTestId('login-remember') as HTMLInputElement).checked).toBe(true);

    fireEvent.click(screen.getByTestId('login-not-you'));
    await waitFor(() => expect(screen.queryByTestId('login-remembered')).toBeNull());
    const forget = calls(fetchStub, '/wps/session/remembered').find(([, init]) => init?.method === 'DELETE');
    expect(forget).toBeTruthy();
    expect((screen.getByTestId('login-username') as HTMLInputElement).value).toBe('');
    expect((screen.getByTestId('login-remember') as HTMLInputElement).checked).toBe(false);
  });

  it('a remembered SMS account opens the mobile tab without its number, which the server sends masked', async () => {
    serve({
      '/wps/session/remembered': {
        loginType: 'sms',
        username: 'm9000000001',
        countryDialingCode: '+91',
        mobileNum: '••••••0001',
      },
    });
    renderForm({ smsLogin: true });
    await screen.findByTestId('login-remembered');
    expect(screen.getByTestId('login-tab-mobile').getAttribute('aria-selected')).toBe('true');
    expect((screen.getByTestId('login-mobile') as HTMLInputElement).value).toBe('');
  });

  it('"continue as" logs in with the remembered token', async () => {
    const fetchStub = serve({
      '/wps/session/remembered': {
        loginType: 'username',
        username: 'demo_player',
        countryDialingCode: null,
        mobileNum: null,
      },
      '/wps/session/login/remembered': RESULT,
    });
    const { router } = renderForm();
    fireEvent.click(await screen.findByTestId('login-continue'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const [, init] = calls(fetchStub, '/wps/session/login/remembered')[0] ?? [];
    expect(init?.method).toBe('POST');
    expect(readSessionToken()).toBe('token-1');
  });

  it('opens on the mobile tab when SMS login is on, sends a code and logs in with it', async () => {
    const fetchStub = serve({ '/wps/verification/sms/noLogin': { expiredMinutes: 1 } });
    sealed.mockResolvedValue(RESULT);
    const { router } = renderForm({ smsLogin: true, defaultDialingCode: '+91' });
    expect(screen.getByTestId('login-tab-mobile').getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByTestId('login-username')).toBeNull();

    fireEvent.click(screen.getByTestId('login-send-code'));
    expect(await screen.findByText('Please enter your mobile number.')).toBeTruthy();
    expect(calls(fetchStub, '/wps/verification/sms/noLogin')).toHaveLength(0);

    type('login-mobile', '9000000001');
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
    });
    fireEvent.click(screen.getByTestId('login-send-code'));
    await waitFor(() => expect(calls(fetchStub, '/wps/verification/sms/noLogin')).toHaveLength(1));
    const [, init] = calls(fetchStub, '/wps/verification/sms/noLogin')[0] ?? [];
    expect(JSON.parse(String(init?.body))).toMatchObject({
      countryDialingCode: '+91',
      mobileNum: '9000000001',
      purpose: 'login',
      humanVerification: { challenge: 'abc' },
    });
    await waitFor(() => expect(screen.getByTestId('login-send-code').textContent).toMatch(/Resend in/));

    type('login-code', '123456');
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(sealed).toHaveBeenCalledWith('/wps/session/login', {
      type: 'sms',
      countryDialingCode: '+91',
      mobileNum: '9000000001',
      verificationCode: '123456',
      remember: false,
    });
  });

  it('shows the captcha at once when the header handed over because the server asked for one', () => {
    serve();
    renderForm({}, 'demo_player', true);
    expect(screen.getByTestId('captcha-input')).toBeTruthy();
  });

  it('a username handed over by the header opens the username tab pre-filled', () => {
    serve();
    renderForm({ smsLogin: true }, 'demo_player');
    expect(screen.getByTestId('login-tab-username').getAttribute('aria-selected')).toBe('true');
    expect((screen.getByTestId('login-username') as HTMLInputElement).value).toBe('demo_player');
  });

  it('free play (when on) signs in a guest through the sealed free-play call', async () => {
    serve();
    sealed.mockResolvedValue(RESULT);
    const { router } = renderForm({ freePlay: true });
    fireEvent.click(screen.getByTestId('login-free-play'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(sealed).toHaveBeenCalledWith('/wps/session/login/freeplay', {
      os: expect.any(String),
      platform: 'W',
      nonce: expect.stringMatching(/^[0-9a-f]{32}$/),
      version: 3,
      humanVerification: { challenge: 'abc', nonce: expect.any(String) },
    });
  });

  it('has no free-play button when the brand has it off', () => {
    serve();
    renderForm({ freePlay: false });
    expect(screen.queryByTestId('login-free-play')).toBeNull();
  });
});
