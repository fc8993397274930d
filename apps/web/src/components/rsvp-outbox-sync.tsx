import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { getOutbox, useOutboxState } from '../lib/outbox';
import { rsvpNamespace, rsvpSender, type QueuedRsvp } from '../lib/rsvp-outbox';

/** Props of {@link RsvpOutboxSync}. */
export interface RsvpOutboxSyncProps {
  userId: string;
}

/**
 * Mounted in every signed-in layout (docs/decisions/019): while answers given
 * offline wait in `userId`'s RSVP outbox, keeps sending them (on load, back
 * online, every 15 s), wherever the user went meanwhile. Renders nothing.
 */
export function RsvpOutboxSync({ userId }: RsvpOutboxSyncProps) {
  const queryClient = useQueryClient();
  const outbox = getOutbox<QueuedRsvp>(rsvpNamespace(userId));
  const hasWaiting = useOutboxState(outbox).entries.length > 0;
  const send = useMemo(() => rsvpSender(queryClient), [queryClient]);
  useEffect(() => (hasWaiting ? outbox.start(send) : undefined), [hasWaiting, outbox, send]);
  return null;
}
