import type { MessageAttachment } from '@rally/shared/conversations';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../lib/describe-error';
import { uploadAttachment, type ThreadRef } from './api';
import { ATTACHMENT_TYPES, MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS_PER_MESSAGE } from './limits';

/** One file picked for the next message: uploading, uploaded, or failed. */
export interface PickedAttachment {
  /** A local id for the list. */
  key: string;
  fileName: string;
  contentType: string;
  sizeBytes: number;
  /** An object URL of an image for its preview, or null. */
  previewUrl: string | null;
  status: 'uploading' | 'done' | 'failed';
  /** The stored file once uploaded. */
  attachment: MessageAttachment | null;
  /** Why the upload failed, as a sentence. */
  error: string | null;
}

let pickCounter = 0;

function previewOf(file: File): string | null {
  if (!file.type.startsWith('image/') || typeof URL.createObjectURL !== 'function') return null;
  return URL.createObjectURL(file);
}

function revoke(url: string | null): void {
  if (url && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(url);
}

/**
 * The attachments of the message being written (docs/decisions/007: images
 * and PDF up to 10 MB, at most 5): each picked file is checked here first
 * (type, size, count: refused ones are named in `errors`), then uploaded to
 * the thread at once. `take()` hands over the uploaded ones for the send
 * and clears the list.
 */
export function useAttachmentUploads(ref: ThreadRef) {
  const { t } = useTranslation();
  const [items, setItems] = useState<PickedAttachment[]>([]);
  const [errors, setErrors] = useState<string[]>([]);
  const itemsRef = useRef(items);
  itemsRef.current = items;

  useEffect(() => () => itemsRef.current.forEach((item) => revoke(item.previewUrl)), []);

  const update = useCallback((key: string, change: Partial<PickedAttachment>) => {
    setItems((current) =>
      current.map((item) => (item.key === key ? { ...item, ...change } : item)),
    );
  }, []);

  const add = useCallback(
    (files: readonly File[]) => {
      const refused: string[] = [];
      let room = MAX_ATTACHMENTS_PER_MESSAGE - itemsRef.current.length;
      const accepted: { item: PickedAttachment; file: File }[] = [];
      for (const file of files) {
        if (!(ATTACHMENT_TYPES as readonly string[]).includes(file.type)) {
          refused.push(t('conversations.attachments.wrongType', { name: file.name }));
        } else if (file.size > MAX_ATTACHMENT_BYTES) {
          refused.push(t('conversations.attachments.tooBig', { name: file.name }));
        } else if (room <= 0) {
          refused.push(
            t('conversations.attachments.tooMany', { count: MAX_ATTACHMENTS_PER_MESSAGE }),
          );
        } else {
          room -= 1;
          pickCounter += 1;
          accepted.push({
            file,
            item: {
              key: `pick-${pickCounter}`,
              fileName: file.name,
              contentType: file.type,
              sizeBytes: file.size,
              previewUrl: previewOf(file),
              status: 'uploading',
              attachment: null,
              error: null,
            },
          });
        }
      }
      setErrors([...new Set(refused)]);
      if (accepted.length === 0) return;
      setItems((current) => [...current, ...accepted.map(({ item }) => item)]);
      for (const { item, file } of accepted) {
        uploadAttachment(ref, file).then(
          (attachment) => update(item.key, { status: 'done', attachment }),
          (error: unknown) =>
            update(item.key, { status: 'failed', error: describeError(t, error) }),
        );
      }
    },
    [ref, t, update],
  );

  const remove = useCallback((key: string) => {
    setItems((current) => {
      revoke(current.find((item) => item.key === key)?.previewUrl ?? null);
      return current.filter((item) => item.key !== key);
    });
  }, []);

  /** The uploaded attachments, in order; the list is cleared. */
  const take = useCallback((): MessageAttachment[] => {
    const uploaded = itemsRef.current.flatMap((item) => (item.attachment ? [item.attachment] : []));
    itemsRef.current.forEach((item) => revoke(item.previewUrl));
    setItems([]);
    setErrors([]);
    return uploaded;
  }, []);

  return {
    items,
    errors,
    isUploading: items.some((item) => item.status === 'uploading'),
    hasFailed: items.some((item) => item.status === 'failed'),
    add,
    remove,
    take,
  };
}
