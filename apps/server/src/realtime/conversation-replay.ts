import type { ConversationSide, Message } from '@rally/shared/conversations';
import type { RealtimeEvent } from '@rally/shared/realtime';

/** What a replay reads: the conversations area's resync query (`ThreadsService.changesAfter`). */
export interface ConversationChanges {
  changesAfter(
    conversationId: string,
    cursor: number,
  ): Promise<{
    messages: Message[];
    seq: number | null;
    isTruncated: boolean;
    staffReadAt: Date | null;
    familyReadAt: Date | null;
  }>;
}

/**
 * A conversation's replay for a client resuming from a cursor: the events,
 * then the `replayed` frame's `seq` (null when truncated) and `truncated`.
 */
export interface ConversationReplay {
  events: RealtimeEvent[];
  seq: number | null;
  isTruncated: boolean;
}

/**
 * How a `subscribe` resumes a conversation (docs/decisions/007, resync by
 * sequence): from its `cursor`, from an older client's `since` (a time,
 * which cannot be resumed from: its replay is truncated), or not at all (null).
 */
export type Resume = { cursor: number } | 'since' | null;

/** The {@link Resume} of a `subscribe` frame. */
export function resumeOf(frame: {
  cursor?: number | undefined;
  since?: string | undefined;
}): Resume {
  if (frame.cursor !== undefined) return { cursor: frame.cursor };
  return frame.since === undefined ? null : 'since';
}

/**
 * The changes to conversation `conversationId` after change `cursor` of its
 * sequence as the events a live follower would have received
 * (docs/decisions/007, resync by sequence): for each message whose latest
 * change is newer, by sequence number, `message.created` (never changed
 * since it was sent) or `message.updated` (edited or deleted; clients merge
 * either by id), with the message as payload and its latest change's number
 * as `seq`; then `conversation.read` with each side's read time, so read
 * marks missed meanwhile arrive too. Truncated (no events) past 200 changes
 * or for a cursor the conversation never reached. The caller (topic
 * access) has checked that the actor may follow the conversation.
 */
export async function replayConversation(
  threads: ConversationChanges,
  conversationId: string,
  cursor: number,
): Promise<ConversationReplay> {
  const changes = await threads.changesAfter(conversationId, cursor);
  if (changes.isTruncated) return { events: [], seq: null, isTruncated: true };
  const topic = `conversation:${conversationId}`;
  const events: RealtimeEvent[] = changes.messages.map((message) => ({
    topic,
    kind: message.editedAt || message.deletedAt ? 'message.updated' : 'message.created',
    ids: [message.id],
    version: Math.max(
      ...[message.createdAt, message.editedAt, message.deletedAt].flatMap((at) =>
        at ? [Date.parse(at)] : [],
      ),
    ),
    seq: message.seq,
    payload: message,
  }));
  const reads: [ConversationSide, Date | null][] = [
    ['staff', changes.staffReadAt],
    ['family', changes.familyReadAt],
  ];
  for (const [side, readAt] of reads) {
    if (!readAt) continue;
    events.push({
      topic,
      kind: 'conversation.read',
      ids: [conversationId],
      version: readAt.getTime(),
      payload: { side, readAt: readAt.toISOString() },
    });
  }
  return { events, seq: changes.seq, isTruncated: false };
}
