import { act, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError, apiGet } from '../../../lib/api-client.ts';
import { useAuthModal } from '../../../lib/session/auth-modal-store.ts';
import { useSessionStore } from '../../../lib/session/session-store.ts';
import { writeSessionToken } from '../../../lib/storage.ts';
import { makeMember } from '../../../test/fixtures.ts';
import { resetLanguage } from '../../../test/render-app.tsx';
import { renderUi, stubFetch } from '../../../test/render-ui.tsx';
import { usePasswordChangeGuard } from './use-password-change-guard.ts';

function Guarded() {
  usePasswordChangeGuard();
  return null;
}

const refused = () =>
  Response.json({ success: false, message: 'password_change_required', value: null }, { status: 403 });

describe('usePasswordChangeGuard', () => {
  beforeEach(async () => {
    await resetLanguage();
    useAuthModal.setState({ modal: null });
    writeSessionToken('token-1');
    useSessionStore.setState({ token: 'token-1' });
  });

  it('opens the forced change when member info says the session must change its password', async () => {
    stubFetch({ '/wps/member/info': makeMember({ passwordChangeRequired: true }) });
    renderUi(<Guarded />);
    await waitFor(() =>
      expect(useAuthModal.getState().modal).toEqual({ kind: 'changePassword', forced: true }),
    );
  });

  it('leaves a session that may play alone', async () => {
    const fetchStub = stubFetch({ '/wps/member/info': makeMember() });
    renderUi(<Guarded />);
    await waitFor(() => expect(fetchStub).toHaveBeenCalled());
    await act(async () => {});
    expect(useAuthModal.getState().modal).toBeNull();
  });

  it('opens it on any call the server refuses with 403 password_change_required, keeping an open one', async () => {
    stubFetch({ '/wps/member/info': makeMember(), '/wps/v2/wallets/balance': refused });
    renderUi(<Guarded />);
    const call = apiGet('/wps/v2/wallets/balance');
    await expect(call).rejects.toBeInstanceOf(ApiError);
    await expect(call).rejects.toMatchObject({ code: 'password_change_required', status: 403 });
    expect(useAuthModal.getState().modal).toEqual({ kind: 'changePassword', forced: true });

    // The login flow's dialog (with the password just typed) is not replaced.
    act(() => useAuthModal.getState().open({ kind: 'changePassword', forced: true, oldPassword: 'typed' }));
    await expect(apiGet('/wps/v2/wallets/balance')).rejects.toBeInstanceOf(ApiError);
    expect(useAuthModal.getState().modal).toEqual({
      kind: 'changePassword',
      forced: true,
      oldPassword: 'typed',
    });
  });

  it('stops listening when unmounted', async () => {
    stubFetch({ '/wps/member/info': makeMember(), '/wps/v2/wallets/balance': refused });
    const view = renderUi(<Guarded />);
    view.unmount();
    await expect(apiGet('/wps/v2/wallets/balance')).rejects.toBeInstanceOf(ApiError);
    expect(useAuthModal.getState().modal).toBeNull();
  });
});
