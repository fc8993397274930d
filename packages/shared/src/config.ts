import { z } from 'zod';

// Values the web client needs on every page live in client-config.ts, which
// does not build zod schemas (docs/decisions/004, "Signed-in layouts").
import {
  bundleFileId,
  DEFAULT_CLIENT_CONFIG,
  hasValidChecksumFragment,
  isValidBundleId,
  recommendedBundleId,
} from './client-config.ts';
import { textSchema } from './common.ts';

export { DEFAULT_CLIENT_CONFIG, recommendedBundleId };

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

/**
 * Body of `PUT /api/admin/config/client` (global admins): an absolute
 * http(s) URL whose file name has the form `bundle-{id}.zip` (SPEC.md §9)
 * with a valid bundle id (`isValidBundleId`: the plugin makes it a folder
 * name) and, optionally, the package's SHA-256 as `#sha256=<64 hex>`
 * (docs/decisions/027), or null for none; and `disableLiveUpdate`. Both
 * fields are required.
 */
export const updateClientConfigSchema = z.object({
  url: textSchema('url')
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
    .refine((value) => bundleFileId(value) !== null, {
      message: 'The file name of url must have the form bundle-{id}.zip',
    })
    .refine(
      (value) => {
        const id = bundleFileId(value);
        return id === null || isValidBundleId(id);
      },
      {
        message:
          'The {id} of bundle-{id}.zip must be 1 to 64 letters, digits, ".", "_" or "-", and not "public"',
      },
    )
    .refine(hasValidChecksumFragment, {
      message: 'The part of url after # must be sha256= and 64 hexadecimal digits',
    })
    .nullable(),
  disableLiveUpdate: z.boolean({ message: 'disableLiveUpdate must be true or false' }),
});
/** See {@link updateClientConfigSchema}. */
export type UpdateClientConfig = z.infer<typeof updateClientConfigSchema>;
