import type { ConversationSide, Message, Thread } from '@rally/shared/conversations';
import { MESSAGE_EDIT_WINDOW_MS } from './limits';

/** Orders messages oldest first: by `createdAt`, then by id (the server's keyset order). */
export function compareMessages(a: Message, b: Message): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? -1 : 1;
  if (a.id === b.id) return 0;
  return a.id < b.id ? -1 : 1;
}

/**
 * Merges messages by id (docs/decisions/007: a message seen live and again
 * in a page or replay shows once). Of two copies the one with the higher
 * `seq` (its latest change's number in the conversation) wins: an edit or
 * delete beats the original, and of two edits the one committed last,
 * whatever their clocks said (the later copy on a tie); `isRead` stays true
 * once either copy says so. Answers oldest first.
 */
export function mergeMessages(
  existing: readonly Message[],
  incoming: readonly Message[],
): Message[] {
  const byId = new Map<string, Message>();
  for (const message of existing) byId.set(message.id, message);
  for (const message of incoming) {
    const current = byId.get(message.id);
    if (!current) {
      byId.set(message.id, message);
      continue;
    }
    const winner = message.seq >= current.seq ? message : current;
    byId.set(message.id, { ...winner, isRead: current.isRead || message.isRead });
  }
  return [...byId.values()].sort(compareMessages);
}

/**
 * Lays a freshly fetched newest page over what the cache held (a refetch
 * after a truncated replay, a return to the page). Older messages loaded
 * before stay only when the new page reaches back to them and every change
 * numbered after the cached thread's `seq` shows in the new page: an
 * edit or delete of an older message (one outside the page) would
 * otherwise stay unseen while the cursor moves past it. Else the cache
 * starts again from the new page (older pages load again on demand), so
 * the thread never shows a silent gap or a stale copy. Copies changed
 * after the page was read (`seq` past the page's: live events that
 * overtook the request) stay either way.
 */
export function mergeNewestPage(previous: Thread | undefined, fresh: Thread): Thread {
  if (!previous || previous.messages.length === 0) return fresh;
  const newer = previous.messages.filter((m) => m.seq > fresh.seq);
  const oldestFresh = fresh.messages[0];
  const newestKnown = previous.messages.filter((m) => m.seq <= fresh.seq).at(-1);
  const keepsOlder =
    !fresh.hasOlder ||
    (oldestFresh !== undefined &&
      newestKnown !== undefined &&
      compareMessages(oldestFresh, newestKnown) <= 0 &&
      showsEveryChange(fresh, previous.seq));
  if (!keepsOlder) return { ...fresh, messages: mergeMessages(fresh.messages, newer) };
  return {
    ...fresh,
    messages: mergeMessages(previous.messages, fresh.messages),
    hasOlder: previous.hasOlder && fresh.hasOlder,
  };
}

/**
 * True when each change numbered `after + 1` … `fresh.seq` is the latest
 * change of a message in `fresh` (a change superseded by a later one of the
 * same message, or one to a message outside the page, makes it false).
 */
function showsEveryChange(fresh: Thread, after: number): boolean {
  const shown = new Set(fresh.messages.map((m) => m.seq));
  for (let seq = after + 1; seq <= fresh.seq; seq++) if (!shown.has(seq)) return false;
  return true;
}

/** Adds an older page (`before` the oldest loaded message) to a cached thread. */
export function mergeOlderPage(thread: Thread, older: Thread): Thread {
  return {
    ...thread,
    messages: mergeMessages(thread.messages, older.messages),
    hasOlder: older.hasOlder,
  };
}

/**
 * Puts one message (a send's answer, a realtime `message.created` or
 * `message.updated` payload) into a cached thread, de-duplicated by id. The
 * thread takes the message's conversation id when it had none (the first
 * message creates the thread).
 */
export function applyMessage(thread: Thread, message: Message): Thread {
  return {
    ...thread,
    summary: { ...thread.summary, id: thread.summary.id ?? message.conversationId },
    messages: mergeMessages(thread.messages, [message]),
  };
}

/** A `conversation.read` payload: a side read the thread through `readAt` (UTC ISO). */
export interface ReadReceipt {
  side: ConversationSide;
  readAt: string;
}

/** True when a realtime payload has a {@link ReadReceipt}'s shape. */
export function isReadReceipt(payload: unknown): payload is ReadReceipt {
  if (typeof payload !== 'object' || payload === null) return false;
  const candidate = payload as Partial<ReadReceipt>;
  return (
    (candidate.side === 'staff' || candidate.side === 'family') &&
    typeof candidate.readAt === 'string'
  );
}

/**
 * Applies a read receipt to a cached thread (docs/decisions/007: read state
 * is per side and only moves forward): the other side's read moves
 * `otherSideReadAt` ("Read" under the viewer's messages); the viewer's own
 * side's read (a colleague, another guardian, another tab) clears its unread count.
 */
export function applyReadReceipt(thread: Thread, receipt: ReadReceipt): Thread {
  if (receipt.side === thread.side) {
    return { ...thread, summary: { ...thread.summary, unreadCount: 0 } };
  }
  const current = thread.otherSideReadAt;
  if (current !== null && Date.parse(current) >= Date.parse(receipt.readAt)) return thread;
  return { ...thread, otherSideReadAt: receipt.readAt };
}

/**
 * Whether `userId` may still edit or delete `message` at `nowMs`: their own
 * message, not deleted, not an announcement, and sent less than 15 minutes
 * ago (`MESSAGE_EDIT_WINDOW_MINUTES`, docs/decisions/007). Computed on the
 * client because a realtime payload is the same for every reader; the server
 * checks again.
 */
export function canModifyMessage(
  message: Message,
  userId: string | undefined,
  nowMs: number,
): boolean {
  if (!userId || message.sender?.userId !== userId) return false;
  if (message.deletedAt !== null || message.kind !== 'message') return false;
  return nowMs - Date.parse(message.createdAt) < MESSAGE_EDIT_WINDOW_MS;
}

/**
 * The id of the last message of `side` that the other side has read (its
 * `isRead`, or created at or before `otherSideReadAt`): where "Read" shows.
 * Null when the other side has read none of them.
 */
export function lastReadMessageId(
  messages: readonly Message[],
  side: ConversationSide,
  otherSideReadAt: string | null,
): string | null {
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const message = messages[index];
    if (!message || message.senderSide !== side || message.deletedAt !== null) continue;
    const isRead =
      message.isRead || (otherSideReadAt !== null && message.createdAt <= otherSideReadAt);
    if (isRead) return message.id;
  }
  return null;
}

/** Messages of one local day, for a day heading. */
export interface MessageDay {
  /** The local date `YYYY-MM-DD` in the viewer's zone. */
  date: string;
  messages: Message[];
}

/** The local date `YYYY-MM-DD` of an instant in `timeZone` (IANA). */
export function localDate(instant: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(instant));
}

/** Groups messages (oldest first) by their local day in `timeZone`, in order. */
export function groupByDay(messages: readonly Message[], timeZone: string): MessageDay[] {
  const days: MessageDay[] = [];
  for (const message of messages) {
    const date = localDate(message.createdAt, timeZone);
    const last = days.at(-1);
    if (last && last.date === date) last.messages.push(message);
    else days.push({ date, messages: [message] });
  }
  return days;
}
