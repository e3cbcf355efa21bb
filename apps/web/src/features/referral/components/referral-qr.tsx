import { Skeleton, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/i18n-react.tsx';

const QR_PIXELS = 160;

/**
 * The invitation link as a QR code: the `qrcode` package draws SVG in the browser, loaded only when this
 * page opens (its own chunk), shown as an image's data URL so no markup is injected. Dark on white in both
 * themes, which phone cameras need.
 */
export function ReferralQr({ link }: { link: string }) {
  const { t } = useTranslation('missions');
  const [image, setImage] = useState<{ link: string; src: string } | null>(null);
  const [broken, setBroken] = useState(false);

  useEffect(() => {
    let current = true;
    setBroken(false);
    const draw = async () => {
      const qrcode = await import('qrcode');
      const svg = await qrcode.toString(link, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
      if (current) setImage({ link, src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` });
    };
    draw().catch(() => {
      if (current) setBroken(true);
    });
    return () => {
      current = false;
    };
  }, [link]);

  if (broken) {
    return (
      <Text size="sm" c="dimmed" data-testid="referral-qr-unavailable">
        {t('referral.qrUnavailable')}
      </Text>
    );
  }
  if (image?.link !== link) return <Skeleton width={QR_PIXELS} height={QR_PIXELS} radius="sm" />;
  return (
    <img
      src={image.src}
      alt={t('referral.qrLabel')}
      width={QR_PIXELS}
      height={QR_PIXELS}
      style={{ background: '#fff', borderRadius: 4 }}
      data-testid="referral-qr"
      data-qr-value={link}
    />
  );
}
