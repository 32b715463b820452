import { Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';

interface QrState {
  value: string;
  dataUrl: string | null;
  failed: boolean;
}

/**
 * Draws a QR code for `value` in the browser: the two-factor secret never leaves the page for an
 * external QR service. The encoder is loaded on demand so that it is not part of the landing page's JS.
 */
export function QrCodeImage({ value, alt }: { value: string; alt: string }) {
  const [qr, setQr] = useState<QrState>({ value, dataUrl: null, failed: false });

  useEffect(() => {
    let cancelled = false;
    import('qrcode')
      .then((qrcode) => qrcode.toDataURL(value, { margin: 1, width: 200, errorCorrectionLevel: 'M' }))
      .then((dataUrl) => {
        if (!cancelled) setQr({ value, dataUrl, failed: false });
      })
      .catch((error: unknown) => {
        console.error('Could not draw the QR code', error);
        if (!cancelled) setQr({ value, dataUrl: null, failed: true });
      });
    return () => {
      cancelled = true;
    };
  }, [value]);

  // A result for an earlier value is never shown for the current one.
  const current = qr.value === value ? qr : { dataUrl: null, failed: false };
  if (current.dataUrl) {
    return <img src={current.dataUrl} alt={alt} width={200} height={200} style={{ display: 'block' }} />;
  }
  if (current.failed) {
    return (
      <Typography.Text type="warning">
        The QR code could not be drawn. Enter the secret below in your authenticator app instead.
      </Typography.Text>
    );
  }
  return (
    <span role="status" aria-label="Drawing the QR code">
      <Spin />
    </span>
  );
}
