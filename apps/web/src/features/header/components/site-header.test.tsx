import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { makePermission } from '../../../test/fixtures.ts';
import { findLayout, renderApp, resetLanguage } from '../../../test/render-app.tsx';

function currentNavLinks() {
  const nav = screen.getByRole('navigation', { name: 'Main' });
  return within(nav)
    .getAllByRole('link')
    .filter((link) => link.getAttribute('aria-current') === 'page')
    .map((link) => link.textContent);
}

describe('site header', () => {
  beforeEach(() => resetLanguage());

  it('highlights the entry of the current route only', async () => {
    renderApp('/live');
    await findLayout();
    await screen.findByTestId('page-live', {}, { timeout: 4000 });
    expect(currentNavLinks()).toEqual(['Live Casino']);
  });

  it('highlights Home on /index.html', async () => {
    renderApp('/index.html');
    await findLayout();
    expect(currentNavLinks()).toEqual(['Home']);
  });

  it('highlights nothing on a page without a nav entry', async () => {
    renderApp('/noticePage');
    await findLayout();
    expect(currentNavLinks()).toEqual([]);
  });

  it('labels /rng Slots for an EN/HI brand and Casino when PT is supported', async () => {
    renderApp('/rng');
    await findLayout();
    expect(screen.getByRole('link', { name: 'Slots' }).getAttribute('href')).toBe('/rng');
    expect((await screen.findByTestId('page-games', {}, { timeout: 4000 })).textContent).toContain('Slots');
  });

  it('labels /rng Casino when the brand supports PT', async () => {
    renderApp('/rng', { permission: makePermission({ supportedLanguages: ['EN', 'HI', 'PT'] }) });
    await findLayout();
    expect(screen.getByRole('link', { name: 'Casino' }).getAttribute('href')).toBe('/rng');
    expect(screen.queryByRole('link', { name: 'Slots' })).toBeNull();
  });

  it('shows the brand name and a login entry for a visitor', async () => {
    renderApp('/', { permission: makePermission({ brandName: 'Acme Play' }) });
    await findLayout();
    const header = screen.getByTestId('site-header');
    expect(header.textContent).toContain('Acme Play');
    expect(within(header).getByTestId('login-entry').getAttribute('href')).toBe('/login');
  });
});
