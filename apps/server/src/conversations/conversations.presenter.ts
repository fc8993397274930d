import {
  MESSAGE_EDIT_WINDOW_MINUTES,
  type Announcement,
  type ConversationSide,
  type ConversationSummary,
  type Message,
  type MessageAttachment,
} from '@rally/shared/conversations';
import { fileUrl } from '@rally/shared/files';
import { attachmentFileName } from '../files/attachment-upload.ts';
import type { AnnouncementRow } from './announcements.repository.ts';
import type { InboxRow } from './inbox.repository.ts';
import type { AttachmentRow, MessageView } from './messages.repository.ts';

/** The edit window of own messages in ms (docs/decisions/007: 15 minutes). */
export const EDIT_WINDOW_MS = MESSAGE_EDIT_WINDOW_MINUTES * 60_000;

/** The side across a conversation from `side`. */
export function otherSide(side: ConversationSide): ConversationSide {
  return side === 'staff' ? 'family' : 'staff';
}

/** Who a name falls back to when a user never set one: "Staff member" or "Family member". */
export function fallbackName(side: ConversationSide): string {
  return side === 'staff' ? 'Staff member' : 'Family member';
}

/**
 * Who looks at messages, for the per-viewer fields: `userId` (null for a
 * realtime payload, which every participant receives), the conversation's
 * read state of both sides, the time now, and whether the thread is still
 * writable (archived programs are read-only).
 */
export interface MessageViewer {
  userId: string | null;
  staffReadAt: Date | null;
  familyReadAt: Date | null;
  now: Date;
  isWritable: boolean;
}

/**
 * `userId` as viewer of the thread `access` at `now`: its read state as
 * loaded, writable unless the program is archived.
 */
export function viewerOf(
  userId: string | null,
  access: {
    programStatus: 'active' | 'archived';
    conversation: { staffReadAt: Date | null; familyReadAt: Date | null } | null;
  },
  now: Date,
): MessageViewer {
  return {
    userId,
    staffReadAt: access.conversation?.staffReadAt ?? null,
    familyReadAt: access.conversation?.familyReadAt ?? null,
    now,
    isWritable: access.programStatus === 'active',
  };
}

/** The API shape of an attachment (`messageAttachmentSchema`), served at `/api/files/{fileId}`. */
export function presentAttachment(
  a: Omit<AttachmentRow, 'messageId' | 'position'>,
): MessageAttachment {
  return {
    fileId: a.fileId,
    url: fileUrl(a.fileId),
    contentType: a.contentType,
    sizeBytes: a.sizeBytes,
    fileName: a.fileName ?? attachmentFileName(a.contentType),
  };
}

/**
 * The API shape of a message (`messageSchema`) as `viewer` sees it:
 * `isRead` when the other side's read time reached it (per side,
 * docs/decisions/007); `canModify` for the viewer's own undeleted message
 * within {@link MESSAGE_EDIT_WINDOW_MINUTES} in a writable thread
 * (announcement copies are never edited one by one).
 */
export function presentMessage(m: MessageView, viewer: MessageViewer): Message {
  const readByOther = m.senderSide === 'staff' ? viewer.familyReadAt : viewer.staffReadAt;
  const canModify =
    viewer.userId !== null &&
    m.senderUserId === viewer.userId &&
    m.kind === 'message' &&
    m.deletedAt === null &&
    viewer.isWritable &&
    viewer.now.getTime() - m.createdAt.getTime() < EDIT_WINDOW_MS;
  return {
    id: m.id,
    conversationId: m.conversationId,
    clientMessageId: m.clientMessageId,
    kind: m.kind,
    senderSide: m.senderSide,
    sender: m.senderUserId
      ? { userId: m.senderUserId, displayName: m.senderName ?? fallbackName(m.senderSide) }
      : null,
    body: m.body,
    attachments: m.attachments.map(presentAttachment),
    createdAt: m.createdAt.toISOString(),
    editedAt: m.editedAt ? m.editedAt.toISOString() : null,
    deletedAt: m.deletedAt ? m.deletedAt.toISOString() : null,
    seq: m.seq,
    isRead: readByOther !== null && readByOther.getTime() >= m.createdAt.getTime(),
    canModify,
  };
}

/**
 * The API shape of an inbox entry (`conversationSummarySchema`) for `side`:
 * `otherParty` is the profile for staff and the program for families.
 */
export function presentSummary(row: InboxRow, side: ConversationSide): ConversationSummary {
  return {
    id: row.id,
    otherParty: side === 'staff' ? row.profileId : row.programId,
    programId: row.programId,
    programName: row.programName,
    profileId: row.profileId,
    profileName: row.profileName,
    profilePhotoUrl: row.profilePhotoFileId ? fileUrl(row.profilePhotoFileId) : null,
    lastMessage:
      row.lastCreatedAt && row.lastSenderSide
        ? {
            body: row.lastBody ?? '',
            senderSide: row.lastSenderSide,
            senderName: row.lastSenderName,
            createdAt: row.lastCreatedAt.toISOString(),
            isDeleted: row.lastIsDeleted === true,
            hasAttachments: row.lastHasAttachments === true,
          }
        : null,
    unreadCount: row.unreadCount,
  };
}

/** The API shape of an announcement (`announcementSchema`). */
export function presentAnnouncement(a: AnnouncementRow): Announcement {
  return {
    id: a.id,
    programId: a.programId,
    eventId: a.eventId,
    event:
      a.eventId && a.eventTitle !== null && a.eventStartsAt && a.eventTimeZone
        ? {
            id: a.eventId,
            title: a.eventTitle,
            startsAt: a.eventStartsAt.toISOString(),
            timeZone: a.eventTimeZone,
          }
        : null,
    body: a.body,
    recipientCount: a.recipientCount,
    sender: a.senderUserId
      ? { userId: a.senderUserId, displayName: a.senderName ?? fallbackName('staff') }
      : null,
    createdAt: a.createdAt.toISOString(),
  };
}
