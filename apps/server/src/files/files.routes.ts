import { create as contentDisposition } from 'content-disposition';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { orgParamsSchema, profileParamsSchema } from '@rally/shared/common';
import { fileParamsSchema, MAX_IMAGE_BYTES } from '@rally/shared/files';
import { requireActor } from '../http/auth-hook.ts';
import type { Services } from '../http/services.ts';
import { parseInput } from '../http/validate.ts';
import { imageTooLarge } from './image-upload.ts';
import { multipartOptions, readUpload } from './upload-reader.ts';

/** Multipart limits of image uploads: one file of at most 5 MiB (see `multipartOptions`). */
const MULTIPART_OPTIONS = multipartOptions(MAX_IMAGE_BYTES);

/**
 * File routes:
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
export function registerFileRoutes(app: FastifyInstance, s: Services): void {
  app.register(async (scope) => {
    await scope.register(multipart, MULTIPART_OPTIONS);
    scope.post('/api/orgs/:orgId/logo', async (request, reply) => {
      const actor = requireActor(request);
      const { orgId } = parseInput(orgParamsSchema, request.params);
      const logo = await s.files.setOrgLogo(actor, orgId, () =>
        readUpload(request, MAX_IMAGE_BYTES, imageTooLarge),
      );
      return reply.status(201).send({ logo });
    });
    scope.post('/api/profiles/:profileId/photo', async (request, reply) => {
      const actor = requireActor(request);
      const { profileId } = parseInput(profileParamsSchema, request.params);
      const photo = await s.files.setProfilePhoto(actor, profileId, () =>
        readUpload(request, MAX_IMAGE_BYTES, imageTooLarge),
      );
      return reply.status(201).send({ photo });
    });
  });

  app.delete('/api/profiles/:profileId/photo', async (request, reply) => {
    const actor = requireActor(request);
    const { profileId } = parseInput(profileParamsSchema, request.params);
    await s.files.removeProfilePhoto(actor, profileId);
    return reply.status(204).send();
  });

  app.delete('/api/orgs/:orgId/logo', async (request, reply) => {
    const actor = requireActor(request);
    const { orgId } = parseInput(orgParamsSchema, request.params);
    await s.files.removeOrgLogo(actor, orgId);
    return reply.status(204).send();
  });

  app.get('/api/files/:fileId', async (request, reply) => {
    const actor = requireActor(request);
    const { fileId } = parseInput(fileParamsSchema, request.params);
    const file = await s.files.open(actor, fileId);
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
