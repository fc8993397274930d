import { fileTypeFromBuffer } from 'file-type';
import { MAX_ATTACHMENT_BYTES } from '@rally/shared/conversations';
import { UPLOAD_FIELD } from '@rally/shared/files';
import { badUpload, extensionOf, isSafeFileName, type Upload } from './image-upload.ts';
import { TooLargeError } from '../lib/errors.ts';

/**
 * Types a message attachment may have (docs/decisions/007): JPEG, PNG,
 * WebP and GIF images and PDF, detected from the bytes.
 */
export const ATTACHMENT_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'application/pdf',
] as const;
/** One of {@link ATTACHMENT_TYPES}. */
export type AttachmentType = (typeof ATTACHMENT_TYPES)[number];

const ACCEPTED = new Set<string>(ATTACHMENT_TYPES);

/** The 413 problem for an attachment over {@link MAX_ATTACHMENT_BYTES} (10 MiB). */
export function attachmentTooLarge(): TooLargeError {
  return new TooLargeError(UPLOAD_FIELD, 'The file is larger than 10 MB');
}

/**
 * Checks a message attachment and returns its real type, detected from the
 * bytes with `file-type` (the client's Content-Type and file name are never
 * trusted). Throws `validation_failed`: 400 for an unsafe file name, an
 * empty file or a type other than {@link ATTACHMENT_TYPES}; 413 over
 * {@link MAX_ATTACHMENT_BYTES}.
 */
export async function checkAttachment(upload: Upload): Promise<AttachmentType> {
  if (!isSafeFileName(upload.fileName)) {
    throw badUpload('The file name must not contain a path (/, \\, ..) or control characters.');
  }
  if (upload.bytes.length > MAX_ATTACHMENT_BYTES) throw attachmentTooLarge();
  if (upload.bytes.length === 0) throw badUpload('The file is empty.');
  const detected = await fileTypeFromBuffer(upload.bytes);
  if (!detected || !ACCEPTED.has(detected.mime)) {
    throw badUpload('Attach a photo (JPEG, PNG, WebP or GIF) or a PDF.');
  }
  return detected.mime as AttachmentType;
}

/** How many characters of an uploaded name are kept before the extension. */
const MAX_NAME_STEM = 120;

/**
 * The download name of an attachment of `contentType` uploaded as
 * `uploadedName` (docs/decisions/007): that name, Unicode NFC, white space
 * folded, at most 120 characters before the extension, with the extension
 * of the type detected from the bytes (`Fixtures.PDF` → `Fixtures.pdf`; a
 * PNG sent as `photo.exe` → `photo.png`). `attachment.<ext>` when no name
 * is given or none is left. Callers have checked the name
 * (`isSafeFileName`: no paths or control characters).
 *
 * @example attachmentFileName('application/pdf', 'U12 fixtures.pdf') // 'U12 fixtures.pdf'
 */
export function attachmentFileName(contentType: string, uploadedName?: string | null): string {
  const extension = contentType === 'application/pdf' ? 'pdf' : extensionOf(contentType);
  const name = (uploadedName ?? '').normalize('NFC');
  const dot = name.lastIndexOf('.');
  const stem = (dot > 0 ? name.slice(0, dot) : name).replace(/\s+/gu, ' ').trim();
  const kept = [...stem].slice(0, MAX_NAME_STEM).join('').trim();
  return `${kept || 'attachment'}.${extension}`;
}
