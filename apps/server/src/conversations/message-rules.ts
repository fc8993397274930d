import { MESSAGE_EDIT_WINDOW_MINUTES } from '@rally/shared/conversations';
import type { Tx } from '../db/client.ts';
import { AppError, fieldError } from '../lib/errors.ts';
import type {
  NotificationRow,
  NotificationsService,
} from '../notifications/notifications.service.ts';
import { fallbackName } from './conversations.presenter.ts';
import type { ThreadAccess } from './conversations.service.ts';
import type { MessageView } from './messages.repository.ts';

/** A 400 `validation_failed` naming `field`, for ids that are not of this thread. */
export function notInThread(field: string, what = 'This message'): AppError {
  return fieldError(field, `${what} is not in this conversation`);
}

/**
 * Why `userId` could not edit or delete `message` of the thread `access`
 * (docs/decisions/007), as the error to answer: 403 for another person's
 * message (visible, not theirs), an announcement copy, an archived program
 * or a message older than {@link MESSAGE_EDIT_WINDOW_MINUTES}; 409 when it
 * was already deleted.
 */
export function editRefusal(message: MessageView, access: ThreadAccess, userId: string): AppError {
  if (message.senderUserId !== userId) {
    return new AppError('forbidden', 'You can only edit or delete your own messages.');
  }
  if (message.kind === 'announcement') {
    return new AppError(
      'forbidden',
      'An announcement went to every family and cannot be changed in one thread. Send a follow-up instead.',
    );
  }
  if (message.deletedAt) return new AppError('conflict', 'This message was already deleted.');
  if (access.programStatus !== 'active') {
    return new AppError('forbidden', access.readOnlyReason ?? 'This conversation is read-only.');
  }
  return new AppError(
    'forbidden',
    `Messages can be edited or deleted for ${MESSAGE_EDIT_WINDOW_MINUTES} minutes after sending; this one is older. Send a correction instead.`,
  );
}

/** A notification snippet of a message body (at most 140 characters), or what was attached. */
export function snippet(body: string, attachmentCount: number): string {
  if (!body) {
    return attachmentCount === 1 ? 'Sent an attachment' : `Sent ${attachmentCount} attachments`;
  }
  return body.length > 140 ? `${body.slice(0, 139)}…` : body;
}

/**
 * Notifies the side across from the sender of `m` (docs/decisions/007), in
 * the send's transaction: a staff message tells the profile's managers, a
 * family message the program's staff (or the org's owners and admins when
 * it has none); never the sender. Returns the rows to publish after commit.
 */
export function notifyOtherSide(
  notifications: NotificationsService,
  tx: Tx,
  access: ThreadAccess,
  m: MessageView,
  senderId: string,
): Promise<NotificationRow[]> {
  const senderName = m.senderName ?? fallbackName(m.senderSide);
  const data = {
    body: snippet(m.body, m.attachments.length),
    programName: access.programName,
    profileName: access.profileName,
    senderName,
    conversationId: m.conversationId,
  };
  if (access.side === 'staff') {
    return notifications.notifyProfileManagers(tx, {
      kind: 'message',
      profiles: [
        {
          profileId: access.profileId,
          path: `/p/${access.profileId}/conversations/${access.programId}`,
          data: { ...data, title: `${senderName} (${access.programName})` },
        },
      ],
      exceptUserId: senderId,
    });
  }
  return notifications.notifyProgramStaff(tx, {
    kind: 'message',
    programId: access.programId,
    path: `/programs/${access.programId}/conversations/${access.profileId}`,
    data: { ...data, title: `${senderName} about ${access.profileName}` },
    exceptUserId: senderId,
  });
}
