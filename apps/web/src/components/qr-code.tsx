import { Skeleton, Text } from '@mantine/core';
import { useEffect, useState } from 'react';

/** Props of {@link QrCode}. */
export interface QrCodeProps {
  /** What the code holds (a URL). */
  value: string;
  /** The image's text alternative, e.g. "QR code of the join link of Under-12s". */
  label: string;
  /** Shown instead when the `qrcode` package cannot be downloaded (offline). */
  failedMessage: string;
  /** Width and height in CSS pixels; 220 by default. */
  size?: number;
}

/**
 * A QR code of `value`, drawn as an SVG by the `qrcode` package, which is
 * imported on first use (a skeleton of the same size meanwhile), on white so
 * a phone's camera reads it on a dark theme too.
 */
export function QrCode({ value, label, failedMessage, size = 220 }: QrCodeProps) {
  const [src, setSrc] = useState<string | null>(null);
  const [isFailed, setIsFailed] = useState(false);
  useEffect(() => {
    let isCurrent = true;
    void import('qrcode')
      .then((qrcode) => qrcode.toString(value, { type: 'svg', margin: 1 }))
      .then((svg) => {
        if (isCurrent) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      })
      .catch(() => {
        if (isCurrent) setIsFailed(true);
      });
    return () => {
      isCurrent = false;
    };
  }, [value]);
  if (isFailed) return <Text c="red.8">{failedMessage}</Text>;
  if (!src) return <Skeleton width={size} height={size} aria-busy="true" />;
  return <img src={src} alt={label} width={size} height={size} style={{ background: 'white' }} />;
}
