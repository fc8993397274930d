import { z } from 'zod';

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

/**
 * The config record `client` (SPEC.md §3, document `client` of collection
 * `config`): `url` links to the recommended update package
 * (`bundle-{id}.zip`) or is null; `disableLiveUpdate` true turns
 * over-the-air updates off. Answer of `GET /api/config/client` and
 * `PUT /api/admin/config/client`.
 */
export const clientConfigSchema = z.object({
  url: z.string().nullable(),
  disableLiveUpdate: z.boolean(),
});
/** See {@link clientConfigSchema}. */
export type ClientConfig = z.infer<typeof clientConfigSchema>;

/** The record's value before a global admin has set it: no recommended package, live update on. */
export const DEFAULT_CLIENT_CONFIG: ClientConfig = { url: null, disableLiveUpdate: false };

/**
 * Body of `PUT /api/admin/config/client` (global admins): an absolute
 * http(s) URL whose file name has the form `bundle-{id}.zip` (SPEC.md §9),
 * or null for none; and `disableLiveUpdate`. Both fields are required.
 */
export const updateClientConfigSchema = z.object({
  url: z
    .string({ message: 'url must be a link to bundle-{id}.zip, or null' })
    .trim()
    .max(2000, 'url must be at most 2000 characters')
    .refine(
      (value) => {
        try {
          return ['http:', 'https:'].includes(new URL(value).protocol);
        } catch {
          return false;
        }
      },
      { message: 'url must be an absolute http:// or https:// link' },
    )
    .refine((value) => recommendedBundleId(value) !== null, {
      message: 'The file name of url must have the form bundle-{id}.zip',
    })
    .nullable(),
  disableLiveUpdate: z.boolean({ message: 'disableLiveUpdate must be true or false' }),
});
/** See {@link updateClientConfigSchema}. */
export type UpdateClientConfig = z.infer<typeof updateClientConfigSchema>;
