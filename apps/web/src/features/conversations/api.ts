import { conversationsRoutes } from '@rally/shared/api/conversations';
import type {
  ConversationSummary,
  EditMessage,
  Inbox,
  Message,
  MessageAttachment,
  SendMessage,
  Thread,
} from '@rally/shared/conversations';
import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { request } from '../../lib/api-request';
import { MESSAGE_PAGE_SIZE } from './limits';
import { applyMessage, mergeNewestPage, mergeOlderPage } from './message-cache';

/**
 * Which inbox a page shows (DESIGN.md §2): a program's (`program`, the
 * staff side, `otherParty` = a profileId) or a profile's (`profile`, the
 * family side, `otherParty` = a programId).
 */
export type ConversationScope = 'program' | 'profile';

/** One thread as a route names it: the inbox it is in and the other party. */
export interface ThreadRef {
  scope: ConversationScope;
  /** The programId (scope `program`) or profileId (scope `profile`) of the route. */
  ownerId: string;
  otherParty: string;
}

const enc = encodeURIComponent;

/**
 * Runs the request of `ref`'s side with the thread's path parameters: `staff`
 * (a `conversationsRoutes.staff*` operation, under
 * `/api/programs/:programId/conversations/:otherParty`) for scope `program`,
 * else `family` (`conversationsRoutes.family*`, under
 * `/api/profiles/:profileId/conversations/:otherParty`). Answers what it answers.
 */
function onSide<T>(
  ref: ThreadRef,
  staff: (params: { programId: string; otherParty: string }) => T,
  family: (params: { profileId: string; otherParty: string }) => T,
): T {
  return ref.scope === 'program'
    ? staff({ programId: ref.ownerId, otherParty: ref.otherParty })
    : family({ profileId: ref.ownerId, otherParty: ref.otherParty });
}

/**
 * The SPEC.md §2 route of a thread: `program-conversation`
 * (`/programs/{programId}/conversations/{profileId}`) or
 * `profile-conversation` (`/p/{profileId}/conversations/{programId}`).
 */
export function threadRoutePath(ref: ThreadRef): string {
  return ref.scope === 'program'
    ? `/programs/${enc(ref.ownerId)}/conversations/${enc(ref.otherParty)}`
    : `/p/${enc(ref.ownerId)}/conversations/${enc(ref.otherParty)}`;
}

/** The SPEC.md §2 route of an inbox: `program-conversations` or `profile-conversations`. */
export function inboxRoutePath(scope: ConversationScope, ownerId: string): string {
  return scope === 'program'
    ? `/programs/${enc(ownerId)}/conversations`
    : `/p/${enc(ownerId)}/conversations`;
}

/**
 * TanStack Query keys of conversations. Realtime (apps/web/src/lib/realtime.ts)
 * invalidates them: `inboxes` on `conversation.updated` of `program:{id}` /
 * `profile:{id}`, `unread` for the navigation badges, `thread` on
 * `conversation:{id}` changes without a payload.
 */
export const conversationKeys = {
  all: ['conversations'] as const,
  /** Every inbox list of one program or profile (any search). */
  inboxes: (scope: ConversationScope, ownerId: string) =>
    ['conversations', 'inbox', scope, ownerId] as const,
  inbox: (scope: ConversationScope, ownerId: string, q: string) =>
    ['conversations', 'inbox', scope, ownerId, { q }] as const,
  thread: (ref: ThreadRef) =>
    ['conversations', 'thread', ref.scope, ref.ownerId, ref.otherParty] as const,
  unread: ['conversations', 'unread'] as const,
  announcements: (programId: string) => ['conversations', 'announcements', programId] as const,
};

/**
 * `GET /api/programs/:programId/conversations` or
 * `GET /api/profiles/:profileId/conversations` (`?q&cursor`): threads newest
 * first with unread counts and the last message, plus enrolled profiles (or
 * the profile's programs) without a thread (`id: null`); paged by `nextCursor`.
 */
