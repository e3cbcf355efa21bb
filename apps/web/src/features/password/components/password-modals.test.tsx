import { QueryObserver } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiGet } from '../../../lib/api-client.ts';
import { postSealed } from '../../../lib/sealed-request.ts';
import { makePermission } from '../../../test/fixtures.ts';
import { flagTree, makeSetting, sentBody } from '../../../test/register-fixtures.ts';
import { resetLanguage } from '../../../test/render-app.tsx';
import { renderUi, stubFetch } from '../../../test/render-ui.tsx';
import { forgotMethods } from '../utils/password-rules.ts';
import { ChangePasswordModal } from './change-password-modal.tsx';
import { ForgotPasswordModal } from './forgot-password-modal.tsx';
import { ResetPasswordPage } from './reset-password-page.tsx';

vi.mock('../../../lib/sealed-request.ts', () => ({ postSealed: vi.fn() }));
const sealed = vi.mocked(postSealed);

function serve(flags: string[], extra: Record<string, unknown> = {}) {
  return stubFetch({
    '/wps/system/whitelabel': makePermission({}, { whitelabel: flagTree(flags) }),
    '/wps/system/setting/register': makeSetting(),
    '/wps/verification/human': { challenge: 'abc', difficulty: 0, expiresAt: '2030-01-01T00:00:00Z' },
    '/wps/member/info': { account: 'asha01' },
    ...extra,
  });
}

const byTestId = (id: string) => screen.getByTestId(id) as HTMLInputElement;
const type = (id: string, value: string) => fireEvent.change(byTestId(id), { target: { value } });
const errorOf = (id: string) => {
  const described = byTestId(id).getAttribute('aria-describedby') ?? '';
  const errorId = described.split(' ').find((part) => part.endsWith('-error'));
  return errorId ? (document.getElementById(errorId)?.textContent ?? null) : null;
};

describe('forgot password switch rule (SPEC §4)', () => {
  it('offers the switch only when both flags are on', () => {
    expect(forgotMethods({ byEmail: true, byMobile: true })).toEqual(['email', 'mobile']);
    expect(forgotMethods({ byEmail: true, byMobile: false })).toEqual(['email']);
    expect(forgotMethods({ byEmail: false, byMobile: true })).toEqual(['mobile']);
    expect(forgotMethods({ byEmail: false, byMobile: false })).toEqual([]);
  });
});

