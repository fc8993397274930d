import { Avatar, type AvatarProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useFileSrc } from '../lib/file-src';

/** Props of {@link FileAvatar}: Mantine's Avatar with a stored file's URL as `src`. */
export interface FileAvatarProps extends Omit<AvatarProps, 'src'> {
  /** `GET /api/files/{fileId}` of the picture (a `photoUrl`, a `logoUrl`), or null for the initials. */
  src: string | null | undefined;
  alt?: string;
  'aria-hidden'?: boolean;
  children?: ReactNode;
}

/**
 * Mantine's Avatar showing a stored file: fetched with the session's Bearer
 * token in the native app ({@link useFileSrc}), the initials or children
 * until it is there.
 */
export function FileAvatar({ src, ...props }: FileAvatarProps) {
  return <Avatar src={useFileSrc(src) ?? null} {...props} />;
}