export const inboxQueryOptions = (scope: ConversationScope, ownerId: string, q: string) =>
  infiniteQueryOptions({
    queryKey: conversationKeys.inbox(scope, ownerId, q),
    queryFn: ({ signal, pageParam }) => {
      const query = { q: q === '' ? undefined : q, cursor: pageParam ?? undefined };
      return scope === 'program'
        ? request(conversationsRoutes.programInbox, {
            params: { programId: ownerId },
            query,
            signal,
          })
        : request(conversationsRoutes.profileInbox, {
            params: { profileId: ownerId },
            query,
            signal,
          });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

/** The conversations of every loaded inbox page, in order, each once. */
export function inboxEntries(pages: readonly Inbox[] | undefined): ConversationSummary[] {
  const seen = new Set<string>();
  const entries: ConversationSummary[] = [];
  for (const entry of pages?.flatMap((page) => page.conversations) ?? []) {
    const key = `${entry.programId}:${entry.profileId}`;
    if (seen.has(key)) continue;
    seen.add(key);
    entries.push(entry);
  }
  return entries;
}

/**
 * `GET .../conversations/:otherParty`: the newest {@link MESSAGE_PAGE_SIZE}
 * messages (oldest first), the caller's side and whether they may write. A
 * refetch is laid over the cached thread ({@link mergeNewestPage}), so older
 * pages loaded meanwhile stay and live messages are not lost. 404 when the
 * caller may not see the thread.
 */
export const threadQueryOptions = (ref: ThreadRef, queryClient: QueryClient) =>
  queryOptions({
    queryKey: conversationKeys.thread(ref),
    queryFn: async ({ signal }) => {
      const query = { limit: MESSAGE_PAGE_SIZE };
      const fresh = await onSide(
        ref,
        (params) => request(conversationsRoutes.staffThread, { params, query, signal }),
        (params) => request(conversationsRoutes.familyThread, { params, query, signal }),
      );
      return mergeNewestPage(queryClient.getQueryData(conversationKeys.thread(ref)), fresh);
    },
  });

/**
 * Loads the page before the oldest cached message (`?before=`) into the
 * cached thread. Throws `ApiError` (status 0 offline).
 */
export async function loadOlderMessages(queryClient: QueryClient, ref: ThreadRef): Promise<void> {
  const key = conversationKeys.thread(ref);
  const oldest = queryClient.getQueryData<Thread>(key)?.messages[0];
  if (!oldest) return;
  const query = { before: oldest.id, limit: MESSAGE_PAGE_SIZE };
  const older = await onSide(
    ref,
    (params) => request(conversationsRoutes.staffThread, { params, query }),
    (params) => request(conversationsRoutes.familyThread, { params, query }),
  );
  queryClient.setQueryData<Thread>(key, (thread) => thread && mergeOlderPage(thread, older));
}

/** Puts `message` into the cached thread of `ref` (if cached), de-duplicated by id. */
export function putMessageInCache(
  queryClient: QueryClient,
  ref: ThreadRef,
  message: Message,
): void {
  queryClient.setQueryData<Thread>(conversationKeys.thread(ref), (thread) =>
    thread ? applyMessage(thread, message) : thread,
  );
}

/** Refetches the inbox lists of `ref`'s program or profile and the unread badges. */
export async function refreshInboxes(
  queryClient: QueryClient,
  scope: ConversationScope,
  ownerId: string,
): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: conversationKeys.inboxes(scope, ownerId) }),
    queryClient.invalidateQueries({ queryKey: conversationKeys.unread }),
  ]);
}

/**
 * `POST .../conversations/:otherParty/messages`: sends a message; the same
 * `clientMessageId` again answers the stored message (idempotent,
 * docs/decisions/007). Answers `{ message }`. Throws `ApiError`: status 0
 * offline or when `signal` timed out, 403 read-only thread, 400 `validation_failed`.
 */
export async function sendMessage(
  ref: ThreadRef,
  body: SendMessage,
  signal?: AbortSignal,
): Promise<Message> {
  const answer = await onSide(
    ref,
    (params) => request(conversationsRoutes.staffSend, { params, body, signal }),
    (params) => request(conversationsRoutes.familySend, { params, body, signal }),
  );
  return answer.message;
}

/**
 * `POST .../conversations/:otherParty/read` with the newest message the
 * caller has seen: the thread is read for the caller's whole side.
 */
export async function markThreadRead(ref: ThreadRef, throughMessageId: string): Promise<void> {
  const body = { throughMessageId };
  await onSide(
    ref,
    (params) => request(conversationsRoutes.staffRead, { params, body }),
    (params) => request(conversationsRoutes.familyRead, { params, body }),
  );
}

/**
 * `POST .../conversations/:otherParty/attachments` (multipart, field `file`):
 * stores an image or PDF for a message of this thread and answers it (named
 * in the send's `attachmentIds`). Throws `ApiError`: 400 wrong type, 413 too big.
 */
export async function uploadAttachment(ref: ThreadRef, file: File): Promise<MessageAttachment> {
  const form = new FormData();
  form.append('file', file);
  const answer = await onSide(
    ref,
    (params) => request(conversationsRoutes.staffAttach, { params, body: form }),
    (params) => request(conversationsRoutes.familyAttach, { params, body: form }),
  );
  return answer.attachment;
}

/** What {@link useEditMessage} sends: which message and its new text. */
export interface MessageEdit extends EditMessage {
  messageId: string;
}

/**
 * `PATCH .../messages/:messageId` (own message, within 15 minutes): the
 * edited message replaces the cached one. 403 after the window.
 */
export function useEditMessage(ref: ThreadRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ messageId, body }: MessageEdit) =>
      onSide(
        ref,
        (params) =>
          request(conversationsRoutes.staffEdit, {
            params: { ...params, messageId },
            body: { body },
          }),
        (params) =>
          request(conversationsRoutes.familyEdit, {
            params: { ...params, messageId },
            body: { body },
          }),
      ),
    onSuccess: ({ message }) => {
      putMessageInCache(queryClient, ref, message);
      void refreshInboxes(queryClient, ref.scope, ref.ownerId);
    },
  });
}

/**
 * `DELETE .../messages/:messageId` (own message, within 15 minutes): the row
 * stays as "deleted" (docs/decisions/007). Takes the answered message when
 * there is one, else refetches the thread.
 */
export function useDeleteMessage(ref: ThreadRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (messageId: string) =>
      onSide(
        ref,
        (params) => request(conversationsRoutes.staffDelete, { params: { ...params, messageId } }),
        (params) => request(conversationsRoutes.familyDelete, { params: { ...params, messageId } }),
      ),
    onSuccess: async (answer) => {
      if (answer?.message) putMessageInCache(queryClient, ref, answer.message);
      else await queryClient.invalidateQueries({ queryKey: conversationKeys.thread(ref) });
      void refreshInboxes(queryClient, ref.scope, ref.ownerId);
    },
  });
}

/**
 * `GET /api/conversations/unread`: per program the caller staffs and per
 * profile they manage, how many threads have unread messages (the badges of
 * the "Conversations" links).
 */
export const unreadCountsQueryOptions = () =>
  queryOptions({
    queryKey: conversationKeys.unread,
    queryFn: ({ signal }) => request(conversationsRoutes.unread, { signal }),
  });
