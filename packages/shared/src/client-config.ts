import type { ClientConfig } from './config.ts';

// Values of the config record `client` that need no zod (the web client's
// live-update check runs on every page: docs/decisions/004, "Signed-in
// layouts"). `@rally/shared/config` re-exports them.

/**
 * The update package id of a URL: the `{id}` of its file name
 * `bundle-{id}.zip` (SPEC.md §4 "the recommended package id is the {id}
 * taken from the file name of the config url"; §9 file name form). Only the
 * last path segment counts (query and fragment are ignored); relative URLs
 * are read against a dummy origin. Returns null when the URL does not parse
 * or its file name is not of that form (then no update is recommended,
 * SPEC.md §5).
 *
 * @example recommendedBundleId('https://cdn.example.com/app/bundle-1.4.2.zip') // '1.4.2'
 */
export function recommendedBundleId(url: string | null | undefined): string | null {
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

/** The record's value before a global admin has set it: no recommended package, live update on. */
export const DEFAULT_CLIENT_CONFIG: ClientConfig = { url: null, disableLiveUpdate: false };
