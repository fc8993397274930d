import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { orgParamsSchema, profileParamsSchema } from '@rally/shared/common';
import { fileParamsSchema, MAX_IMAGE_BYTES, UPLOAD_FIELD } from '@rally/shared/files';
import { requireActor } from '../http/auth-hook.ts';
import { AppError } from '../http/errors.ts';
import type { Services } from '../http/services.ts';
import { parseInput } from '../http/validate.ts';
import { badUpload, imageTooLarge, type Upload } from './image-upload.ts';

/**
 * Multipart limits of uploads: one file of at most 5 MiB + 1 byte (busboy
 * cuts the stream there, so an oversized upload is never buffered whole and
 * the extra byte tells "too large" from "exactly 5 MiB"), and a few small
 * fields. `preservePath` hands us the file name as sent, so names with a
 * path can be refused (busboy would otherwise strip the path silently).
 */
const MULTIPART_OPTIONS = {
  preservePath: true,
  throwFileSizeLimit: true,
  limits: {
    fileSize: MAX_IMAGE_BYTES + 1,
    files: 1,
    fields: 4,
    fieldSize: 1024,
    fieldNameSize: 100,
    parts: 5,
    headerPairs: 20,
  },
};

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
      const logo = await s.files.setOrgLogo(actor, orgId, () => readUpload(request));
      return reply.status(201).send({ logo });
    });
    scope.post('/api/profiles/:profileId/photo', async (request, reply) => {
      const actor = requireActor(request);
      const { profileId } = parseInput(profileParamsSchema, request.params);
      const photo = await s.files.setProfilePhoto(actor, profileId, () => readUpload(request));
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
    return reply
      .header('Content-Type', file.contentType)
      .header('Content-Length', String(file.sizeBytes))
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Disposition', `inline; filename="${file.fileName}"`)
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .header('Cache-Control', 'private, max-age=3600')
      .send(file.body);
  });
}

/**
 * Reads the one file of a multipart request from the field `file`, at most
 * 5 MiB + 1 byte in memory. Throws `validation_failed`: 413 when the file is
 * cut off at the limit, 400 when the request is not multipart, has no file,
 * uses another field, or is malformed.
 */
async function readUpload(request: FastifyRequest): Promise<Upload> {
  if (!request.isMultipart()) {
    throw badUpload(`Send the image as multipart/form-data in the field "${UPLOAD_FIELD}".`);
  }
  try {
    const part = await request.file();
    if (!part) throw badUpload(`Attach an image in the field "${UPLOAD_FIELD}".`);
    if (part.fieldname !== UPLOAD_FIELD) {
      throw badUpload(`Send the image in the field "${UPLOAD_FIELD}", not "${part.fieldname}".`);
    }
    return { fileName: part.filename, bytes: await part.toBuffer() };
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw imageTooLarge();
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw badUpload('Send exactly one image and nothing else.');
    }
    throw badUpload('The upload is not valid multipart/form-data.');
  }
}
