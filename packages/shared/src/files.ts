import { z } from 'zod';
import { idSchema } from './common.ts';

/**
 * Image types accepted for uploads (org logos), detected from the bytes on
 * the server, never taken from the client's Content-Type or file name.
 */
export const UPLOAD_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
/** One of {@link UPLOAD_IMAGE_TYPES}. */
export type UploadImageType = (typeof UPLOAD_IMAGE_TYPES)[number];

/** Largest accepted image upload, in bytes (5 MiB = 5 * 1024 * 1024). Our decision (SPEC.md leaves sizes "not shown"). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** Name of the multipart form field that carries an uploaded file. */
export const UPLOAD_FIELD = 'file';

/** Params of `GET /api/files/:fileId`. */
export const fileParamsSchema = z.object({ fileId: idSchema });

/** Where a stored file is served: `GET /api/files/{fileId}` (same origin, session cookie or Bearer). */
export function fileUrl(fileId: string): string {
  return `/api/files/${fileId}`;
}

/**
 * A stored file as the API describes it: `url` serves the bytes
 * ({@link fileUrl}), `contentType` is the type detected on upload,
 * `sizeBytes` the exact size in bytes, `createdAt` ISO 8601 UTC.
 */
export const storedFileSchema = z.object({
  id: idSchema,
  url: z.string(),
  contentType: z.enum(UPLOAD_IMAGE_TYPES),
  sizeBytes: z.number().int().nonnegative(),
  createdAt: z.string(),
});
/** See {@link storedFileSchema}. */
export type StoredFile = z.infer<typeof storedFileSchema>;

/** Answer of `POST /api/orgs/:orgId/logo` (201): the new logo. */
export const orgLogoResponseSchema = z.object({ logo: storedFileSchema });
/** See {@link orgLogoResponseSchema}. */
export type OrgLogoResponse = z.infer<typeof orgLogoResponseSchema>;
