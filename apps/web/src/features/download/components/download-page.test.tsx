import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetLanguage } from '../../../test/render-app.tsx';
import { renderUi, stubFetch } from '../../../test/render-ui.tsx';
import { DownloadPage } from './download-page.tsx';

// jsdom has no canvas; the QR drawing itself is covered by the browser journey.
vi.mock('qrcode', () => ({ toDataURL: async (text: string) => `data:image/png;base64,${btoa(text)}` }));

const GUIDES = {
  guides: [
    {
      platform: 'ios',
      title: 'iPhone and iPad',
      steps: ['Open the link', 'Trust the profile'],
      downloadUrl: '/down#ios',
      version: 'Coming soon',
    },
    {
      platform: 'android',
      title: 'Android phones',
      steps: ['Scan the code', 'Allow the install', 'Open Lotus'],
      downloadUrl: '/downloads/lotus.apk',
      version: '1.2.0',
    },
    {
      platform: 'lite',
      title: 'Lite app',
      steps: ['Add to home screen'],
      downloadUrl: '#',
      version: 'Web',
    },
  ],
};

describe('download page', () => {
  beforeEach(() => resetLanguage());

  it('shows one guide per platform with its anchor, numbered steps and the API version text', async () => {
    stubFetch({ '/wps/content/appDownload': GUIDES });
    renderUi(<DownloadPage />, { path: '/down#android' });
    const guides = await screen.findAllByTestId('download-guide');
    expect(guides.map((guide) => guide.id)).toEqual(['ios', 'android', 'lite']);
    const android = guides[1] as HTMLElement;
    expect(within(android).getByTestId('download-steps').tagName).toBe('OL');
    expect(within(android).getAllByRole('listitem')).toHaveLength(3);
    expect(within(android).getByTestId('download-version').textContent).toBe('Version: 1.2.0');
    expect(within(android).getByTestId('download-link').getAttribute('href')).toBe('/downloads/lotus.apk');
    // The QR code holds the absolute address: a phone does not know this site's origin.
    const qr = await within(android).findByTestId('download-qr');
    expect(qr.dataset.qrUrl).toBe(`${window.location.origin}/downloads/lotus.apk`);
  });

  it('offers no download button while the address is this guide; the QR code then opens the guide', async () => {
    stubFetch({ '/wps/content/appDownload': GUIDES });
    renderUi(<DownloadPage />, { path: '/down' });
    const ios = (await screen.findAllByTestId('download-guide'))[0] as HTMLElement;
    expect(within(ios).getByTestId('download-version').textContent).toBe('Version: Coming soon');
    expect(within(ios).getByTestId('download-unavailable').textContent).toContain('no download');
    expect(within(ios).queryByTestId('download-link')).toBeNull();
    expect((await within(ios).findByTestId('download-qr')).dataset.qrUrl).toBe(
      `${window.location.origin}/down#ios`,
    );
  });

  it('shows neither a QR code nor a link for an unusable address', async () => {
    stubFetch({ '/wps/content/appDownload': GUIDES });
    renderUi(<DownloadPage />, { path: '/down' });
    const lite = (await screen.findAllByTestId('download-guide'))[2] as HTMLElement;
    expect(within(lite).getByTestId('download-unavailable').textContent).toContain('Nothing to download');
    expect(within(lite).queryByTestId('download-qr')).toBeNull();
    expect(within(lite).queryByTestId('download-link')).toBeNull();
  });
});
