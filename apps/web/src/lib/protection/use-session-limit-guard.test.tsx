import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetLanguage } from '../../test/render-app.tsx';
import { renderUi } from '../../test/render-ui.tsx';
import { apiGet } from '../api-client.ts';
import { useAuthModal } from '../session/auth-modal-store.ts';
import { useSessionStore } from '../session/session-store.ts';
import { useSessionLimitGuard } from './use-session-limit-guard.ts';

function Guarded() {
  useSessionLimitGuard();
  return null;
}

function answer401(code: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ success: false, message: code, value: null }, { status: 401 })),
  );
}

describe('useSessionLimitGuard (issue 17: the session time limit)', () => {
  beforeEach(async () => {
    await resetLanguage();
    useSessionStore.setState({ token: 'token-1' });
    useAuthModal.setState({ modal: null });
  });
  afterEach(() => {
    useSessionStore.setState({ token: null });
  });

  it('signs out, goes home and says why on the first play_session_limit_reached, whichever call met it', async () => {
    answer401('play_session_limit_reached');
    const { router, queryClient } = renderUi(<Guarded />, { path: '/member/securityCenter' });
    queryClient.setQueryData(['member', 'info'], { username: 'demo' });
    await Promise.allSettled([apiGet('/wps/anything'), apiGet('/wps/other')]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(useSessionStore.getState().token).toBeNull();
    expect(queryClient.getQueryData(['member', 'info'])).toBeUndefined();
    expect(useAuthModal.getState().modal).toEqual({
      kind: 'signedOut',
      reason: { code: 'play_session_limit_reached' },
    });
  });

  it('leaves other refusals to their callers', async () => {
    answer401('not_logged_in');
    const { router } = renderUi(<Guarded />, { path: '/member/securityCenter' });
    await apiGet('/wps/anything').catch(() => undefined);
    expect(useSessionStore.getState().token).toBe('token-1');
    expect(router.state.location.pathname).toBe('/member/securityCenter');
    expect(useAuthModal.getState().modal).toBeNull();
  });
});
