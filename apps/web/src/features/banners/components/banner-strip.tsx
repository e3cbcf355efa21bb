import type { BannerGroup } from '@lotus/shared/content-vocabulary';
import { lazy, Suspense } from 'react';
import { useBanners } from '../api/get-banners.ts';
import { BannerSlide } from './banner-slide.tsx';
import classes from './banner-strip.module.css';

// The carousel (embla and its autoplay) is only downloaded for a group with more than one banner.
const BannerCarousel = lazy(() =>
  import('./banner-carousel.tsx').then((m) => ({ default: m.BannerCarousel })),
);

/**
 * The banner strip of a page group (SPEC §2 "Banners (by path group)"): nothing when the group has no
 * banners (or they cannot be loaded: banners are decoration, the page works without them), a still
 * picture for one, a carousel for more.
 */
export function BannerStrip({ group }: { group: BannerGroup }) {
  const { data, isPending, isError } = useBanners(group);

  if (isError || (!isPending && data.banners.length === 0)) return null;

  return (
    // The carousel is the labelled region; a single banner is just a picture on the page.
    <div
      className={classes.strip}
      aria-busy={isPending || undefined}
      data-testid="banner-strip"
      data-state={isPending ? 'loading' : 'ready'}
      data-count={data?.banners.length}
    >
      <div className="w1200">
        {isPending ? (
          // Most banner groups have banners: hold their height so the page does not jump when they arrive.
          <div className={`${classes.frame} ${classes.placeholder}`} />
        ) : data.banners.length === 1 && data.banners[0] ? (
          <BannerSlide banner={data.banners[0]} eager />
        ) : (
          <Suspense fallback={data.banners[0] ? <BannerSlide banner={data.banners[0]} eager /> : null}>
            <BannerCarousel banners={data.banners} />
          </Suspense>
        )}
      </div>
    </div>
  );
}
