import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_LOGIN_OPTIONS } from '../../features/auth/login-options.ts';
import { openAuthModal, useAuthModal } from '../../lib/session/auth-modal-store.ts';
import { useSessionStore } from '../../lib/session/session-store.ts';
import { readSessionToken, writeSessionToken } from '../../lib/storage.ts';
import { resetLanguage } from '../../test/render-app.tsx';
import { renderUi, stubFetch } from '../../test/render-ui.tsx';
import { AuthModals } from './auth-modals.tsx';

function renderModals(path = '/games') {
  return renderUi(<AuthModals loginOptions={DEFAULT_LOGIN_OPTIONS} />, { path });
}

describe('AuthModals', () => {
  beforeEach(async () => {
    await resetLanguage();
    useAuthModal.setState({ modal: null });
    writeSessionToken('token-1');
    useSessionStore.setState({ token: 'token-1' });
  });

  it('logout confirm: cancel keeps the session', async () => {
    const fetchStub = stubFetch({ '/wps/session/logout': null as unknown as object });
    renderModals();
    act(() => openAuthModal({ kind: 'logoutConfirm' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log out' });
    expect(within(dialog).getByText('Do you want to log out?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(useAuthModal.getState().modal).toBeNull();
    expect(readSessionToken()).toBe('token-1');
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it('logout confirm: confirm ends the session on the server, signs out and goes home', async () => {
    let release: () => void = () => {};
    // The logout call answers only when released, so the loader can be seen meanwhile.
    const fetchStub = vi.fn(
      () =>
        new Promise<Response>((resolve) => {
          release = () => resolve(Response.json({ success: true, message: 'ok', value: null }));
        }),
    );
    vi.stubGlobal('fetch', fetchStub);
    const { router } = renderModals('/games');
    act(() => openAuthModal({ kind: 'logoutConfirm' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log out' });
    fireEvent.click(within(dialog).getByTestId('logout-confirm'));
    // The loader shows while the call runs.
    await waitFor(() =>
      expect(within(dialog).getByTestId('logout-confirm').getAttribute('data-loading')).toBe('true'),
    );
    expect(readSessionToken()).toBe('token-1');
    await act(async () => release());
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(readSessionToken()).toBeNull();
    expect(useAuthModal.getState().modal).toBeNull();
    const [input, init] = (fetchStub.mock.calls[0] ?? []) as unknown as [string, RequestInit];
    expect(String(input)).toBe('/wps/session/logout');
    expect(init?.method).toBe('DELETE');
  });

  it('true account required: the in_need_true_account warning, confirmed with OK', async () => {
    stubFetch({});
    renderModals();
    act(() => openAuthModal({ kind: 'trueAccountRequired' }));
    const dialog = await screen.findByRole('dialog', { name: 'Real account required' });
    expect(within(dialog).getByText('Please register a real account to use this feature.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(useAuthModal.getState().modal).toBeNull();
  });

  it('opens the login dialog with the username the header handed over', async () => {
    stubFetch({ '/wps/session/remembered': null as unknown as object });
    renderModals();
    act(() => openAuthModal({ kind: 'login', username: 'demo_player' }));
    // The login chunk is the largest of the dialogs; give its first load time on a busy machine.
    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    expect((within(dialog).getByTestId('login-username') as HTMLInputElement).value).toBe('demo_player');
  });

  it('shows the Hindi texts in Hindi', async () => {
    await resetLanguage('hi');
    stubFetch({});
    renderModals();
    act(() => openAuthModal({ kind: 'logoutConfirm' }));
    const dialog = await screen.findByRole('dialog', { name: 'लॉग आउट' });
    expect(within(dialog).getByText('क्या आप लॉग आउट करना चाहते हैं?')).toBeTruthy();
  });
});
