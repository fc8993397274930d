import type { FastifyRequest } from 'fastify';
import { UPLOAD_FIELD } from '@rally/shared/files';
import { AppError } from '../lib/errors.ts';
import { badUpload, type Upload } from './image-upload.ts';

/**
 * Options of `@fastify/multipart` for a route taking one file of at most
 * `maxBytes`: busboy cuts the stream at `maxBytes + 1`, so an oversized
 * upload is never buffered whole and the extra byte tells "too large" from
 * "exactly the limit"; a few small fields at most. `preservePath` hands us
 * the file name as sent, so names with a path can be refused (busboy would
 * otherwise strip the path silently).
 */
export function multipartOptions(maxBytes: number) {
  return {
    preservePath: true,
    throwFileSizeLimit: true,
    limits: {
      fileSize: maxBytes + 1,
      files: 1,
      fields: 4,
      fieldSize: 1024,
      fieldNameSize: 100,
      parts: 5,
      headerPairs: 20,
    },
  };
}

/**
 * Bytes a multipart body may carry besides its file: boundaries, part
 * headers and the few small fields {@link multipartOptions} allows.
 */
export const MULTIPART_OVERHEAD_BYTES = 16 * 1024;

/**
 * Reads the one file of a multipart request from the field `file` (within
 * the limits of {@link multipartOptions} for `maxBytes`). `noun` names it
 * in messages ("image", "file"). Throws `validation_failed`: `tooLarge()`
 * (413) before reading a byte when `Content-Length` says the body cannot fit,
 * or once the file is cut off at the limit (the 413 closes the connection,
 * so the rest of the body is never read: `http/problem.ts`); 400 when the
 * request is not multipart, has no file, uses another field, or is malformed.
 */
export async function readUpload(
  request: FastifyRequest,
  maxBytes: number,
  tooLarge: () => AppError,
  noun = 'image',
): Promise<Upload> {
  const declared = Number(request.headers['content-length']);
  if (declared > maxBytes + MULTIPART_OVERHEAD_BYTES) throw tooLarge();
  if (!request.isMultipart()) {
    throw badUpload(`Send the ${noun} as multipart/form-data in the field "${UPLOAD_FIELD}".`);
  }
  try {
    const part = await request.file();
    if (!part) throw badUpload(`Attach ${article(noun)} ${noun} in the field "${UPLOAD_FIELD}".`);
    if (part.fieldname !== UPLOAD_FIELD) {
      throw badUpload(`Send the ${noun} in the field "${UPLOAD_FIELD}", not "${part.fieldname}".`);
    }
    // Not `part.toBuffer()`: it waits for the end of the part, and busboy
    // reads a truncated part to its end (all of a 300 MB upload) before that.
    const chunks: Buffer[] = [];
    for await (const chunk of part.file as AsyncIterable<Buffer>) {
      if (part.file.truncated) throw tooLarge();
      chunks.push(chunk);
    }
    if (part.file.truncated) throw tooLarge();
    return { fileName: part.filename, bytes: Buffer.concat(chunks) };
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw badUpload(`Send exactly one ${noun} and nothing else.`);
    }
    throw badUpload('The upload is not valid multipart/form-data.');
  }
}

function article(noun: string): string {
  return /^[aeiou]/i.test(noun) ? 'an' : 'a';
}
