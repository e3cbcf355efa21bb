import type { Resource } from '@lotus/shared/system.schema';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetLanguage } from '../../../test/render-app.tsx';
import { renderUi } from '../../../test/render-ui.tsx';
import { SideMenu } from './side-menu.tsx';

const resource = (resourceType: string, url: string): Resource => ({
  resourceType,
  url,
  qrCodeUrl: null,
  labelNameEn: null,
});

const RESOURCES = [
  resource('FACEBOOK', 'https://facebook.example.com/lotus'),
  resource('TELEGRAM', 'https://telegram.example.com/lotus_official'),
  resource('TELEGRAM', 'https://telegram.example.com/lotus_support'),
  resource('THREADS', 'https://threads.example.com/@lotus'),
  resource('VIBER', 'https://viber.example.com/lotus'),
  resource('APP_IOS', '/down#ios'),
  resource('APP_ANDROID', '/down#android'),
  resource('APP_MOBILE_CONFIG', '/down#lite'),
];

function renderMenu(resources: Resource[] = RESOURCES) {
  const handlers = { onCustomerService: vi.fn(), onShare: vi.fn() };
  const view = renderUi(<SideMenu resources={resources} {...handlers} />);
  return { ...view, ...handlers };
}

describe('SideMenu', () => {
  beforeEach(async () => {
    await resetLanguage();
  });

  it('links only the side-bar social types the brand has, telling two Telegram channels apart', () => {
    renderMenu();
    const bar = screen.getByRole('complementary', { name: 'Quick links' });
    const socials = within(bar)
      .getAllByRole('link')
      .filter((link) => link.hasAttribute('data-social'));
    expect(socials.map((link) => link.getAttribute('aria-label'))).toEqual([
      'Facebook',
      'Telegram',
      'Telegram 2',
      'Viber',
    ]);
    for (const link of socials) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }
    // Threads belongs to the footer's list, not the side bar's.
    expect(bar.querySelector('[data-social="THREADS"]')).toBeNull();
  });

  it('calls for customer service and share', async () => {
    const { onCustomerService, onShare } = renderMenu();
    await userEvent.click(screen.getByRole('button', { name: 'Customer service' }));
    expect(onCustomerService).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    expect(onShare).toHaveBeenCalledTimes(1);
  });

  it('shows QR codes for the mobile config, iOS and Android apps, drawn in the browser', async () => {
    renderMenu();
    await userEvent.click(screen.getByRole('button', { name: 'Download the app' }));
    const card = await screen.findByTestId('app-download-card');
    await waitFor(() => expect(within(card).getAllByTestId('qr-code')).toHaveLength(3));
    const codes = within(card).getAllByTestId('qr-code');
    expect(codes.map((code) => code.getAttribute('alt'))).toEqual([
      'QR code for the Lite app download',
      'QR code for the iOS download',
      'QR code for the Android download',
    ]);
    expect(codes.map((code) => code.getAttribute('data-qr-value'))).toEqual([
      `${window.location.origin}/down#lite`,
      `${window.location.origin}/down#ios`,
      `${window.location.origin}/down#android`,
    ]);
    for (const code of codes) expect(code.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
  });

  it('links the download page when the brand has no app resources', () => {
    renderMenu([resource('FACEBOOK', 'https://facebook.example.com/lotus')]);
    const download = screen.getByRole('link', { name: 'Download the app' });
    expect(download.getAttribute('href')).toBe('/down');
  });

  it('scrolls back to the top', async () => {
    renderMenu();
    await userEvent.click(screen.getByRole('button', { name: 'Back to top' }));
    expect(window.scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
  });
});
