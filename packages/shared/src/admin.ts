import { z } from 'zod';
import { idSchema, textSchema } from './common.ts';
import { clientDeviceSchema } from './clients.ts';

/** Default and largest page size of the global-admin lists. */
export const ADMIN_PAGE_SIZE = { default: 20, max: 100 } as const;

/**
 * Query of the global-admin lists (`GET /api/admin/orgs|users|clients`):
 * `q` a case-insensitive substring to search for (trimmed, at most 100
 * characters, empty = everything), `page` 1-based, `pageSize` 1..100
 * (default 20).
 */
export const adminListQuerySchema = z.object({
  q: textSchema('q').trim().max(100, 'q must be at most 100 characters').default(''),
  page: z.coerce
    .number({ message: 'page must be a whole number from 1' })
    .int('page must be a whole number from 1')
    .min(1, 'page must be a whole number from 1')
    .default(1),
  pageSize: z.coerce
    .number({ message: `pageSize must be a whole number from 1 to ${ADMIN_PAGE_SIZE.max}` })
    .int(`pageSize must be a whole number from 1 to ${ADMIN_PAGE_SIZE.max}`)
    .min(1, `pageSize must be a whole number from 1 to ${ADMIN_PAGE_SIZE.max}`)
    .max(ADMIN_PAGE_SIZE.max, `pageSize must be a whole number from 1 to ${ADMIN_PAGE_SIZE.max}`)
    .default(ADMIN_PAGE_SIZE.default),
});
/** See {@link adminListQuerySchema}. */
export type AdminListQuery = z.input<typeof adminListQuerySchema>;

/** One page of a list: `items` of page `page` (1-based), `total` matches over all pages. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int().nonnegative(),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1),
  });
}
/** One page of `T` (see {@link pageSchema}). */
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** An org in the global-admin list, with its member and program counts. `createdAt` ISO 8601 UTC. */
export const adminOrgSchema = z.object({
  id: idSchema,
  name: z.string(),
  slug: z.string(),
  timeZone: z.string(),
  country: z.string(),
  logoUrl: z.string().nullable(),
  memberCount: z.number().int().nonnegative(),
  programCount: z.number().int().nonnegative(),
  createdAt: z.string(),
});
/** See {@link adminOrgSchema}. */
export type AdminOrg = z.infer<typeof adminOrgSchema>;
/** Answer of `GET /api/admin/orgs`, name order. */
export const adminOrgPageSchema = pageSchema(adminOrgSchema);

/** A user in the global-admin list. `phoneNumber` E.164; `createdAt` ISO 8601 UTC; `orgCount` orgs they belong to. */
export const adminUserSchema = z.object({
  id: idSchema,
  phoneNumber: z.string(),
  displayName: z.string().nullable(),
  isGlobalAdmin: z.boolean(),
  orgCount: z.number().int().nonnegative(),
  createdAt: z.string(),
});
/** See {@link adminUserSchema}. */
export type AdminUser = z.infer<typeof adminUserSchema>;
/** Answer of `GET /api/admin/users`, newest first. */
export const adminUserPageSchema = pageSchema(adminUserSchema);

/** Answer of `GET /api/admin/clients`: SPEC.md §3 device records, newest `lastUpdated` first. */
export const adminClientPageSchema = pageSchema(clientDeviceSchema);

/** Params of `PUT /api/admin/users/:userId/global-admin`. */
export const adminUserParamsSchema = z.object({ userId: idSchema });

/** Body of `PUT /api/admin/users/:userId/global-admin`: grant (true) or revoke (false). */
export const setGlobalAdminSchema = z.object({
  isGlobalAdmin: z.boolean({ message: 'isGlobalAdmin must be true or false' }),
});
/** See {@link setGlobalAdminSchema}. */
export type SetGlobalAdmin = z.infer<typeof setGlobalAdminSchema>;

/** Answer of `PUT /api/admin/users/:userId/global-admin`: the user after the change. */
export const setGlobalAdminResponseSchema = z.object({ user: adminUserSchema });
