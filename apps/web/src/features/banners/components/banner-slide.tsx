import type { Banner } from '@lotus/shared/content.schema';
import { VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { bannerTarget } from '../utils/banner-target.ts';
import classes from './banner-strip.module.css';

type BannerSlideProps = {
  banner: Banner;
  /** The first banner is what the visitor sees first: load it at once; the others when they come near. */
  eager: boolean;
};

/**
 * One banner: the picture in a fixed-ratio frame (its height is reserved before the image arrives, so the
 * page below never jumps), the operator's title and subtitle overlaid as real text, and a link when the
 * banner has a linkage (SPEC §2).
 */
export function BannerSlide({ banner, eager }: BannerSlideProps) {
  const { t } = useTranslation('chrome');
  const target = bannerTarget(banner);
  const picture = (
    <>
      <img
        className={classes.image}
        src={banner.url}
        alt={banner.alt}
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'high' : 'auto'}
        decoding="async"
        draggable={false}
      />
      {banner.title || banner.subtitle ? (
        <span className={classes.caption}>
          {banner.title ? <span className={classes.title}>{banner.title}</span> : null}
          {banner.subtitle ? <span className={classes.subtitle}>{banner.subtitle}</span> : null}
        </span>
      ) : null}
    </>
  );

  const common = { className: classes.frame, 'data-testid': 'banner', 'data-banner-id': banner.bannerId };
  if (target?.kind === 'route') {
    return (
      <Link to={target.to} {...common} data-linkage={banner.linkageType ?? undefined}>
        {picture}
      </Link>
    );
  }
  if (target?.kind === 'external') {
    return (
      <a
        href={target.href}
        target="_blank"
        rel="noopener noreferrer"
        {...common}
        data-linkage={banner.linkageType ?? undefined}
      >
        {picture}
        <VisuallyHidden>{t('banners.newTab')}</VisuallyHidden>
      </a>
    );
  }
  return <div {...common}>{picture}</div>;
}
