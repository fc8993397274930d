import Bowser from 'bowser';

/** What the account page's session list says of a device (DESIGN.md §3); null where the user agent says nothing. */
export interface DeviceDescription {
  browser: string | null;
  os: string | null;
  deviceType: 'mobile' | 'tablet' | 'desktop' | null;
}

const DEVICE_TYPES = new Set(['mobile', 'tablet', 'desktop']);

/**
 * Reads a `User-Agent` header (as stored, at most 300 characters) with
 * bowser: browser name ("Chrome"), OS name ("Android") and device type.
 * Unknown or absent user agents give nulls; never throws.
 */
export function describeUserAgent(userAgent: string | null): DeviceDescription {
  if (!userAgent?.trim()) return { browser: null, os: null, deviceType: null };
  try {
    const parsed = Bowser.parse(userAgent);
    const type = parsed.platform.type;
    return {
      browser: parsed.browser.name || null,
      os: parsed.os.name || null,
      deviceType: type && DEVICE_TYPES.has(type) ? (type as DeviceDescription['deviceType']) : null,
    };
  } catch {
    return { browser: null, os: null, deviceType: null };
  }
}
