import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetLanguage } from '../../../test/render-app.tsx';
import { renderUi } from '../../../test/render-ui.tsx';
import { HeaderLoginForm } from './header-login-form.tsx';

function renderForm(busy = false) {
  const handlers = { onSubmit: vi.fn(), onOpenLogin: vi.fn(), onRegister: vi.fn() };
  renderUi(<HeaderLoginForm {...handlers} busy={busy} />);
  return handlers;
}

describe('header login form', () => {
  beforeEach(() => resetLanguage());

  it('hands over the typed username (trimmed) and password on Enter', async () => {
    const { onSubmit } = renderForm();
    await userEvent.type(screen.getByRole('textbox', { name: 'Username' }), '  demo_player ');
    await userEvent.type(screen.getByLabelText('Password'), 'Secret-1{Enter}');
    expect(onSubmit).toHaveBeenCalledWith({ username: 'demo_player', password: 'Secret-1' });
  });

  it('hands over empty fields too: the login dialog asks for what is missing', async () => {
    const { onSubmit } = renderForm();
    await userEvent.click(screen.getByTestId('header-login-submit'));
    expect(onSubmit).toHaveBeenCalledWith({ username: '', password: '' });
  });

  it('does not submit twice while a login is under way', async () => {
    const { onSubmit } = renderForm(true);
    await userEvent.type(screen.getByRole('textbox', { name: 'Username' }), 'demo_player{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('offers registration, and on phones buttons that open the dialogs', async () => {
    const { onOpenLogin, onRegister } = renderForm();
    await userEvent.click(screen.getByTestId('header-register'));
    expect(onRegister).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByTestId('register-entry'));
    expect(onRegister).toHaveBeenCalledTimes(2);
    await userEvent.click(screen.getByTestId('login-entry'));
    expect(onOpenLogin).toHaveBeenCalledTimes(1);
  });

  it('keeps the password masked, in a form named for assistive technology', () => {
    renderForm();
    expect(screen.getByRole('form', { name: 'Log in' })).toBeTruthy();
    expect(screen.getByLabelText('Password').getAttribute('type')).toBe('password');
    expect(screen.getByLabelText('Password').getAttribute('autocomplete')).toBe('current-password');
  });
});
