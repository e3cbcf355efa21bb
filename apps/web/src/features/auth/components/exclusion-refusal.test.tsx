import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { i18n } from '../../../lib/i18n.ts';
import { postSealed } from '../../../lib/sealed-request.ts';
import { useAuthModal } from '../../../lib/session/auth-modal-store.ts';
import { useSessionStore } from '../../../lib/session/session-store.ts';
import { resetLanguage } from '../../../test/render-app.tsx';
import { renderUi, stubFetch } from '../../../test/render-ui.tsx';
import { DEFAULT_LOGIN_OPTIONS } from '../login-options.ts';
import { ExclusionRefusal } from './exclusion-refusal.tsx';
import { LoginForm } from './login-form.tsx';

vi.mock('../../../lib/sealed-request.ts', () => ({ postSealed: vi.fn() }));
const sealed = vi.mocked(postSealed);

const ENDS_AT = '2027-05-27T10:00:00.000Z';
const excluded = (value: Record<string, unknown>) =>
  new ApiError('account_excluded', 403, {
    kind: 'self_exclusion',
    endsAt: ENDS_AT,
    reopenAvailable: false,
    reopensAt: null,
    ...value,
  });

function renderForm() {
  stubFetch({
    '/wps/session/remembered': () => null as unknown as object,
    '/wps/verification/human': { challenge: 'abc', difficulty: 1, expiresAt: '2026-11-21T10:05:00Z' },
  });
  return renderUi(<LoginForm options={DEFAULT_LOGIN_OPTIONS} />, { path: '/login' });
}

function submitLogin() {
  fireEvent.change(screen.getByTestId('login-username'), { target: { value: 'demo_player' } });
  fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'Lotus-Player-2026!' } });
  fireEvent.click(screen.getByTestId('login-submit'));
}

const longDate = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso));

describe('a login refused because the account is excluded (issue 17)', () => {
  beforeEach(async () => {
    await resetLanguage();
    sealed.mockReset();
    useSessionStore.setState({ token: null });
    useAuthModal.setState({ modal: { kind: 'login' } });
  });

  it("says until when, in the reader's language, and offers no reopen before the end", async () => {
    sealed.mockRejectedValueOnce(excluded({}));
    renderForm();
    submitLogin();
    const message = await screen.findByTestId('login-excluded-message');
    expect(message.textContent).toBe(
      `You chose to exclude yourself from play until ${longDate(ENDS_AT, 'en')}. The account cannot be opened before then.`,
    );
    expect(screen.queryByTestId('login-reopen')).toBeNull();
    expect(screen.queryByTestId('login-error')).toBeNull();

    await i18n.changeLanguage('hi');
    await waitFor(() => expect(message.textContent).toContain(longDate(ENDS_AT, 'hi')));
  });

  it('tells a break its end', async () => {
    sealed.mockRejectedValueOnce(excluded({ kind: 'cool_off' }));
    renderForm();
    submitLogin();
    expect((await screen.findByTestId('login-excluded-message')).textContent).toContain(
      'You are taking a break from play until',
    );
  });

  it('asks to reopen with the same credentials and a new human check, then says when it reopens', async () => {
    const reopensAt = '2026-11-28T16:00:00.000Z';
    sealed.mockRejectedValueOnce(excluded({ reopenAvailable: true, endsAt: '2026-11-01T00:00:00.000Z' }));
    sealed.mockResolvedValueOnce({ reopensAt });
    renderForm();
    submitLogin();
    expect((await screen.findByTestId('login-excluded-message')).textContent).toContain(
      'Your self-exclusion has ended.',
    );
    fireEvent.click(screen.getByTestId('login-reopen'));
    await waitFor(() =>
      expect(screen.getByTestId('login-excluded-message').textContent).toBe(
        `Your account reopens on ${longDate(reopensAt, 'en')}. You can log in from then.`,
      ),
    );
    expect(sealed).toHaveBeenLastCalledWith('/wps/member/protection/reopen', {
      type: 'username',
      username: 'demo_player',
      password: 'Lotus-Player-2026!',
      humanVerification: { challenge: 'abc', nonce: expect.any(String) },
      remember: false,
    });
    expect(screen.queryByTestId('login-reopen')).toBeNull();
  });

  it('shows a reopen already asked for', async () => {
    const reopensAt = '2026-11-28T16:00:00.000Z';
    sealed.mockRejectedValueOnce(excluded({ reopensAt, endsAt: '2026-11-01T00:00:00.000Z' }));
    renderForm();
    submitLogin();
    expect((await screen.findByTestId('login-excluded-message')).textContent).toContain(
      longDate(reopensAt, 'en'),
    );
  });

  it('after an SMS login (its code is spent) points to the password login instead of a reopen button', async () => {
    renderUi(
      <ExclusionRefusal
        error={excluded({ reopenAvailable: true, endsAt: '2026-11-01T00:00:00.000Z' })}
        reopen={null}
      />,
    );
    expect((await screen.findByTestId('login-reopen-with-password')).textContent).toContain(
      'log in with your username and password',
    );
    expect(screen.queryByTestId('login-reopen')).toBeNull();
  });
});
