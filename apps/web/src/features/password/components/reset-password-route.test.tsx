import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { makePermission } from '../../../test/fixtures.ts';
import { findLayout, renderApp, resetLanguage } from '../../../test/render-app.tsx';

describe('/resetPassword', () => {
  beforeEach(() => resetLanguage());

  it('opens the reset form for a visitor, even on a brand that sends visitors to /login', async () => {
    const { router } = renderApp('/resetPassword?token=abc', {
      permission: makePermission({ loggedInToHomePage: true }),
    });
    await findLayout();
    expect(await screen.findByTestId('reset-password-form')).toBeDefined();
    expect(router.state.location.pathname).toBe('/resetPassword');
    expect(router.state.location.search).toBe('?token=abc');
    expect(document.title).toContain('Reset password');
  });
});
