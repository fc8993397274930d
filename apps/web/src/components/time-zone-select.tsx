import { NativeSelect, type NativeSelectProps } from '@mantine/core';
import { useMemo } from 'react';

/** Props of {@link TimeZoneSelect}: a NativeSelect's props without `data`. */
export type TimeZoneSelectProps = Omit<NativeSelectProps, 'data'>;

/** Every IANA time zone this browser knows, with UTC (Intl lists only region zones). */
function timeZones(): string[] {
  const zones = Intl.supportedValuesOf('timeZone');
  return zones.includes('UTC') ? zones : [...zones, 'UTC'];
}

/**
 * A select of IANA time zones (`Asia/Kolkata`, ...). Native, so phones show
 * their own picker and desktop browsers allow typing to jump.
 */
export function TimeZoneSelect(props: TimeZoneSelectProps) {
  const value = typeof props.value === 'string' ? props.value : '';
  const data = useMemo(() => {
    const zones = timeZones();
    return value === '' || zones.includes(value) ? zones : [value, ...zones];
  }, [value]);
  return <NativeSelect required {...props} data={data} />;
}
