import { BANNER_AUTOPLAY_MS } from '@lotus/shared/constants';
import type { Banner } from '@lotus/shared/content.schema';
import { useReducedMotion } from '@mantine/hooks';
import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel from 'embla-carousel-react';
import { type CSSProperties, type FocusEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { BannerSlide } from './banner-slide.tsx';
import classes from './banner-strip.module.css';

/**
 * More than one banner: they advance every 5000 ms (SPEC §9) with clickable pagination dots.
 *
 * Built on embla directly rather than Mantine's Carousel: that one hard-codes English screen-reader
 * texts and keeps a polite live region that would announce every automatic slide change; here every text
 * is translated and nothing is announced while the slides move by themselves (WAI-ARIA carousel pattern).
 * Autoplay pauses while the pointer is over the strip or focus is inside it, stops with the pause button
 * (WCAG 2.2.2) and never starts for visitors who ask for reduced motion.
 */
export function BannerCarousel({ banners }: { banners: Banner[] }) {
  const { t } = useTranslation('chrome');
  const reducedMotion = useReducedMotion() === true;
  // playOnInit off: whether it plays is decided below, from hover, focus, the pause button and motion.
  const autoplay = useRef(
    Autoplay({
      delay: BANNER_AUTOPLAY_MS,
      playOnInit: false,
      stopOnInteraction: true,
      stopOnFocusIn: false,
      stopOnMouseEnter: false,
    }),
  );
  const [viewportRef, embla] = useEmblaCarousel({ loop: true }, [autoplay.current]);
  const [selected, setSelected] = useState(0);
  // Slides already shown or next in line load eagerly (a lazy image clipped by the strip might not load in time).
  const [reached, setReached] = useState<ReadonlySet<number>>(() => new Set([0, 1]));
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [paused, setPaused] = useState(false);
  const playing = !paused && !hovered && !focused && !reducedMotion;

  useEffect(() => {
    if (!embla) return;
    const onSelect = () => {
      const index = embla.selectedScrollSnap();
      setSelected(index);
      setReached((previous) => {
        const next = (index + 1) % banners.length;
        return previous.has(index) && previous.has(next) ? previous : new Set([...previous, index, next]);
      });
    };
    onSelect();
    embla.on('select', onSelect).on('reInit', onSelect);
    return () => {
      embla.off('select', onSelect).off('reInit', onSelect);
    };
  }, [embla, banners.length]);

  useEffect(() => {
    if (!embla) return;
    if (playing) autoplay.current.play();
    else autoplay.current.stop();
  }, [embla, playing]);

  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };

  const total = banners.length;
  return (
    <section
      className={classes.carousel}
      aria-roledescription={t('banners.carousel')}
      aria-label={t('banners.label')}
      // Room the caption leaves for the dots and the pause button (24px each, plus the pill's padding).
      style={{ '--controls-width': `${(banners.length + 1) * 24 + 16}px` } as CSSProperties}
      data-testid="banner-carousel"
      data-selected={selected}
      data-playing={playing}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
    >
      <div className={classes.viewport} ref={viewportRef}>
        <div className={classes.container}>
          {banners.map((banner, index) => (
            // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern names each slide a group; a fieldset is for form controls.
            <div
              key={banner.bannerId}
              className={classes.slide}
              role="group"
              aria-roledescription={t('banners.slide')}
              aria-label={t('banners.position', { index: index + 1, total })}
              // Slides out of view are neither focusable nor read (their links would scroll the strip).
              inert={index !== selected}
              data-testid="banner-slide"
              data-active={index === selected || undefined}
            >
              <BannerSlide banner={banner} eager={reached.has(index)} />
            </div>
          ))}
        </div>
      </div>
      <div className={classes.controls}>
        {banners.map((banner, index) => (
          <button
            key={banner.bannerId}
            type="button"
            className={classes.dot}
            aria-label={t('banners.goTo', { index: index + 1, total })}
            aria-current={index === selected ? 'true' : undefined}
            data-active={index === selected || undefined}
            data-testid="banner-dot"
            onClick={() => embla?.scrollTo(index, reducedMotion)}
          />
        ))}
        {reducedMotion ? null : (
          <button
            type="button"
            className={classes.pause}
            aria-pressed={paused}
            aria-label={t('banners.pause')}
            data-testid="banner-pause"
            onClick={() => setPaused((value) => !value)}
          >
            <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true" focusable="false">
              {paused ? (
                <path d="M4 2.5v11l9-5.5z" fill="currentColor" />
              ) : (
                <path d="M4 2.5h3v11H4zm5 0h3v11H9z" fill="currentColor" />
              )}
            </svg>
          </button>
        )}
      </div>
    </section>
  );
}
