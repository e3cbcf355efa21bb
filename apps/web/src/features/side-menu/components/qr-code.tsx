import { Skeleton, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import classes from './side-menu.module.css';

const SIZE = 112;

type QrCodeProps = {
  /** The address the code carries. */
  value: string;
  /** What the code is for, read by screen readers. */
  label: string;
  /** A picture the operator uploaded instead; drawn in the browser when null. */
  imageUrl: string | null;
};

/**
 * A QR code drawn in the browser as SVG (the `qrcode` package, loaded only when a code is first shown) and
 * used as an image's data URL, so no markup is injected. Always dark on white: phone cameras need the
 * contrast, in the dark theme too.
 */
export function QrCode({ value, label, imageUrl }: QrCodeProps) {
  const { t } = useTranslation('chrome');
  const [drawn, setDrawn] = useState<{ value: string; src: string } | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (imageUrl) return;
    let live = true;
    setFailed(false);
    import('qrcode')
      .then((qrcode) => qrcode.toString(value, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }))
      .then(
        (svg) => {
          if (live) setDrawn({ value, src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` });
        },
        () => {
          if (live) setFailed(true);
        },
      );
    return () => {
      live = false;
    };
  }, [value, imageUrl]);

  const src = imageUrl ?? (drawn?.value === value ? drawn.src : null);
  if (failed && !src) {
    return (
      <Text size="xs" c="dimmed" className={classes.qrFallback} data-testid="qr-code-unavailable">
        {t('sideMenu.qrUnavailable')}
      </Text>
    );
  }
  if (!src) return <Skeleton width={SIZE} height={SIZE} radius="sm" />;
  return (
    <img
      className={classes.qr}
      src={src}
      alt={label}
      width={SIZE}
      height={SIZE}
      data-testid="qr-code"
      data-qr-value={value}
    />
  );
}
