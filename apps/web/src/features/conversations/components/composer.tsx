import type { MessageAttachment } from '@rally/shared/conversations';
import {
  ActionIcon,
  Alert,
  CloseButton,
  FileButton,
  Group,
  Image,
  Loader,
  Paper,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { IconFileTypePdf, IconPaperclip, IconSend } from '@tabler/icons-react';
import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ThreadRef } from '../api';
import { ATTACHMENT_TYPES, MAX_MESSAGE_LENGTH } from '../limits';
import { useAttachmentUploads, type PickedAttachment } from '../use-attachment-uploads';
import { useEnterSends } from '../use-enter-sends';
import { formatFileSize } from './message-attachments';

/** Props of {@link Composer}. */
export interface ComposerProps {
  threadRef: ThreadRef;
  /** Called with the trimmed text and the uploaded attachments; the composer clears itself. */
  onSend: (body: string, attachments: MessageAttachment[]) => void;
}

function PickedChip({ item, onRemove }: { item: PickedAttachment; onRemove: () => void }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p={4} pr={2} maw={220}>
      <Group gap={6} wrap="nowrap">
        {item.previewUrl ? (
          <Image src={item.previewUrl} alt="" w={40} h={40} fit="cover" radius="sm" />
        ) : item.contentType === 'application/pdf' ? (
          <IconFileTypePdf size={24} aria-hidden color="var(--mantine-color-red-7)" />
        ) : (
          <IconPaperclip size={24} aria-hidden />
        )}
        <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
          <Text size="xs" truncate="end">
            {item.fileName}
          </Text>
          <Text size="xs" c={item.status === 'failed' ? 'red' : 'dimmed'}>
            {item.status === 'uploading'
              ? t('conversations.attachments.uploading')
              : item.status === 'failed'
                ? (item.error ?? t('conversations.attachments.failed'))
                : formatFileSize(item.sizeBytes)}
          </Text>
        </Stack>
        {item.status === 'uploading' && <Loader size="xs" aria-hidden />}
        <CloseButton
          size="sm"
          onClick={onRemove}
          aria-label={t('conversations.attachments.remove', { name: item.fileName })}
        />
      </Group>
    </Paper>
  );
}

/**
 * Writes a message: a growing text box, a Send button, and attachments
 * (images and PDF: previews, upload progress, and a sentence for a refused
 * file). With a mouse or trackpad Enter sends and Shift+Enter starts a new
 * line; on touch devices Enter starts a new line and the button sends
 * ({@link useEnterSends}).
 */
export function Composer({ threadRef, onSend }: ComposerProps) {
  const { t } = useTranslation();
  const [body, setBody] = useState('');
  const enterSends = useEnterSends();
  const uploads = useAttachmentUploads(threadRef);
  const resetFile = useRef<() => void>(null);
  const text = body.trim();
  const uploaded = uploads.items.filter((item) => item.status === 'done').length;
  // A file that failed to upload blocks the send: sending without it would drop it unseen.
  const canSend = !uploads.isUploading && !uploads.hasFailed && (text !== '' || uploaded > 0);

  const send = () => {
    if (!canSend) return;
    onSend(text, uploads.take());
    setBody('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!enterSends || event.key !== 'Enter') return;
    if (event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  };

  return (
    <Stack gap="xs">
      {uploads.errors.length > 0 && (
        <Alert color="red" role="alert" p="xs">
          {uploads.errors.map((error) => (
            <Text key={error} size="sm">
              {error}
            </Text>
          ))}
        </Alert>
      )}
      {uploads.items.length > 0 && (
        <Group gap="xs" aria-label={t('conversations.attachments.list')} role="group">
          {uploads.items.map((item) => (
            <PickedChip key={item.key} item={item} onRemove={() => uploads.remove(item.key)} />
          ))}
        </Group>
      )}
      {uploads.hasFailed && (
        <Text size="sm" c="red">
          {t('conversations.attachments.removeFailed')}
        </Text>
      )}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
      >
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <FileButton
            resetRef={resetFile}
            multiple
            accept={ATTACHMENT_TYPES.join(',')}
            onChange={(files) => {
              uploads.add(files);
              resetFile.current?.();
            }}
          >
            {(props) => (
              <ActionIcon
                {...props}
                variant="subtle"
                size="lg"
                aria-label={t('conversations.attachments.add')}
              >
                <IconPaperclip size={20} aria-hidden />
              </ActionIcon>
            )}
          </FileButton>
          <Textarea
            value={body}
            onChange={(event) => setBody(event.currentTarget.value)}
            onKeyDown={onKeyDown}
            enterKeyHint={enterSends ? 'send' : 'enter'}
            placeholder={t('conversations.composerPlaceholder')}
            aria-label={t('conversations.composerLabel')}
            autosize
            minRows={1}
            maxRows={6}
            maxLength={MAX_MESSAGE_LENGTH}
            style={{ flex: 1 }}
          />
          <ActionIcon
            type="submit"
            size="lg"
            disabled={!canSend}
            aria-label={t('conversations.send')}
          >
            <IconSend size={18} aria-hidden />
          </ActionIcon>
        </Group>
      </form>
      {body.length > MAX_MESSAGE_LENGTH - 200 && (
        <Text size="xs" c="dimmed" ta="right">
          {t('conversations.charactersLeft', { count: MAX_MESSAGE_LENGTH - body.length })}
        </Text>
      )}
    </Stack>
  );
}
