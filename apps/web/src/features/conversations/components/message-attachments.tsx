import type { MessageAttachment } from '@rally/shared/conversations';
import { Anchor, Group, Image, Paper, Text } from '@mantine/core';
import { IconFileTypePdf, IconPaperclip } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { fileLinkUrl, useFileSrc } from '../../../lib/file-src';

/** Props of {@link MessageAttachments}. */
export interface MessageAttachmentsProps {
  attachments: readonly MessageAttachment[];
}

/** A size in bytes as people read it: "820 KB", "2.4 MB". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** An image attachment at 120 px (fetched with the Bearer token in the app, {@link useFileSrc}). */
function Thumbnail({ attachment }: { attachment: MessageAttachment }) {
  return (
    <Image
      src={useFileSrc(attachment.url)}
      alt={attachment.fileName}
      w={120}
      h={120}
      fit="cover"
      radius="sm"
      loading="lazy"
    />
  );
}

/**
 * A message's files: images as thumbnails that open full size in a new tab,
 * PDFs (and anything else) as a chip with the file name and size; in the
 * app both open on the API's origin in the system browser.
 */
export function MessageAttachments({ attachments }: MessageAttachmentsProps) {
  const { t } = useTranslation();
  if (attachments.length === 0) return null;
  return (
    <Group gap="xs" mt={4}>
      {attachments.map((attachment) =>
        attachment.contentType.startsWith('image/') ? (
          <Anchor
            key={attachment.fileId}
            href={fileLinkUrl(attachment.url)}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t('conversations.openImage', { name: attachment.fileName })}
          >
            <Thumbnail attachment={attachment} />
          </Anchor>
        ) : (
          <Paper
            key={attachment.fileId}
            component="a"
            href={fileLinkUrl(attachment.url)}
            target="_blank"
            rel="noopener noreferrer"
            withBorder
            px="sm"
            py={6}
            radius="xl"
            style={{ textDecoration: 'none', color: 'inherit', maxWidth: '100%' }}
          >
            <Group gap={6} wrap="nowrap">
              {attachment.contentType === 'application/pdf' ? (
                <IconFileTypePdf size={18} aria-hidden color="var(--mantine-color-red-7)" />
              ) : (
                <IconPaperclip size={18} aria-hidden />
              )}
              <Text size="sm" truncate="end" maw={200}>
                {attachment.fileName}
              </Text>
              <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                {formatFileSize(attachment.sizeBytes)}
              </Text>
            </Group>
          </Paper>
        ),
      )}
    </Group>
  );
}
