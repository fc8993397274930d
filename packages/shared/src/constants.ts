/**
 * Business constants of Rally. Values marked "SPEC.md §9" are binding and
 * exact; the others are our decisions (DESIGN.md §3) and documented where used.
 */

/** Cloud functions region of the original product; our default backend region. SPEC.md §9. */
export const FUNCTIONS_REGION = 'asia-south1';

/** Default display time of a notification toast, in ms. SPEC.md §9. */
export const NOTIFICATION_AUTO_CLOSE_MS = 5000;

/** Size of the spinner on the full-screen loading overlay (Mantine size, px). SPEC.md §9. */
export const LOADING_OVERLAY_SPINNER_SIZE = 40;

/** Text of the full-screen loading overlay shown while the auth state loads. SPEC.md §9. */
export const LOADING_OVERLAY_TEXT = 'Loading...';

/** Query parameter that carries the return path after sign-in. SPEC.md §9. */
export const REDIRECT_QUERY_PARAM = 'redirect';

/** Fallback value for `deviceId` and `bundleId` when unavailable. SPEC.md §3, §9. */
export const UNKNOWN_VALUE = 'unknown';

/** Screen breakpoints in px. SPEC.md §9. */
export const BREAKPOINTS = { sm: 600, md: 1024, lg: 1440, xl: 1920 } as const;

/** Default UI language. SPEC.md §9. */
export const DEFAULT_LANGUAGE = 'en-US';

/** Default IANA time zone of orgs and programs (DESIGN.md §1: backend region asia-south1). */
export const DEFAULT_TIME_ZONE = 'Asia/Kolkata';

/** Default ISO 3166-1 alpha-2 country for phone parsing and new orgs (DESIGN.md §2). */
export const DEFAULT_COUNTRY = 'IN';

/** Phone sign-in rules (DESIGN.md §3). */
export const PHONE_CODE = {
  /** Number of digits of a sign-in code. */
  digits: 6,
  /** How long a code stays valid, ms (5 minutes). */
  ttlMs: 5 * 60 * 1000,
  /** Wrong tries after which a code is burned. */
  maxAttempts: 5,
  /** Minimum time between two codes sent to one phone, ms. */
  resendCooldownMs: 60 * 1000,
  /** Codes one phone may be sent per rolling hour. */
  perPhonePerHour: 5,
  /** Codes one client IP may request per rolling hour (many family phones share one NAT). */
  perIpPerHour: 30,
} as const;

/** Session lifetime, ms (60 days, extended on use). DESIGN.md §3. */
export const SESSION_TTL_MS = 60 * 24 * 60 * 60 * 1000;

/** Name of the HttpOnly session cookie. DESIGN.md §3. */
export const SESSION_COOKIE = 'rally_session';

/**
 * The origins of the native app's web view (DESIGN.md §8): Capacitor's
 * Android shell serves the bundle from `https://localhost`, its iOS shell
 * from `capacitor://localhost`. Rally's CORS allows exactly these
 * (docs/decisions/026).
 */
export const NATIVE_APP_ORIGINS = ['https://localhost', 'capacitor://localhost'] as const;
