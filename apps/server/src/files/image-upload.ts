import { fileTypeFromBuffer } from 'file-type';
import { hasControlCharacter, hasLoneSurrogate } from '@rally/shared/common';
import {
  MAX_IMAGE_BYTES,
  UPLOAD_FIELD,
  UPLOAD_IMAGE_TYPES,
  type UploadImageType,
} from '@rally/shared/files';
import { fieldError, TooLargeError, type AppError } from '../lib/errors.ts';

/** An uploaded file as it arrived: the name the client gave (never used for storage) and its bytes. */
export interface Upload {
  fileName: string;
  bytes: Buffer;
}

/** The 413 problem for an image over {@link MAX_IMAGE_BYTES} (5 MiB). */
export function imageTooLarge(): TooLargeError {
  return new TooLargeError(UPLOAD_FIELD, 'The image is larger than 5 MB');
}

/** A 400 `validation_failed` about the upload field `file`, with `message` as detail. */
export function badUpload(message: string): AppError {
  return fieldError(UPLOAD_FIELD, message, message);
}

/**
 * Whether a client-supplied file name is harmless: no path separators
 * (`/`, `\`), no `.`/`..`, no drive prefix (`C:`), no NUL or other control
 * characters and no lone surrogates (the checks of the shared `textSchema`),
 * at most 255 characters. Rally never uses the name for storage
 * (keys are UUIDv7s), but a name like `../x.png` only comes from a broken or
 * hostile client, so it is refused rather than silently cleaned.
 */
export function isSafeFileName(name: string): boolean {
  if (name.length > 255) return false;
  if (name === '.' || name === '..') return false;
  if (/[/\\]/.test(name)) return false;
  if (/^[A-Za-z]:/.test(name)) return false;
  return !hasControlCharacter(name) && !hasLoneSurrogate(name);
}

const ACCEPTED = new Set<string>(UPLOAD_IMAGE_TYPES);

/**
 * Checks an image upload and returns its real type, detected from the bytes
 * with `file-type` (the client's Content-Type and file name are never
 * trusted). Throws `validation_failed`: 400 for an unsafe file name
 * ({@link isSafeFileName}) or a type other than PNG, JPEG, WebP or GIF
 * (SVG, text, ... included); 413 for more than {@link MAX_IMAGE_BYTES}.
 */
export async function checkImage(upload: Upload): Promise<UploadImageType> {
  if (!isSafeFileName(upload.fileName)) {
    throw badUpload('The file name must not contain a path (/, \\, ..) or control characters.');
  }
  if (upload.bytes.length > MAX_IMAGE_BYTES) throw imageTooLarge();
  if (upload.bytes.length === 0) throw badUpload('The file is empty.');
  const detected = await fileTypeFromBuffer(upload.bytes);
  if (!detected || !ACCEPTED.has(detected.mime)) {
    throw badUpload('Upload a PNG, JPEG, WebP or GIF image.');
  }
  return detected.mime as UploadImageType;
}

const EXTENSIONS: Record<UploadImageType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

/** The usual file extension of an accepted image type (`jpg` for JPEG); `bin` for anything else. */
export function extensionOf(contentType: string): string {
  return EXTENSIONS[contentType as UploadImageType] ?? 'bin';
}
