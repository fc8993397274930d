import { describe, expect, it } from 'vitest';
import { makeMessage, makeThread, newId } from '../../test/fixtures';
import {
  applyMessage,
  applyReadReceipt,
  canModifyMessage,
  groupByDay,
  lastReadMessageId,
  mergeMessages,
  mergeNewestPage,
} from './message-cache';
import { waitingMessages, type QueuedMessage } from './message-outbox';

const at = (minute: number) => new Date(Date.UTC(2025, 10, 21, 10, minute)).toISOString();

describe('message cache', () => {
  it('shows a message seen live and again in a page once, oldest first, the later change winning', () => {
    const first = makeMessage({ createdAt: at(1), body: 'Hello', seq: 1 });
    const second = makeMessage({ createdAt: at(2), seq: 2 });
    const edited = { ...first, body: 'Hello all', editedAt: at(3), seq: 3 };
    const merged = mergeMessages([second, edited], [first, second]);
    expect(merged.map((message) => message.id)).toEqual([first.id, second.id]);
    expect(merged[0]?.body).toBe('Hello all');
    // Two edits: the one committed last wins, even when its server's clock said earlier.
    const committedLast = { ...first, body: 'Hello everyone', editedAt: at(2), seq: 4 };
    expect(mergeMessages([edited], [committedLast])[0]?.body).toBe('Hello everyone');
    expect(mergeMessages([committedLast], [edited])[0]?.body).toBe('Hello everyone');
  });

  it('keeps older pages when a refetch reaches back to them, and starts again after a gap', () => {
    const old = Array.from({ length: 3 }, (_, index) =>
      makeMessage({ createdAt: at(index), seq: index + 1 }),
    );
    const cached = makeThread({ messages: old, hasOlder: true, seq: 3 });
    const overlapping = makeThread({
      messages: [old[2]!, makeMessage({ createdAt: at(10), seq: 4 })],
      hasOlder: true,
      seq: 4,
    });
    expect(mergeNewestPage(cached, overlapping).messages).toHaveLength(4);
    // Change 5 (an edit of an older message, outside the page) is not in it:
    // the older copies may be stale, so the cache starts again from the page.
    const missesAnEdit = makeThread({
      messages: [old[2]!, makeMessage({ createdAt: at(10), seq: 6 })],
      hasOlder: true,
      seq: 6,
    });
    expect(mergeNewestPage(cached, missesAnEdit).messages).toEqual(missesAnEdit.messages);
    const afterGap = makeThread({
      messages: [makeMessage({ createdAt: at(50), seq: 60 })],
      hasOlder: true,
      seq: 60,
    });
    expect(mergeNewestPage(cached, afterGap).messages).toEqual(afterGap.messages);
    // A message that arrived live after the page was read stays, gap or not.
    const live = makeMessage({ createdAt: at(51), seq: 61 });
    const merged = mergeNewestPage({ ...cached, messages: [...old, live] }, afterGap);
    expect(merged.messages).toEqual([...afterGap.messages, live]);
    expect(merged.seq).toBe(60);
  });

  it('gives a new thread the conversation id of its first message', () => {
    const thread = makeThread({ summary: { ...makeThread().summary, id: null } });
    const message = makeMessage();
    expect(applyMessage(thread, message).summary.id).toBe(message.conversationId);
  });

  it('allows edit and delete of one’s own messages for 15 minutes only', () => {
    const userId = newId();
    const own = makeMessage({ sender: { userId, displayName: 'Coach Meera' }, createdAt: at(0) });
    const start = Date.parse(at(0));
    expect(canModifyMessage(own, userId, start + 14 * 60_000)).toBe(true);
    expect(canModifyMessage(own, userId, start + 15 * 60_000)).toBe(false);
    expect(canModifyMessage(own, newId(), start)).toBe(false);
    expect(canModifyMessage({ ...own, deletedAt: at(1) }, userId, start)).toBe(false);
    expect(canModifyMessage({ ...own, kind: 'announcement' }, userId, start)).toBe(false);
  });

  it('puts "Read" under the last message of the viewer’s side the other side read', () => {
    const mine1 = makeMessage({ createdAt: at(1), senderSide: 'staff' });
    const theirs = makeMessage({ createdAt: at(2), senderSide: 'family' });
    const mine2 = makeMessage({ createdAt: at(3), senderSide: 'staff' });
    const messages = [mine1, theirs, mine2];
    expect(lastReadMessageId(messages, 'staff', null)).toBeNull();
    expect(lastReadMessageId(messages, 'staff', at(2))).toBe(mine1.id);
    expect(lastReadMessageId(messages, 'staff', at(3))).toBe(mine2.id);
  });

  it('moves read marks forward only, and clears the unread count on the viewer’s own side', () => {
    const thread = makeThread({ side: 'staff', otherSideReadAt: at(5) });
    expect(applyReadReceipt(thread, { side: 'family', readAt: at(3) }).otherSideReadAt).toBe(at(5));
    expect(applyReadReceipt(thread, { side: 'family', readAt: at(8) }).otherSideReadAt).toBe(at(8));
    const unread = { ...thread, summary: { ...thread.summary, unreadCount: 2 } };
    expect(applyReadReceipt(unread, { side: 'staff', readAt: at(9) }).summary.unreadCount).toBe(0);
  });

  it('groups by the reader’s local day', () => {
    const late = makeMessage({ createdAt: '2025-11-21T18:00:00.000Z' });
    const next = makeMessage({ createdAt: '2025-11-21T19:00:00.000Z' });
    expect(groupByDay([late, next], 'UTC').map((day) => day.date)).toEqual(['2025-11-21']);
    // 23:30 and 00:30 in Kolkata: two days.
    expect(groupByDay([late, next], 'Asia/Kolkata').map((day) => day.date)).toEqual([
      '2025-11-21',
      '2025-11-22',
    ]);
  });

  it('hides a waiting message once the server has it, whichever arrived first', () => {
    const ref = { scope: 'program' as const, ownerId: newId(), otherParty: newId() };
    const queued: QueuedMessage = {
      ref,
      clientMessageId: 'c-1234567',
      body: 'On my way',
      attachments: [],
      writtenAt: at(0),
    };
    const entry = { key: queued.clientMessageId, id: 'e1', payload: queued, queuedAt: at(0) };
    expect(waitingMessages([entry], ref, [])).toEqual([queued]);
    expect(waitingMessages([entry], ref, [makeMessage({ clientMessageId: 'c-1234567' })])).toEqual(
      [],
    );
    expect(waitingMessages([entry], { ...ref, otherParty: newId() }, [])).toEqual([]);
  });
});
