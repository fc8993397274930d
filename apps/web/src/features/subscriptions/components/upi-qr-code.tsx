import { Skeleton } from '@mantine/core';
import { useEffect, useState } from 'react';

/** Props of {@link UpiQrCode}. */
export interface UpiQrCodeProps {
  /** The `upi://pay?...` intent string (NPCI UPI linking specification) to encode. */
  intent: string;
  /** Accessible name of the image, e.g. "UPI QR code to pay ₹1,500.00 to …". */
  label: string;
}

/**
 * A QR code of a UPI payment intent, drawn as a PNG data URL by the `qrcode`
 * package, which is loaded only when a dues view has something to pay (it is
 * in no page's first load).
 */
export function UpiQrCode({ intent, label }: UpiQrCodeProps) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let isCurrent = true;
    void import('qrcode')
      .then((qrcode) => qrcode.toDataURL(intent, { margin: 1, width: 200 }))
      .then((url) => {
        if (isCurrent) setSrc(url);
      })
      .catch(() => undefined);
    return () => {
      isCurrent = false;
    };
  }, [intent]);
  if (!src) return <Skeleton width={200} height={200} aria-busy="true" />;
  return <img src={src} alt={label} width={200} height={200} />;
}
