import { z } from 'zod';
import { idSchema, profileParamsSchema, programParamsSchema } from '../common.ts';
import {
  announcementSchema,
  createAnnouncementSchema,
  editMessageSchema,
  inboxQuerySchema,
  inboxSchema,
  markReadSchema,
  messageAttachmentSchema,
  messageSchema,
  profileConversationParamsSchema,
  programConversationParamsSchema,
  sendMessageSchema,
  threadQuerySchema,
  threadSchema,
  unreadCountsSchema,
} from '../conversations.ts';
import type { conversationsRoutes } from './conversations.ts';
import type { SchemasOf } from './operation.ts';

const messageAnswer = z.object({ message: messageSchema });

/** The schemas of one side's thread routes, `params` naming the thread (`threadRoutes` in conversations.ts). */
function threadSchemas<S extends z.ZodRawShape>(params: z.ZodObject<S>) {
  const message = params.extend({ messageId: idSchema });
  return {
    thread: { params, query: threadQuerySchema, response: threadSchema },
    send: { params, body: sendMessageSchema, response: messageAnswer },
    edit: { params: message, body: editMessageSchema, response: messageAnswer },
    delete: { params: message, response: messageAnswer },
    read: { params, body: markReadSchema },
    attach: { params, response: z.object({ attachment: messageAttachmentSchema }) },
  } as const;
}

const staff = threadSchemas(programConversationParamsSchema);
const family = threadSchemas(profileConversationParamsSchema);

/** Schemas of {@link conversationsRoutes}; attachments are multipart, so they have no `body` schema. */
export const conversationsSchemas = {
  programInbox: { params: programParamsSchema, query: inboxQuerySchema, response: inboxSchema },
  profileInbox: { params: profileParamsSchema, query: inboxQuerySchema, response: inboxSchema },
  unread: { response: unreadCountsSchema },
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
    params: programParamsSchema,
    body: createAnnouncementSchema,
    response: z.object({ announcement: announcementSchema }),
  },
  announcements: {
    params: programParamsSchema,
    response: z.object({ announcements: z.array(announcementSchema) }),
  },
} as const satisfies SchemasOf<typeof conversationsRoutes>;
