import { defineRoutes, type RouteSpec } from './operation.ts';

const staffThread = '/api/programs/:programId/conversations/:otherParty';
const familyThread = '/api/profiles/:profileId/conversations/:otherParty';

/**
 * The routes of one thread from one side (SPEC.md §2 `otherParty`): the
 * staff's, under the program, or the family's, under the profile. Both
 * sides call the same services (docs/decisions/007).
 */
function threadRoutes(thread: string, side: string) {
  return {
    thread: {
      method: 'GET',
      path: thread,
      summary: `A thread, ${side}: a page of messages before or after a cursor`,
      access: 'signedIn',
      status: 200,
    },
    send: {
      method: 'POST',
      path: `${thread}/messages`,
      summary: `Send a message, ${side} (200 with the stored one when its clientMessageId was used)`,
      access: 'signedIn',
      status: 201,
      otherStatuses: [200],
    },
    edit: {
      method: 'PATCH',
      path: `${thread}/messages/:messageId`,
      summary: `Edit my message, ${side}`,
      access: 'signedIn',
      status: 200,
    },
    delete: {
      method: 'DELETE',
      path: `${thread}/messages/:messageId`,
      summary: `Delete my message, ${side}`,
      access: 'signedIn',
      status: 200,
    },
    read: {
      method: 'POST',
      path: `${thread}/read`,
      summary: `Mark a thread read up to a message, ${side}`,
      access: 'signedIn',
      status: 204,
    },
    attach: {
      method: 'POST',
      path: `${thread}/attachments`,
      summary: `Upload an attachment for a message, ${side} (at most 10 MiB)`,
      access: 'signedIn',
      status: 201,
      upload: 'multipart',
    },
  } as const satisfies Record<string, RouteSpec>;
}

const staff = threadRoutes(staffThread, "from the program's side");
const family = threadRoutes(familyThread, "from the family's side");

/**
 * Conversations (docs/decisions/007): inboxes, unread badges, the threads
 * between a program's staff and a profile's family from either side, and
 * a program's announcements.
 */
export const conversationsRoutes = defineRoutes('conversations', {
  programInbox: {
    method: 'GET',
    path: '/api/programs/:programId/conversations',
    summary: "A program's inbox, one thread per profile",
    access: 'signedIn',
    status: 200,
  },
  profileInbox: {
    method: 'GET',
    path: '/api/profiles/:profileId/conversations',
    summary: "A profile's inbox, one thread per program",
    access: 'signedIn',
    status: 200,
  },
  unread: {
    method: 'GET',
    path: '/api/conversations/unread',
    summary: 'My unread counts for the badges',
    access: 'signedIn',
    status: 200,
  },
  staffThread: staff.thread,
  staffSend: staff.send,
  staffEdit: staff.edit,
  staffDelete: staff.delete,
  staffRead: staff.read,
  staffAttach: staff.attach,
  familyThread: family.thread,
  familySend: family.send,
  familyEdit: family.edit,
  familyDelete: family.delete,
  familyRead: family.read,
  familyAttach: family.attach,
  createAnnouncement: {
    method: 'POST',
    path: '/api/programs/:programId/announcements',
    summary: 'Announce to a program (200 with the stored one when its clientMessageId was used)',
    access: 'signedIn',
    status: 201,
    otherStatuses: [200],
  },
  announcements: {
    method: 'GET',
    path: '/api/programs/:programId/announcements',
    summary: "A program's announcements",
    access: 'signedIn',
    status: 200,
  },
});
