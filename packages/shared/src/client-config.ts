import type { ClientConfig } from './config.ts';

// Values of the config record `client` that need no zod (the web client's
// live-update check runs on every page: docs/decisions/004, "Signed-in
// layouts"). `@rally/shared/config` re-exports them.

/**
 * The `{id}` of a URL's file name `bundle-{id}.zip` (SPEC.md §9 file name
 * form), whatever the id holds; null when the URL does not parse or its
 * file name is not of that form. Only the last path segment counts (query
 * and fragment are ignored); relative URLs are read against a dummy origin.
 * {@link recommendedBundleId} is what the apps use.
 */
export function bundleFileId(url: string | null | undefined): string | null {
  if (!url) return null;
  let pathname: string;
  try {
    pathname = new URL(url, 'http://relative.invalid').pathname;
  } catch {
    return null;
  }
  const fileName = pathname.slice(pathname.lastIndexOf('/') + 1);
  const match = /^bundle-(.+)\.zip$/.exec(fileName);
  return match?.[1] ?? null;
}

/**
 * The update package id of a URL (SPEC.md §4 "the recommended package id
 * is the {id} taken from the file name of the config url"): the
 * {@link bundleFileId} when it may name a bundle ({@link isValidBundleId}:
 * the plugin makes it a folder name), else null, and then no update is
 * recommended (SPEC.md §5).
 *
 * @example recommendedBundleId('https://cdn.example.com/app/bundle-1.4.2.zip') // '1.4.2'
 * @example recommendedBundleId('https://cdn.example.com/app/bundle-public.zip') // null
 */
export function recommendedBundleId(url: string | null | undefined): string | null {
  const id = bundleFileId(url);
  return id !== null && isValidBundleId(id) ? id : null;
}

/** The fragment `#sha256=<64 hex digits>` that {@link bundleChecksum} reads. */
const CHECKSUM_FRAGMENT = /^#sha256=([0-9a-f]{64})$/i;

/**
 * The SHA-256 of the update package a config URL links to, as lowercase hex,
 * when its fragment carries one (`…/bundle-{id}.zip#sha256=<64 hex>`, what
 * `npm run bundle:publish` prints; docs/decisions/027); null otherwise. The
 * fragment is never sent to the server: it travels with the URL in the
 * config record `client`, whose fields stay SPEC.md §3's `url` and
 * `disableLiveUpdate`.
 */
export function bundleChecksum(url: string | null | undefined): string | null {
  if (!url) return null;
  const hashAt = url.indexOf('#');
  if (hashAt < 0) return null;
  return CHECKSUM_FRAGMENT.exec(url.slice(hashAt))?.[1]?.toLowerCase() ?? null;
}

/** Whether a config URL's fragment is absent, empty or a well-formed `#sha256=<64 hex>`. */
export function hasValidChecksumFragment(url: string): boolean {
  const hashAt = url.indexOf('#');
  return hashAt < 0 || hashAt === url.length - 1 || CHECKSUM_FRAGMENT.test(url.slice(hashAt));
}

/** A config URL without its fragment: what the plugin downloads. */
export function bundleDownloadUrl(url: string): string {
  const hashAt = url.indexOf('#');
  return hashAt < 0 ? url : url.slice(0, hashAt);
}

/** The record's value before a global admin has set it: no recommended package, live update on. */
export const DEFAULT_CLIENT_CONFIG: ClientConfig = { url: null, disableLiveUpdate: false };

/**
 * What a live-update bundle id may be (DESIGN.md §8, docs/decisions/026): 1 to 64
 * letters, digits, `.`, `_` or `-`. The plugin stores a bundle in a folder
 * of that name, so nothing else (no `/`, no spaces) is ever let through.
 */
export const BUNDLE_ID_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;
/** The bundle id `@capawesome/capacitor-live-update` reserves for the built-in bundle's folder. */
export const RESERVED_BUNDLE_ID = 'public';

/**
 * Whether `id` may name a live-update bundle: it matches
 * {@link BUNDLE_ID_PATTERN}, is not {@link RESERVED_BUNDLE_ID} and is not
 * `.` or `..` (folder names that are not folders of their own).
 */
export function isValidBundleId(id: string): boolean {
  return BUNDLE_ID_PATTERN.test(id) && id !== RESERVED_BUNDLE_ID && id !== '.' && id !== '..';
}