describe('password modals', () => {
  beforeEach(async () => {
    await resetLanguage();
    sealed.mockReset();
  });

  it('shows the e-mail/mobile switch with both flags, and only the form that is on otherwise', async () => {
    serve(['CHNGPASSMAIL3', 'CHNGPASSVERIF3']);
    const view = renderUi(<ForgotPasswordModal opened onClose={() => {}} />);
    expect(await screen.findByTestId('forgot-method')).toBeDefined();
    expect(screen.getByTestId('forgot-email-form')).toBeDefined();
    fireEvent.click(screen.getByText('By mobile number'));
    expect(await screen.findByTestId('forgot-mobile-form')).toBeDefined();
    view.unmount();

    serve(['CHNGPASSVERIF3']);
    const mobileOnly = renderUi(<ForgotPasswordModal opened onClose={() => {}} />);
    expect(await screen.findByTestId('forgot-mobile-form')).toBeDefined();
    expect(screen.queryByTestId('forgot-method')).toBeNull();
    mobileOnly.unmount();

    serve([]);
    renderUi(<ForgotPasswordModal opened onClose={() => {}} />);
    expect(await screen.findByTestId('forgot-unavailable')).toBeDefined();
  });

  it('checks username and e-mail, sends them and confirms before closing', async () => {
    const onClose = vi.fn();
    const fetchStub = serve(['CHNGPASSMAIL3'], { '/wps/member/password/email': null });
    renderUi(<ForgotPasswordModal opened onClose={onClose} />);
    await screen.findByTestId('forgot-email-form');
    fireEvent.click(screen.getByTestId('forgot-email-submit'));
    // react-hook-form validates asynchronously: each message is awaited.
    await waitFor(() => expect(errorOf('forgot-username')).toBe('Input cannot be empty.'));
    type('forgot-username', 'asha01');
    type('forgot-email', 'nope');
    fireEvent.click(screen.getByTestId('forgot-email-submit'));
    await waitFor(() => expect(errorOf('forgot-email')).toContain('a valid e-mail address'));
    type('forgot-email', 'asha@example.com');
    fireEvent.click(screen.getByTestId('forgot-email-submit'));
    expect(await screen.findByTestId('forgot-email-sent')).toBeDefined();
    expect(sentBody(fetchStub, '/wps/member/password/email')).toEqual({
      username: 'asha01',
      email: 'asha@example.com',
    });
    fireEvent.click(screen.getByTestId('forgot-email-sent-ok'));
    expect(onClose).toHaveBeenCalled();
  });

  it('resets by mobile: code asked for the number, new password by the rule, then logged in', async () => {
    sealed.mockResolvedValue({ token: 'tok', firstTimeLogin: false, passwordExpired: false });
    const fetchStub = serve(['CHNGPASSVERIF3'], { '/wps/verification/sms/noLogin': { expiredMinutes: 1 } });
    const { router } = renderUi(<ForgotPasswordModal opened onClose={() => {}} />, { path: '/x' });
    await screen.findByTestId('forgot-mobile-form');
    type('forgot-mobile', '9000000001');
    fireEvent.click(screen.getByTestId('forgot-sms-send'));
    await screen.findByText(/Resend in/);
    expect(sentBody(fetchStub, '/wps/verification/sms/noLogin')).toMatchObject({
      countryDialingCode: '+91',
      mobileNum: '9000000001',
      purpose: 'reset_password',
    });
    type('forgot-code', '123456');
    type('forgot-new-password', 'abcdef');
    fireEvent.click(screen.getByTestId('forgot-mobile-submit'));
    await waitFor(() =>
      expect(errorOf('forgot-new-password')).toBe(
        'Use 6–20 characters: letters and digits, with at least one of each.',
      ),
    );
    type('forgot-new-password', 'abc123');
    type('forgot-confirm-password', 'abc123');
    fireEvent.click(screen.getByTestId('forgot-mobile-submit'));
    await waitFor(() => expect(sealed).toHaveBeenCalledTimes(1));
    expect(sealed.mock.calls[0]).toEqual([
      '/wps/member/password/verification',
      {
        countryDialingCode: '+91',
        mobileNum: '9000000001',
        verificationCode: '123456',
        newPassword: 'abc123',
        confirmNewPassword: 'abc123',
      },
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('validates a change: old required, new by the rule, confirmation equal; wrong old on its field', async () => {
    serve([]);
    sealed.mockRejectedValueOnce(new ApiError('old_password_error', 400));
    renderUi(<ChangePasswordModal opened onClose={() => {}} forced={false} />);
    await screen.findByTestId('change-password-form');
    fireEvent.click(screen.getByTestId('change-password-submit'));
    await waitFor(() => expect(errorOf('change-old-password')).toBe('Input cannot be empty.'));
    expect(errorOf('change-new-password')).toBe('Input cannot be empty.');
    type('change-old-password', 'whatever');
    type('change-new-password', 'short');
    fireEvent.blur(byTestId('change-new-password'));
    await waitFor(() =>
      expect(errorOf('change-new-password')).toBe(
        'Use 6–20 characters: letters and digits, with at least one of each.',
      ),
    );
    type('change-new-password', 'abc123');
    type('change-confirm-password', 'abc12');
    fireEvent.click(screen.getByTestId('change-password-submit'));
    await waitFor(() =>
      expect(errorOf('change-confirm-password')).toBe('The confirmation password is not correct.'),
    );
    expect(sealed).not.toHaveBeenCalled();
    type('change-confirm-password', 'abc123');
    fireEvent.click(screen.getByTestId('change-password-submit'));
    await waitFor(() => expect(errorOf('change-old-password')).toBe('The current password is not correct.'));
    expect(sealed.mock.calls[0]).toEqual([
      '/wps/member/password',
      { oldPassword: 'whatever', newPassword: 'abc123', confirmNewPassword: 'abc123' },
      'PUT',
    ]);
  });

  it('changes with the password held from login, reloads member info and goes home', async () => {
    const fetchStub = serve([]);
    sealed.mockResolvedValue(null);
    const onClose = vi.fn();
    const { router } = renderUi(
      <ChangePasswordModal opened onClose={onClose} forced oldPassword="Lotus-Welcome-2026!" />,
      { path: '/games' },
    );
    await screen.findByTestId('change-password-form');
    expect(screen.getByTestId('change-password-forced')).toBeDefined();
    expect(screen.queryByTestId('change-old-password')).toBeNull();
    // Forced: no close icon, only the sign-out way out.
    expect(screen.queryByTestId('modal-close')).toBeNull();
    expect(screen.getByTestId('change-password-sign-out')).toBeDefined();
    type('change-new-password', 'abc123');
    type('change-confirm-password', 'abc123');
    fireEvent.click(screen.getByTestId('change-password-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sealed.mock.calls[0]?.[1]).toMatchObject({ oldPassword: 'Lotus-Welcome-2026!' });
    expect(fetchStub.mock.calls.some(([input]) => String(input) === '/wps/member/info')).toBe(true);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('after a forced change, asks again what the server refused while it was pending', async () => {
    let refused = true;
    const balance = vi.fn(() =>
      refused
        ? Response.json({ success: false, message: 'password_change_required', value: null }, { status: 403 })
        : Response.json({ success: true, message: 'ok', value: { sumBalance: '1.00' } }),
    );
    serve([], { '/wps/v2/wallets/balance': balance });
    sealed.mockResolvedValue(null);
    const { queryClient } = renderUi(
      <ChangePasswordModal opened onClose={() => {}} forced oldPassword="Lotus-Welcome-2026!" />,
    );
    // A startup call of the page under the dialog, refused (no retry: a 4xx).
    const unsubscribe = new QueryObserver(queryClient, {
      queryKey: ['wallet', 'balance'],
      queryFn: () => apiGet('/wps/v2/wallets/balance'),
      retry: false,
    }).subscribe(() => {});
    await waitFor(() => expect(queryClient.getQueryState(['wallet', 'balance'])?.status).toBe('error'));
    await screen.findByTestId('change-password-form');
    refused = false;
    type('change-new-password', 'abc123');
    type('change-confirm-password', 'abc123');
    fireEvent.click(screen.getByTestId('change-password-submit'));
    await waitFor(() => expect(queryClient.getQueryState(['wallet', 'balance'])?.status).toBe('success'));
    expect(balance).toHaveBeenCalledTimes(2);
    unsubscribe();
  });

  it('sets a new password from a reset link, and explains a link without token', async () => {
    serve([]);
    sealed.mockResolvedValue(null);
    const view = renderUi(<ResetPasswordPage />, { path: '/resetPassword?token=s3cret' });
    await screen.findByTestId('reset-password-form');
    type('reset-new-password', 'abc123');
    type('reset-confirm-password', 'abc123');
    fireEvent.click(screen.getByTestId('reset-submit'));
    expect(await screen.findByTestId('reset-success')).toBeDefined();
    expect(sealed.mock.calls[0]).toEqual([
      '/wps/member/password/reset',
      { token: 's3cret', newPassword: 'abc123', confirmNewPassword: 'abc123' },
    ]);
    view.unmount();

    renderUi(<ResetPasswordPage />, { path: '/resetPassword' });
    expect(await screen.findByTestId('reset-missing-token')).toBeDefined();
  });
});
