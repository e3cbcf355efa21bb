import { Skeleton } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/i18n-react.tsx';

const QR_SIZE = 160;

/**
 * The QR code of a download address, drawn in the browser. The `qrcode` package is loaded only when a code
 * is shown (its own chunk), so no other page pays for it. Dark modules on white in both themes: phone
 * cameras read that reliably.
 */
export function DownloadQrCode({ url, label }: { url: string; label: string }) {
  const { t } = useTranslation('content');
  const [state, setState] = useState<{ url: string; dataUrl: string | null; failed: boolean }>({
    url,
    dataUrl: null,
    failed: false,
  });

  useEffect(() => {
    let cancelled = false;
    import('qrcode')
      .then((qrcode) => qrcode.toDataURL(url, { width: QR_SIZE, margin: 1, errorCorrectionLevel: 'M' }))
      .then(
        (dataUrl) => {
          if (!cancelled) setState({ url, dataUrl, failed: false });
        },
        () => {
          if (!cancelled) setState({ url, dataUrl: null, failed: true });
        },
      );
    return () => {
      cancelled = true;
    };
  }, [url]);

  const current = state.url === url ? state : { url, dataUrl: null, failed: false };
  if (current.failed) return null;
  if (!current.dataUrl) return <Skeleton width={QR_SIZE} height={QR_SIZE} radius="sm" />;
  return (
    <img
      src={current.dataUrl}
      width={QR_SIZE}
      height={QR_SIZE}
      alt={t('download.qrAlt', { platform: label })}
      data-testid="download-qr"
      data-qr-url={url}
      style={{ background: '#fff', borderRadius: 8, padding: 4 }}
    />
  );
}
