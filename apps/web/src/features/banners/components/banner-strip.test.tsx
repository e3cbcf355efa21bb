import type { Banner } from '@lotus/shared/content.schema';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetLanguage } from '../../../test/render-app.tsx';
import { renderUi, stubFetch } from '../../../test/render-ui.tsx';
import { BannerStrip } from './banner-strip.tsx';

const banner = (bannerId: number, overrides: Partial<Banner> = {}): Banner => ({
  bannerId,
  groupName: 'home',
  url: `/brand/banners/home-${bannerId}.svg`,
  alt: `Banner ${bannerId}`,
  title: `Title ${bannerId}`,
  subtitle: null,
  linkageType: null,
  linkageTarget: null,
  ...overrides,
});

// jsdom has no IntersectionObserver; embla uses it to know which slides are in view.
class IntersectionObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}

function serve(banners: Banner[]) {
  return stubFetch({ '/wps/content/banners': { banners } });
}

describe('BannerStrip', () => {
  beforeEach(async () => {
    await resetLanguage();
    vi.stubGlobal('IntersectionObserver', IntersectionObserverStub);
  });

  it("asks for the group's banners in the interface language and shows nothing when there are none", async () => {
    const fetchStub = serve([]);
    renderUi(<BannerStrip group="rng" />);
    await waitFor(() => expect(fetchStub).toHaveBeenCalled());
    const url = new URL(String(fetchStub.mock.calls[0]?.[0]), 'http://localhost');
    expect(url.searchParams.get('group')).toBe('rng');
    expect(url.searchParams.get('language')).toBe('EN');
    await waitFor(() => expect(screen.queryByTestId('banner-strip')).toBeNull());
  });

  it('holds the space while loading and shows nothing if the banners cannot be loaded', async () => {
    stubFetch({
      '/wps/content/banners': () =>
        Response.json({ success: false, message: 'unknown_error', value: null }, { status: 500 }),
    });
    renderUi(<BannerStrip group="home" />);
    expect(screen.getByTestId('banner-strip').getAttribute('data-state')).toBe('loading');
    await waitFor(() => expect(screen.queryByTestId('banner-strip')).toBeNull());
  });

  it('shows one banner as a still picture with its overlay text, loaded at once', async () => {
    serve([banner(1, { subtitle: 'Every Friday' })]);
    renderUi(<BannerStrip group="home" />);
    const picture = await screen.findByRole('img', { name: 'Banner 1' });
    expect(picture.getAttribute('loading')).toBe('eager');
    expect(screen.getByText('Title 1')).toBeTruthy();
    expect(screen.getByText('Every Friday')).toBeTruthy();
    expect(screen.queryByTestId('banner-carousel')).toBeNull();
    expect(screen.queryByTestId('banner-dot')).toBeNull();
    // Without a linkage it is not a link.
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('opens a ROUTE or PROMOTION banner in the site and a URL banner in a new tab without an opener', async () => {
    serve([banner(1, { linkageType: 'PROMOTION', linkageTarget: '7' })]);
    const first = renderUi(<BannerStrip group="home" />);
    await userEvent.click(await screen.findByRole('link', { name: /Banner 1/ }));
    expect(first.router.state.location.pathname).toBe('/promoDetail');
    expect(first.router.state.location.search).toBe('?id=7');
    first.unmount();

    serve([banner(2, { linkageType: 'URL', linkageTarget: 'https://partners.lotus.example.com/' })]);
    renderUi(<BannerStrip group="home" />);
    const external = await screen.findByRole('link', { name: /Banner 2/ });
    expect(external.getAttribute('href')).toBe('https://partners.lotus.example.com/');
    expect(external.getAttribute('target')).toBe('_blank');
    expect(external.getAttribute('rel')).toBe('noopener noreferrer');
    expect(external.textContent).toContain('opens in a new tab');
  });

  it('turns several banners into a carousel with labelled pagination dots', async () => {
    serve([banner(1, { linkageType: 'ROUTE', linkageTarget: '/promotions' }), banner(2), banner(3)]);
    renderUi(<BannerStrip group="home" />);
    const carousel = await screen.findByTestId('banner-carousel');
    // A labelled <section> is a region landmark; screen readers call it a carousel.
    expect(carousel.tagName).toBe('SECTION');
    expect(carousel.getAttribute('aria-label')).toBe('Featured');
    expect(carousel.getAttribute('aria-roledescription')).toBe('carousel');
    const dots = screen.getAllByTestId('banner-dot');
    expect(dots.map((dot) => dot.getAttribute('aria-label'))).toEqual([
      'Show banner 1 of 3',
      'Show banner 2 of 3',
      'Show banner 3 of 3',
    ]);
    expect(dots[0]?.getAttribute('aria-current')).toBe('true');
    // Only the first picture loads at once (and the next one, so it is ready when it slides in).
    const pictures = screen.getAllByRole('img', { hidden: true });
    expect(pictures.map((image) => image.getAttribute('loading'))).toEqual(['eager', 'eager', 'lazy']);
    // Slides out of view cannot be reached with the keyboard.
    const slides = screen.getAllByTestId('banner-slide');
    expect(slides.map((slide) => slide.hasAttribute('inert'))).toEqual([false, true, true]);
  });

  it('pauses the automatic rotation with its button, and while the pointer is over it', async () => {
    serve([banner(1), banner(2)]);
    renderUi(<BannerStrip group="home" />);
    const carousel = await screen.findByTestId('banner-carousel');
    await waitFor(() => expect(carousel.getAttribute('data-playing')).toBe('true'));

    await userEvent.hover(carousel);
    expect(carousel.getAttribute('data-playing')).toBe('false');
    await userEvent.unhover(carousel);
    expect(carousel.getAttribute('data-playing')).toBe('true');

    const pause = screen.getByTestId('banner-pause');
    expect(pause.getAttribute('aria-label')).toBe('Pause the banners');
    await userEvent.click(pause);
    expect(pause.getAttribute('aria-pressed')).toBe('true');
    await userEvent.unhover(carousel);
    (document.activeElement as HTMLElement | null)?.blur();
    await waitFor(() => expect(carousel.getAttribute('data-playing')).toBe('false'));
  });
});
