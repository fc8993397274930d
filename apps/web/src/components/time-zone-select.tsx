import { NativeSelect, type NativeSelectProps } from '@mantine/core';
import { useMemo } from 'react';
import { canonicalTimeZone } from '../lib/format';

/** Props of {@link TimeZoneSelect}: a NativeSelect's props without `data`. */
export type TimeZoneSelectProps = Omit<NativeSelectProps, 'data'>;

/**
 * Every IANA time zone this browser knows, by current id (Chromium lists
 * "Asia/Calcutta"; this lists "Asia/Kolkata" once), sorted, with UTC (Intl
 * lists only region zones).
 */
export function timeZones(): string[] {
  const zones = new Set(Intl.supportedValuesOf('timeZone').map(canonicalTimeZone));
  zones.add('UTC');
  return [...zones].sort();
}

/**
 * A select of IANA time zones (`Asia/Kolkata`, ...). Native, so phones show
 * their own picker and desktop browsers allow typing to jump.
 */
export function TimeZoneSelect(props: TimeZoneSelectProps) {
  const value = typeof props.value === 'string' ? canonicalTimeZone(props.value) : '';
  const data = useMemo(() => {
    const zones = timeZones();
    return value === '' || zones.includes(value) ? zones : [value, ...zones];
  }, [value]);
  const shown = typeof props.value === 'string' ? { value } : {};
  return <NativeSelect required {...props} {...shown} data={data} />;
}
