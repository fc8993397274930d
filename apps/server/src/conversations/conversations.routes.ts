import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { contract } from '@rally/shared/api/contract';
import { MAX_ATTACHMENT_BYTES } from '@rally/shared/conversations';
import { attachmentTooLarge } from '../files/attachment-upload.ts';
import { multipartOptions, readUpload } from '../files/upload-reader.ts';
import { route } from '../http/contract-routes.ts';
import type { AnnouncementsService } from './announcements.service.ts';
import type { AttachmentsService } from './attachments.service.ts';
import type { ConversationsService, ThreadRef } from './conversations.service.ts';
import type { MessagesService } from './messages.service.ts';
import type { ThreadsService } from './threads.service.ts';

const { conversations: ops } = contract;

/**
 * The two route families of a thread (SPEC.md §2 `otherParty`): the staff's
 * under the program and the family's under the profile, each with its
 * operations and the way its params name a {@link ThreadRef}.
 */
const SIDES = [
  {
    ops: {
      thread: ops.staffThread,
      send: ops.staffSend,
      edit: ops.staffEdit,
      delete: ops.staffDelete,
      read: ops.staffRead,
      attach: ops.staffAttach,
    },
    ref: (p: { programId: string; otherParty: string }): ThreadRef => ({
      via: 'program',
      programId: p.programId,
      profileId: p.otherParty,
    }),
  },
  {
    ops: {
      thread: ops.familyThread,
      send: ops.familySend,
      edit: ops.familyEdit,
      delete: ops.familyDelete,
      read: ops.familyRead,
      attach: ops.familyAttach,
    },
    ref: (p: { profileId: string; otherParty: string }): ThreadRef => ({
      via: 'profile',
      profileId: p.profileId,
      programId: p.otherParty,
    }),
  },
] as const;

/** The services these routes call. */
interface ConversationRouteServices {
  announcements: AnnouncementsService;
  attachments: AttachmentsService;
  conversations: ConversationsService;
  messages: MessagesService;
  threads: ThreadsService;
}

/**
 * Conversation routes (`contract.conversations`; rules in
 * docs/decisions/007). Per thread, from the program side (staff) and the
 * profile side (family), calling the same services:
 * - `GET .../conversations/:otherParty?before|after&limit`: `threadSchema`.
 * - `POST .../messages` `sendMessageSchema`: 201 `{ message }`, 200 with the
 *   stored message when the `clientMessageId` was used before.
 * - `PATCH .../messages/:messageId` `editMessageSchema`, `DELETE .../messages/:messageId`: `{ message }`.
 * - `POST .../read` `markReadSchema`: 204.
 * - `POST .../attachments` multipart, one file in `file`: 201 `{ attachment }`.
 * Inboxes: `GET /api/programs/:programId/conversations` and
 * `GET /api/profiles/:profileId/conversations` (`inboxQuerySchema`:
 * `inboxSchema`); badges `GET /api/conversations/unread` (`unreadCountsSchema`);
 * announcements `POST|GET /api/programs/:programId/announcements`.
 */
export function registerConversationRoutes(
  app: FastifyInstance,
  s: ConversationRouteServices,
): void {
  route(app, ops.programInbox, async ({ actor, params, query }) =>
    s.conversations.programInbox(actor, params.programId, query),
  );

  route(app, ops.profileInbox, async ({ actor, params, query }) =>
    s.conversations.profileInbox(actor, params.profileId, query),
  );

  route(app, ops.unread, async ({ actor }) => s.conversations.unread(actor));

  for (const side of SIDES) registerThreadRoutes(app, s, side);

  route(app, ops.createAnnouncement, async ({ actor, params, body, reply }) => {
    const result = await s.announcements.create(actor, params.programId, body);
    return reply.status(result.isNew ? 201 : 200).send({ announcement: result.announcement });
  });

  route(app, ops.announcements, async ({ actor, params }) =>
    s.announcements.list(actor, params.programId),
  );
}

function registerThreadRoutes(
  app: FastifyInstance,
  s: ConversationRouteServices,
  side: (typeof SIDES)[number],
): void {
  // Each side's params type differs; `ref` reads the one its own operations parse.
  const ref = side.ref as (params: unknown) => ThreadRef;

  route(app, side.ops.thread, async ({ actor, params, query }) =>
    s.threads.getThread(actor, ref(params), query),
  );

  route(app, side.ops.send, async ({ actor, params, body, reply }) => {
    const result = await s.messages.send(actor, ref(params), body);
    return reply.status(result.isNew ? 201 : 200).send({ message: result.message });
  });

  route(app, side.ops.edit, async ({ actor, params, body }) => ({
    message: await s.messages.edit(actor, ref(params), params.messageId, body.body),
  }));

  route(app, side.ops.delete, async ({ actor, params }) => ({
    message: await s.messages.delete(actor, ref(params), params.messageId),
  }));

  route(app, side.ops.read, async ({ actor, params, body }) => {
    await s.messages.markRead(actor, ref(params), body.throughMessageId);
  });

  // Multipart parsing only in the upload route's scope, with the 10 MB attachment limit.
  app.register(async (scope) => {
    await scope.register(multipart, multipartOptions(MAX_ATTACHMENT_BYTES));
    route(scope, side.ops.attach, async ({ actor, params, request }) => ({
      attachment: await s.attachments.upload(actor, ref(params), () =>
        readUpload(request, MAX_ATTACHMENT_BYTES, attachmentTooLarge, 'file'),
      ),
    }));
  });
}
