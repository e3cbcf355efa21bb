import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { makePermission } from '../../../test/fixtures.ts';
import { findLayout, renderApp, resetLanguage } from '../../../test/render-app.tsx';

const mainNav = (name: string) => within(screen.getByRole('navigation', { name }));

async function openMenu() {
  await userEvent.click(screen.getByTestId('language-selector'));
  return screen.findAllByRole('menuitem');
}

describe('language selector', () => {
  beforeEach(() => resetLanguage());

  it('lists the catalogue with only the brand languages enabled', async () => {
    renderApp('/');
    await findLayout();
    const items = await openMenu();
    expect(items.length).toBeGreaterThanOrEqual(30);
    const enabled = items.filter((item) => !item.hasAttribute('disabled')).map((item) => item.dataset.lang);
    expect(enabled).toEqual(['EN', 'HI']);
    const portuguese = items.find((item) => item.dataset.lang === 'PT');
    expect(portuguese?.hasAttribute('disabled')).toBe(true);
    expect(portuguese?.textContent).toContain('Coming soon');
  });

  it('switches to Hindi: stores lang and hisLang, updates <html lang> and the texts', async () => {
    renderApp('/');
    await findLayout();
    expect(mainNav('Main').getByRole('link', { name: 'Promo' })).toBeDefined();

    const items = await openMenu();
    const hindi = items.find((item) => item.dataset.lang === 'HI');
    if (!hindi) throw new Error('no HI item');
    await userEvent.click(hindi);

    await waitFor(() => expect(document.documentElement.lang).toBe('hi'));
    expect(window.localStorage.getItem('lang')).toBe('HI');
    expect(window.localStorage.getItem('hisLang')).toBe('EN');
    expect(await mainNav('मुख्य').findByRole('link', { name: 'प्रोमो' })).toBeDefined();
    expect(screen.getByTestId('page-home').textContent).toContain('में आपका स्वागत है');
  });

  it('ignores clicks on a language the brand does not support', async () => {
    renderApp('/');
    await findLayout();
    const items = await openMenu();
    const thai = items.find((item) => item.dataset.lang === 'TH');
    if (!thai) throw new Error('no TH item');
    await userEvent.click(thai, { pointerEventsCheck: 0 });
    expect(window.localStorage.getItem('lang')).toBeNull();
    expect(document.documentElement.lang).toBe('en');
  });

  it('starts in the brand default language when nothing is stored', async () => {
    renderApp('/', { permission: makePermission({ defaultLanguage: 'HI' }) });
    await findLayout();
    expect(document.documentElement.lang).toBe('hi');
    expect(mainNav('मुख्य').getByRole('link', { name: 'होम' })).toBeDefined();
    expect(window.localStorage.getItem('lang')).toBeNull();
  });

  it('prefers the stored choice over the brand default', async () => {
    window.localStorage.setItem('lang', 'EN');
    renderApp('/', { permission: makePermission({ defaultLanguage: 'HI' }) });
    await findLayout();
    expect(document.documentElement.lang).toBe('en');
  });
});
