import type { ConversationSide, Message } from '@rally/shared/conversations';
import type { RealtimeEvent } from '@rally/shared/realtime';

/** The two parties of a conversation: its program (staff side) and its profile (family side). */
export interface Parties {
  conversationId: string;
  programId: string;
  profileId: string;
}

/**
 * `conversation.updated` for both inboxes of a thread (docs/decisions/007):
 * on `program:{programId}` (the staff's inbox and badges) and
 * `profile:{profileId}` (the family's). Ids only: clients refetch.
 */
export function inboxesChanged(p: Parties, version: number): RealtimeEvent[] {
  const ids = [p.conversationId];
  return [
    { topic: `program:${p.programId}`, kind: 'conversation.updated', ids, version },
    { topic: `profile:${p.profileId}`, kind: 'conversation.updated', ids, version },
  ];
}

/**
 * A new or changed message: `message.created` / `message.updated` on
 * `conversation:{id}` with the message as payload (as a realtime payload
 * every participant receives: `canModify` false, clients decide for their
 * own messages) and `seq`, the change's number in the conversation's
 * sequence (docs/decisions/007, resync by sequence); and both inboxes
 * changed. `version` is the message's newest time in ms (created, edited
 * or deleted).
 */
export function messageChanged(
  kind: 'message.created' | 'message.updated',
  p: Parties,
  message: Message,
  seq: number,
): RealtimeEvent[] {
  const version = Math.max(
    ...[message.createdAt, message.editedAt, message.deletedAt]
      .filter((t): t is string => t !== null)
      .map((t) => Date.parse(t)),
  );
  return [
    {
      topic: `conversation:${p.conversationId}`,
      kind,
      ids: [message.id],
      version,
      seq,
      payload: message,
    },
    ...inboxesChanged(p, version),
  ];
}

/**
 * A side read the thread through `readAt`: `conversation.read` on
 * `conversation:{id}` with `{ side, readAt }` (the other side shows "Read"),
 * and `conversation.updated` on that side's own inbox topic (its badges).
 */
export function conversationRead(
  p: Parties,
  side: ConversationSide,
  readAt: Date,
): RealtimeEvent[] {
  const version = readAt.getTime();
  const ids = [p.conversationId];
  const inboxTopic = side === 'staff' ? `program:${p.programId}` : `profile:${p.profileId}`;
  return [
    {
      topic: `conversation:${p.conversationId}`,
      kind: 'conversation.read',
      ids,
      version,
      payload: { side, readAt: readAt.toISOString() },
    },
    { topic: inboxTopic, kind: 'conversation.updated', ids, version },
  ];
}
