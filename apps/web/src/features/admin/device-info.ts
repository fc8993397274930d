/**
 * A one-line summary of a device's `deviceInfo` (SPEC.md §3: "object
 * describing the device", as Capacitor's `Device.getInfo()` reports it), e.g.
 * "Google Pixel 8 · android 15". Known fields first (manufacturer, model,
 * operating system and version, else platform); for any other object its
 * first three `key: value` pairs; '' for an empty object.
 */
export function summarizeDeviceInfo(info: Record<string, unknown>): string {
  const text = (key: string) => {
    const value = info[key];
    return typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
  };
  const model = [text('manufacturer'), text('model')].filter(Boolean).join(' ');
  const system = [text('operatingSystem') || text('platform'), text('osVersion')]
    .filter(Boolean)
    .join(' ');
  const known = [model, system].filter(Boolean).join(' · ');
  if (known !== '') return known;
  return Object.entries(info)
    .filter(([, value]) => value !== null && typeof value !== 'object')
    .slice(0, 3)
    .map(([key, value]) => `${key}: ${String(value)}`)
    .join(', ');
}
