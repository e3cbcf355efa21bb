import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { postSealed } from '../../../lib/sealed-request.ts';
import { useAuthModal } from '../../../lib/session/auth-modal-store.ts';
import { makeSetting } from '../../../test/register-fixtures.ts';
import { resetLanguage } from '../../../test/render-app.tsx';
import { renderUi, stubFetch } from '../../../test/render-ui.tsx';
import { OneClickButton } from './one-click-button.tsx';
import { OneClickResultModal } from './one-click-result-modal.tsx';

vi.mock('../../../lib/sealed-request.ts', () => ({ postSealed: vi.fn() }));
const sealed = vi.mocked(postSealed);

describe('one-click registration', () => {
  beforeEach(async () => {
    await resetLanguage();
    sealed.mockReset();
    useAuthModal.getState().close();
    stubFetch({
      '/wps/system/setting/register': makeSetting(),
      '/wps/verification/human': { challenge: 'abc', difficulty: 0, expiresAt: '2030-01-01T00:00:00Z' },
      '/wps/member/info': { account: 'u7k2m9q1' },
    });
  });

  it('sends a generated password passing the brand rule, logs in and shows the credentials once', async () => {
    sealed.mockResolvedValue({
      token: 'tok',
      firstTimeLogin: true,
      passwordExpired: false,
      username: 'u7k2m9q1',
    });
    const { router } = renderUi(<OneClickButton affiliateCode="LOTUSAG1" />, { path: '/register' });
    fireEvent.click(screen.getByTestId('one-click-register'));
    await waitFor(() => expect(useAuthModal.getState().modal?.kind).toBe('oneClickResult'));
    const [path, payload] = sealed.mock.calls[0] ?? [];
    expect(path).toBe('/wps/member/register/oneClick');
    const sent = payload as { password: string; affiliateCode: string };
    expect(sent.password).toMatch(/^(?=.*[A-Za-z])(?=.*[0-9])[A-Za-z0-9]{12}$/);
    expect(sent.affiliateCode).toBe('LOTUSAG1');
    expect(useAuthModal.getState().modal).toEqual({
      kind: 'oneClickResult',
      username: 'u7k2m9q1',
      password: sent.password,
    });
    expect(router.state.location.pathname).toBe('/');
  });

  it('explains a refusal', async () => {
    sealed.mockRejectedValue(new ApiError('too_many_requests', 429));
    renderUi(<OneClickButton />);
    fireEvent.click(screen.getByTestId('one-click-register'));
    expect(await screen.findByTestId('one-click-error')).toHaveProperty(
      'textContent',
      'Too many requests. Please wait a moment and try again.',
    );
    expect(useAuthModal.getState().modal).toBeNull();
  });

  it('shows username and password with copy buttons and closes on "I have saved them"', async () => {
    const onClose = vi.fn();
    renderUi(<OneClickResultModal opened onClose={onClose} username="u7k2m9q1" password="Ab3dEf6hJk9m" />);
    expect((await screen.findByTestId('one-click-username')).textContent).toBe('u7k2m9q1');
    expect(screen.getByTestId('one-click-password').textContent).toBe('Ab3dEf6hJk9m');
    expect(screen.getByTestId('one-click-username-copy')).toBeDefined();
    expect(screen.getByTestId('one-click-password-copy')).toBeDefined();
    fireEvent.click(screen.getByTestId('one-click-saved'));
    expect(onClose).toHaveBeenCalled();
  });
});
