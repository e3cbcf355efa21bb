import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { useAuthModal } from '../../../lib/session/auth-modal-store.ts';
import { resetLanguage } from '../../../test/render-app.tsx';
import { renderUi } from '../../../test/render-ui.tsx';
import { SignedOutDialog } from './signed-out-dialog.tsx';

const ENDS_AT = '2026-12-04T15:00:00.000Z';
const longDate = (language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(ENDS_AT));

describe('SignedOutDialog (issue 17)', () => {
  beforeEach(async () => {
    await resetLanguage();
    useAuthModal.setState({ modal: null });
  });

  it('tells a break its end date in English and Hindi', async () => {
    const onClose = vi.fn();
    renderUi(
      <SignedOutDialog
        opened
        onClose={onClose}
        reason={{ code: 'exclusion', exclusion: 'cool_off', endsAt: ENDS_AT }}
      />,
    );
    const message = await screen.findByTestId('signed-out-message');
    expect(message.getAttribute('role')).toBe('alert');
    expect(message.textContent).toBe(
      `Your break has started and you have been logged out. You can log in again from ${longDate('en')}.`,
    );
    fireEvent.click(screen.getByTestId('signed-out-ok'));
    expect(onClose).toHaveBeenCalled();

    await i18n.changeLanguage('hi');
    expect((await screen.findByTestId('signed-out-message')).textContent).toContain(longDate('hi'));
  });

  it('says the session time limit ended the session and offers to log in again', async () => {
    renderUi(
      <SignedOutDialog opened onClose={() => undefined} reason={{ code: 'play_session_limit_reached' }} />,
    );
    expect((await screen.findByTestId('signed-out-message')).textContent).toContain(
      'You have reached the session time limit you set',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(useAuthModal.getState().modal).toEqual({ kind: 'login' });
  });
});
