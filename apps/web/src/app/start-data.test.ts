import { afterEach, describe, expect, it, vi } from 'vitest';

// start-data.ts reads the page once; each case loads a fresh copy of the module over its own page.
async function freshStartData(json: string | null) {
  document.getElementById('lotus-start-data')?.remove();
  if (json !== null) {
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = 'lotus-start-data';
    element.textContent = json;
    document.head.append(element);
  }
  vi.resetModules();
  return import('./start-data.ts');
}

const banners = {
  group: 'home',
  language: 'EN',
  value: { banners: [{ bannerId: 1, url: '/brand/banners/dawn.svg', alt: 'A lotus at dawn' }] },
};

afterEach(() => {
  document.getElementById('lotus-start-data')?.remove();
});

describe('the start data the server inlines (issue 15)', () => {
  it('gives the answers and the first banner for this host', async () => {
    const data = { host: window.location.host, status: { status: 0 }, whitelabel: { site: {} }, banners };
    const { readStartData, firstScreenBanner } = await freshStartData(JSON.stringify(data));
    expect(readStartData()?.status).toEqual({ status: 0 });
    expect(firstScreenBanner()).toEqual({ url: '/brand/banners/dawn.svg', alt: 'A lotus at dawn' });
  });

  it('ignores data made for another host, unreadable data and a page without any', async () => {
    const other = { host: 'other.example', status: { status: 0 }, whitelabel: { site: {} }, banners };
    for (const json of [JSON.stringify(other), '{not json', null]) {
      const { readStartData, firstScreenBanner } = await freshStartData(json);
      expect(readStartData()).toBeNull();
      expect(firstScreenBanner()).toBeNull();
    }
  });
});
