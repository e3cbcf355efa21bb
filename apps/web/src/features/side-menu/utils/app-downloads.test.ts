import type { Resource } from '@lotus/shared/system.schema';
import { describe, expect, it } from 'vitest';
import { appDownloads } from './app-downloads.ts';

const resource = (resourceType: string, url: string, qrCodeUrl: string | null = null): Resource => ({
  resourceType,
  url,
  qrCodeUrl,
  labelNameEn: null,
});

describe('appDownloads', () => {
  it('lists mobile config, iOS and Android in that order, with absolute addresses', () => {
    const links = appDownloads(
      [
        resource('APP_ANDROID', '/down#android'),
        resource('FACEBOOK', 'https://facebook.example.com/lotus'),
        resource('APP_IOS', 'https://apps.lotus.example.com/ios'),
        resource('APP_MOBILE_CONFIG', '/down#lite', '/brand/qr-lite.png'),
      ],
      'https://www.lotus.example.com',
    );
    expect(links).toEqual([
      {
        platform: 'lite',
        url: 'https://www.lotus.example.com/down#lite',
        qrImageUrl: 'https://www.lotus.example.com/brand/qr-lite.png',
      },
      { platform: 'ios', url: 'https://apps.lotus.example.com/ios', qrImageUrl: null },
      { platform: 'android', url: 'https://www.lotus.example.com/down#android', qrImageUrl: null },
    ]);
  });

  it('is empty without app resources, and skips addresses that are not web pages', () => {
    expect(appDownloads([resource('TELEGRAM', 'https://t.example.com')], 'https://a.example')).toEqual([]);
    expect(appDownloads([resource('APP_IOS', 'javascript:alert(1)')], 'https://a.example')).toEqual([]);
  });

  it('keeps the first resource of a platform', () => {
    const links = appDownloads(
      [resource('IOS', '/first'), resource('APP_IOS', '/second')],
      'https://a.example',
    );
    expect(links.map((link) => link.url)).toEqual(['https://a.example/first']);
  });
});
