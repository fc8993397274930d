import { create as contentDisposition } from 'content-disposition';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { contract } from '@rally/shared/api/contract';
import { MAX_IMAGE_BYTES } from '@rally/shared/files';
import { route } from '../http/contract-routes.ts';
import type { FilesService } from './files.service.ts';
import { imageTooLarge } from './image-upload.ts';
import { multipartOptions, readUpload } from './upload-reader.ts';

const { files } = contract;

/** Multipart limits of image uploads: one file of at most 5 MiB (see `multipartOptions`). */
const MULTIPART_OPTIONS = multipartOptions(MAX_IMAGE_BYTES);

/**
 * File routes (`contract.files`):
 * - `POST /api/orgs/:orgId/logo` multipart, field `file` (PNG, JPEG, WebP or
 *   GIF, <= 5 MB): 201 `{ logo: StoredFile }`; 400/413 `validation_failed`
 *   for a bad image, 404 org not visible, 403 org staff.
 * - `DELETE /api/orgs/:orgId/logo`: 204 (also when there was no logo).
 * - `POST /api/profiles/:profileId/photo` multipart, same rules: 201
 *   `{ photo: StoredFile }`; 404 unless a manager of the profile.
 * - `DELETE /api/profiles/:profileId/photo`: 204 (also when there was no photo).
 * - `GET /api/files/:fileId`: the bytes, for whoever may read the file (FilesService).
 * Multipart parsing is registered only in the upload route's scope.
 */
export function registerFileRoutes(app: FastifyInstance, s: { files: FilesService }): void {
  app.register(async (scope) => {
    await scope.register(multipart, MULTIPART_OPTIONS);
    route(scope, files.setOrgLogo, async ({ actor, params, request }) => ({
      logo: await s.files.setOrgLogo(actor, params.orgId, () =>
        readUpload(request, MAX_IMAGE_BYTES, imageTooLarge),
      ),
    }));
    route(scope, files.setProfilePhoto, async ({ actor, params, request }) => ({
      photo: await s.files.setProfilePhoto(actor, params.profileId, () =>
        readUpload(request, MAX_IMAGE_BYTES, imageTooLarge),
      ),
    }));
  });

  route(app, files.removeProfilePhoto, async ({ actor, params }) => {
    await s.files.removeProfilePhoto(actor, params.profileId);
  });

  route(app, files.removeOrgLogo, async ({ actor, params }) => {
    await s.files.removeOrgLogo(actor, params.orgId);
  });

  route(app, files.get, async ({ actor, params, reply }) => {
    const file = await s.files.open(actor, params.fileId);
    // The bytes are user content: never sniffed, never run as a page, never framed.
    return (
      reply
        .header('Content-Type', file.contentType)
        .header('Content-Length', String(file.sizeBytes))
        .header('X-Content-Type-Options', 'nosniff')
        // RFC 6266: an ASCII `filename` and the exact name as `filename*` (RFC 8187).
        .header(
          'Content-Disposition',
          contentDisposition(file.fileName, { type: file.disposition }),
        )
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .header('Cache-Control', 'private, max-age=3600')
        .send(file.body)
    );
  });
}
