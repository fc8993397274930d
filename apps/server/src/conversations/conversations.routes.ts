import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { idSchema, profileParamsSchema, programParamsSchema } from '@rally/shared/common';
import {
  createAnnouncementSchema,
  editMessageSchema,
  inboxQuerySchema,
  markReadSchema,
  MAX_ATTACHMENT_BYTES,
  profileConversationParamsSchema,
  programConversationParamsSchema,
  sendMessageSchema,
  threadQuerySchema,
} from '@rally/shared/conversations';
import { attachmentTooLarge } from '../files/attachment-upload.ts';
import { multipartOptions, readUpload } from '../files/upload-reader.ts';
import { requireActor } from '../http/auth-hook.ts';
import type { Services } from '../http/services.ts';
import { parseInput } from '../http/validate.ts';
import type { ThreadRef } from './conversations.service.ts';

/** The two route families of a thread (SPEC.md §2 `otherParty`), each turning its params into a {@link ThreadRef}. */
const SIDES = [
  {
    base: '/api/programs/:programId/conversations',
    ref(params: unknown): ThreadRef {
      const p = parseInput(programConversationParamsSchema, params);
      return { via: 'program', programId: p.programId, profileId: p.otherParty };
    },
  },
  {
    base: '/api/profiles/:profileId/conversations',
    ref(params: unknown): ThreadRef {
      const p = parseInput(profileConversationParamsSchema, params);
      return { via: 'profile', profileId: p.profileId, programId: p.otherParty };
    },
  },
] as const;

const messageParamsSchema = z.object({ messageId: idSchema });

/**
 * Conversation routes (issue 6; docs/api.md "Issue 6"; rules in
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
export function registerConversationRoutes(app: FastifyInstance, s: Services): void {
  app.get('/api/programs/:programId/conversations', async (request) => {
    const actor = requireActor(request);
    const { programId } = parseInput(programParamsSchema, request.params);
    const query = parseInput(inboxQuerySchema, request.query);
    return s.conversations.programInbox(actor, programId, query);
  });

  app.get('/api/profiles/:profileId/conversations', async (request) => {
    const actor = requireActor(request);
    const { profileId } = parseInput(profileParamsSchema, request.params);
    const query = parseInput(inboxQuerySchema, request.query);
    return s.conversations.profileInbox(actor, profileId, query);
  });

  app.get('/api/conversations/unread', async (request) => {
    const actor = requireActor(request);
    return s.conversations.unread(actor);
  });

  for (const side of SIDES) registerThreadRoutes(app, s, side);

  app.post('/api/programs/:programId/announcements', async (request, reply) => {
    const actor = requireActor(request);
    const { programId } = parseInput(programParamsSchema, request.params);
    const input = parseInput(createAnnouncementSchema, request.body);
    const result = await s.announcements.create(actor, programId, input);
    return reply.status(result.isNew ? 201 : 200).send({ announcement: result.announcement });
  });

  app.get('/api/programs/:programId/announcements', async (request) => {
    const actor = requireActor(request);
    const { programId } = parseInput(programParamsSchema, request.params);
    return s.announcements.list(actor, programId);
  });
}

function registerThreadRoutes(
  app: FastifyInstance,
  s: Services,
  side: (typeof SIDES)[number],
): void {
  const thread = `${side.base}/:otherParty`;
  const messageId = (request: FastifyRequest) =>
    parseInput(messageParamsSchema, request.params).messageId;

  app.get(thread, async (request) => {
    const actor = requireActor(request);
    const ref = side.ref(request.params);
    const query = parseInput(threadQuerySchema, request.query);
    return s.threads.getThread(actor, ref, query);
  });

  app.post(`${thread}/messages`, async (request, reply) => {
    const actor = requireActor(request);
    const ref = side.ref(request.params);
    const input = parseInput(sendMessageSchema, request.body);
    const result = await s.messages.send(actor, ref, input);
    return reply.status(result.isNew ? 201 : 200).send({ message: result.message });
  });

  app.patch(`${thread}/messages/:messageId`, async (request) => {
    const actor = requireActor(request);
    const ref = side.ref(request.params);
    const id = messageId(request);
    const { body } = parseInput(editMessageSchema, request.body);
    return { message: await s.messages.edit(actor, ref, id, body) };
  });

  app.delete(`${thread}/messages/:messageId`, async (request) => {
    const actor = requireActor(request);
    const ref = side.ref(request.params);
    return { message: await s.messages.delete(actor, ref, messageId(request)) };
  });

  app.post(`${thread}/read`, async (request, reply) => {
    const actor = requireActor(request);
    const ref = side.ref(request.params);
    const { throughMessageId } = parseInput(markReadSchema, request.body);
    await s.messages.markRead(actor, ref, throughMessageId);
    return reply.status(204).send();
  });

  // Multipart parsing only in the upload route's scope, with the 10 MB attachment limit.
  app.register(async (scope) => {
    await scope.register(multipart, multipartOptions(MAX_ATTACHMENT_BYTES));
    scope.post(`${thread}/attachments`, async (request, reply) => {
      const actor = requireActor(request);
      const ref = side.ref(request.params);
      const attachment = await s.attachments.upload(actor, ref, () =>
        readUpload(request, MAX_ATTACHMENT_BYTES, attachmentTooLarge, 'file'),
      );
      return reply.status(201).send({ attachment });
    });
  });
}
