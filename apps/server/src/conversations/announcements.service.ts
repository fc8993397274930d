import type { z } from 'zod';
import type { Announcement, createAnnouncementSchema, Message } from '@rally/shared/conversations';
import type { RealtimeEvent } from '@rally/shared/realtime';
import { listRoster } from '../attendance/attendance.queries.ts';
import type { Db } from '../db/client.ts';
import { AppError, notFound } from '../lib/errors.ts';
import type { Clock } from '../lib/clock.ts';
import { newId } from '../lib/ids.ts';
import type {
  NotificationRow,
  NotificationsService,
} from '../notifications/notifications.service.ts';
import type { PolicyActor } from '../policy/policy.ts';
import type { RealtimePublisher } from '../realtime/publisher.ts';
import * as repo from './announcements.repository.ts';
import { messageChanged } from './conversation-events.ts';
import { fallbackName, presentAnnouncement } from './conversations.presenter.ts';
import type { ConversationsService } from './conversations.service.ts';
import { snippet } from './message-rules.ts';

type CreateAnnouncement = z.output<typeof createAnnouncementSchema>;

/** The newest announcements `GET .../announcements` lists. */
const LIST_LIMIT = 50;

/** What creating an announcement answers: it, and whether this call made it (201) or found it (200). */
export interface AnnouncementResult {
  announcement: Announcement;
  isNew: boolean;
}

/**
 * Announcements (docs/decisions/007): staff write once and every
 * family of the program (an `active` subscription), or of one event's
 * roster, gets it as a message in its thread, plus one notification per
 * family user. Everything is set-based in one transaction: a few
 * statements whatever the number of families. Idempotent by the sender's
 * `clientMessageId`.
 */
export class AnnouncementsService {
  constructor(
    private readonly db: Db,
    private readonly threads: ConversationsService,
    private readonly notifications: NotificationsService,
    private readonly realtime: RealtimePublisher,
    private readonly clock: Clock,
  ) {}

  /**
   * Sends an announcement to the program's families (or the roster of
   * `input.eventId`). A key the actor already used returns the stored
   * announcement (`isNew: false`) and sends nothing. Throws 404 unless the
   * actor is on the program's staff side, or when the event is not the
   * program's; 403 when the program is archived; 409 when the key was used
   * in another program.
   */
  async create(
    actor: PolicyActor,
    programId: string,
    input: CreateAnnouncement,
  ): Promise<AnnouncementResult> {
    const program = await this.threads.authorizeStaff(actor, programId);
    if (program.status !== 'active') {
      throw new AppError('forbidden', `${program.name} is archived, so it sends no announcements.`);
    }
    const eventId = input.eventId ?? null;
    if (eventId && !(await repo.isEventOfProgram(this.db, eventId, programId))) {
      throw notFound('This event');
    }
    const now = this.clock.now();
    const sent = await this.db.transaction(async (tx) => {
      const inserted = await repo.insertAnnouncement(tx, {
        id: newId(),
        orgId: program.orgId,
        programId,
        eventId,
        senderUserId: actor.userId,
        body: input.body,
        clientMessageId: input.clientMessageId,
        createdAt: now,
      });
      if (!inserted) {
        const stored = await repo.findByClientId(tx, actor.userId, input.clientMessageId);
        if (!stored || stored.programId !== programId) {
          throw new AppError(
            'conflict',
            'This clientMessageId was already used for an announcement of another program. Use a new one.',
          );
        }
        return { id: stored.id, isNew: false, copies: [], notes: [] as NotificationRow[] };
      }
      const profileIds = eventId
        ? (await listRoster(tx, eventId)).map((r) => r.profileId)
        : await repo.activeProfileIds(tx, programId);
      await repo.ensureConversations(tx, { orgId: program.orgId, programId, profileIds, at: now });
      const copies = await repo.insertCopies(tx, inserted, profileIds);
      await repo.setRecipientCount(tx, inserted.id, copies.length);
      const notes = await this.notifications.notifyProfileManagers(tx, {
        kind: 'announcement',
        profiles: copies.map((c) => ({
          profileId: c.profileId,
          path: `/p/${c.profileId}/conversations/${programId}`,
          data: {
            title: program.name,
            body: snippet(input.body, 0),
            programName: program.name,
            conversationId: c.conversationId,
          },
        })),
        exceptUserId: actor.userId,
      });
      return { id: inserted.id, isNew: true, copies, notes };
    });
    const row = await repo.findAnnouncement(this.db, sent.id);
    if (!row) throw notFound('This announcement');
    if (sent.isNew) {
      this.realtime.publish(copyEvents(row, sent.copies));
      this.notifications.publish(sent.notes);
    }
    return { announcement: presentAnnouncement(row), isNew: sent.isNew };
  }

  /** The program's newest 50 announcements, newest first (its staff side; 404 for anyone else). */
  async list(actor: PolicyActor, programId: string): Promise<{ announcements: Announcement[] }> {
    await this.threads.authorizeStaff(actor, programId);
    const rows = await repo.listAnnouncements(this.db, programId, LIST_LIMIT);
    return { announcements: rows.map(presentAnnouncement) };
  }
}

/**
 * The realtime events of an announcement's copies: `message.created` in each
 * thread and `conversation.updated` on each family's inbox, and one
 * `conversation.updated` on the program (ids: the announcement) instead of
 * one per thread.
 */
function copyEvents(
  a: repo.AnnouncementRow,
  copies: readonly repo.AnnouncementCopy[],
): RealtimeEvent[] {
  const version = a.createdAt.getTime();
  const events: RealtimeEvent[] = [];
  for (const copy of copies) {
    const message: Message = {
      id: copy.messageId,
      conversationId: copy.conversationId,
      clientMessageId: `${a.clientMessageId}:${copy.profileId}`,
      kind: 'announcement',
      senderSide: 'staff',
      sender: a.senderUserId
        ? { userId: a.senderUserId, displayName: a.senderName ?? fallbackName('staff') }
        : null,
      body: a.body,
      attachments: [],
      createdAt: a.createdAt.toISOString(),
      editedAt: null,
      deletedAt: null,
      seq: copy.seq,
      isRead: false,
      canModify: false,
    };
    const parties = { ...copy, programId: a.programId };
    events.push(
      ...messageChanged('message.created', parties, message, copy.seq).filter(
        (e) => !e.topic.startsWith('program:'),
      ),
    );
  }
  if (copies.length > 0) {
    events.push({
      topic: `program:${a.programId}`,
      kind: 'conversation.updated',
      ids: [a.id],
      version,
    });
  }
  return events;
}
