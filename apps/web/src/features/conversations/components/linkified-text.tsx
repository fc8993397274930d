import { Anchor } from '@mantine/core';
import { Fragment } from 'react';
import { linkify } from '../linkify';

/** Props of {@link LinkifiedText}. */
export interface LinkifiedTextProps {
  /** Plain text (a message body). */
  text: string;
}

/**
 * A message body with its http(s) addresses as links that open in a new tab
 * (`rel="noopener noreferrer nofollow"`, docs/decisions/007). Everything is
 * rendered as React text nodes and anchors: the body is never parsed as HTML.
 */
export function LinkifiedText({ text }: LinkifiedTextProps) {
  return (
    <>
      {linkify(text).map((part, index) =>
        part.kind === 'link' ? (
          <Anchor
            key={index}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            inherit
            style={{ wordBreak: 'break-all' }}
          >
            {part.text}
          </Anchor>
        ) : (
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}
