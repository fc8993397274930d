import type { Message } from '@rally/shared/conversations';
import type { RealtimeEvent } from '@rally/shared/realtime';

/** What a replay reads: the conversations area's resync query (`ThreadsService.changesSince`). */
export interface ConversationChanges {
  changesSince(conversationId: string, since: Date): Promise<Message[]>;
}

/**
 * Changes to conversation `conversationId` after `since` (UTC) as the
 * events a live follower would have received (docs/decisions/007 resync):
 * `message.created` for messages created after `since`, `message.updated`
 * for older ones edited or deleted since, each with the message as payload
 * and its newest change (ms) as version, oldest change first. The caller
 * (topic access) has checked that the actor may follow the conversation.
 */
export async function replayConversation(
  threads: ConversationChanges,
  conversationId: string,
  since: Date,
): Promise<RealtimeEvent[]> {
  const changes = await threads.changesSince(conversationId, since);
  return changes.map((message) => ({
    topic: `conversation:${conversationId}`,
    kind: Date.parse(message.createdAt) > since.getTime() ? 'message.created' : 'message.updated',
    ids: [message.id],
    version: Math.max(
      ...[message.createdAt, message.editedAt, message.deletedAt].flatMap((at) =>
        at ? [Date.parse(at)] : [],
      ),
    ),
    payload: message,
  }));
}
