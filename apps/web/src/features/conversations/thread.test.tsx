import type { Message, SendMessage, Thread } from '@rally/shared/conversations';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, pending, problem, type MockHandler } from '../../test/api-mock';
import {
  makeConversationSummary,
  makeMessage,
  makeMessageAttachment,
  makeProgram,
  makeProgramDetail,
  makeRealtimeFrame,
  makeThread,
  makeUser,
  newId,
} from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { FakeWebSocket } from '../../test/fake-websocket';
import { stubPrimaryPointer } from '../../test/pointer';
import { MESSAGE_SEND_TIMEOUT_MS } from './message-outbox';

// A desktop with a mouse (Enter sends) unless a test says it is a phone.
beforeEach(() => stubPrimaryPointer('mouse'));
afterEach(() => localStorage.clear());

/** Plays the server's side of the app's WebSocket: accepts it as `userId` and confirms what it follows. */
async function openRealtime(userId: string): Promise<FakeWebSocket> {
  await waitFor(() => expect(FakeWebSocket.instances).not.toHaveLength(0));
  const socket = FakeWebSocket.latest();
  socket.acceptAsServer(userId);
  socket.confirmSubscriptions();
  return socket;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/**
 * A staff member (Coach Meera) on the thread with Kabir Rao's family: the
 * program, the thread and a messages API that answers a send with the
 * message as the server stores it (unless `onSend` answers instead).
 */
function threadApi(
  options: {
    messages?: (coachId: string) => Message[];
    thread?: Partial<Thread>;
    onSend?: (body: SendMessage, message: Message) => Response | Promise<Response> | undefined;
  } = {},
) {
  const coach = makeUser({ displayName: 'Coach Meera' });
  const program = makeProgram();
  const conversationId = newId();
  const summary = makeConversationSummary({
    id: conversationId,
    programId: program.id,
    programName: program.name,
    profileName: 'Kabir Rao',
  });
  const thread = makeThread({
    summary,
    messages: options.messages?.(coach.id) ?? [],
    ...options.thread,
  });
  const sends: SendMessage[] = [];
  const handlers: Record<string, MockHandler> = {
    'GET /api/auth/session': { user: coach },
    'GET /api/programs/:programId': makeProgramDetail(program),
    'GET /api/programs/:programId/conversations/:otherParty': () => thread,
    'POST /api/programs/:programId/conversations/:otherParty/read': new Response(null, {
      status: 204,
    }),
    'POST /api/programs/:programId/conversations/:otherParty/messages': (request) => {
      const body = request.body as SendMessage;
      sends.push(body);
      const message = makeMessage({
        conversationId,
        clientMessageId: body.clientMessageId,
        body: body.body ?? '',
        sender: { userId: coach.id, displayName: 'Coach Meera' },
        createdAt: new Date().toISOString(),
        canModify: true,
      });
      return options.onSend?.(body, message) ?? json({ message }, 201);
    },
  };
  const path = `/programs/${program.id}/conversations/${summary.profileId}`;
  return { coach, program, summary, conversationId, thread, sends, handlers, path };
}

describe('a conversation thread', () => {
  it('shows messages oldest first by day, names, "Read", announcements, attachments and safe links', async () => {
    const familyUser = newId();
    const api = threadApi({
      messages: (coachId) => [
        makeMessage({
          createdAt: '2025-11-20T11:00:00.000Z',
          senderSide: 'family',
          sender: { userId: familyUser, displayName: 'Asha Rao' },
          body: 'Is there training tomorrow? <b>bold</b>',
        }),
        makeMessage({
          createdAt: '2025-11-20T11:05:00.000Z',
          senderSide: 'family',
          // Its sender deleted their account (docs/decisions/025).
          sender: null,
          body: 'Kabir will be late.',
        }),
        makeMessage({
          createdAt: '2025-11-20T11:10:00.000Z',
          sender: { userId: coachId, displayName: 'Coach Meera' },
          body: 'Yes, details at https://club.example/schedule.',
          attachments: [
            makeMessageAttachment({
              contentType: 'image/jpeg',
              fileName: 'ground.jpg',
              url: '/api/files/img1',
            }),
            makeMessageAttachment({ fileName: 'fees.pdf', sizeBytes: 2_400_000 }),
          ],
        }),
        makeMessage({
          createdAt: '2025-11-21T11:00:00.000Z',
          kind: 'announcement',
          sender: { userId: newId(), displayName: 'Coach Ravi' },
          body: 'Ground closed on Sunday.',
        }),
      ],
      thread: { otherSideReadAt: '2025-11-20T11:10:00.000Z' },
    });
    mockApi(api.handlers);
    renderApp(api.path);

    expect(
      await screen.findByRole('heading', {
        name: "Conversation with Kabir Rao's family",
        level: 1,
      }),
    ).toBeInTheDocument();
    const days = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(days).toEqual(['Thu, Nov 20, 2025', 'Fri, Nov 21, 2025']);
    // The other side's sender and a colleague are named; the viewer's own message is not.
    const list = screen.getByRole('list', { name: 'Messages' });
    expect(within(list).getByText('Asha Rao')).toBeInTheDocument();
    expect(within(list).getByText('Coach Ravi')).toBeInTheDocument();
    expect(within(list).queryByText('Coach Meera')).toBeNull();
    expect(within(list).getByText('Kabir will be late.').closest('li')).toHaveTextContent(
      'Former member',
    );
    // Markup in a body stays text.
    expect(screen.getByText(/<b>bold<\/b>/)).toBeInTheDocument();
    expect(document.querySelector('b')).toBeNull();
    const link = screen.getByRole('link', { name: 'https://club.example/schedule' });
    expect(link).toHaveAttribute('href', 'https://club.example/schedule');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(screen.getByRole('link', { name: 'Open ground.jpg full size' })).toHaveAttribute(
      'href',
      '/api/files/img1',
    );
    expect(screen.getByRole('img', { name: 'ground.jpg' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /fees\.pdf/ })).toHaveTextContent('2.3 MB');
    expect(screen.getByText('Announcement')).toBeInTheDocument();
    // "Read" under the viewer's side's last message the family read (not the later announcement).
    const read = screen.getByText(/· Read/);
    expect(read.closest('li')).toHaveTextContent('Yes, details at');
  });

  it('sends with a new clientMessageId on Enter and shows it once, even when the realtime event comes first', async () => {
    let answer: (response: Response) => void = () => {};
    const live: { socket?: FakeWebSocket } = {};
    const api = threadApi({
      onSend: (_body, message) => {
        // The realtime event for the message arrives before the POST's answer.
        live.socket?.receive(
          makeRealtimeFrame(`conversation:${message.conversationId}`, 'message.created', message),
        );
        return new Promise<Response>((resolve) => {
          answer = () => resolve(json({ message }, 201));
        });
      },
    });
    mockApi(api.handlers);
    const app = renderApp(api.path);

    const box = await screen.findByRole('textbox', { name: 'Message' });
    live.socket = await openRealtime(api.coach.id);
    expect(live.socket.subscribedTopics()).toContain(`conversation:${api.conversationId}`);
    expect(box).toHaveAttribute('enterkeyhint', 'send');
    await app.user.type(box, 'Running 10 minutes late{Shift>}{Enter}{/Shift}Sorry!');
    await app.user.keyboard('{Enter}');
    await waitFor(() => expect(api.sends).toHaveLength(1));
    expect(api.sends[0]?.clientMessageId).toMatch(UUID);
    expect(api.sends[0]?.body).toBe('Running 10 minutes late\nSorry!');
    expect(box).toHaveValue('');
    const messages = screen.getByRole('list', { name: 'Messages' });
    await waitFor(() =>
      expect(within(messages).getAllByText(/Running 10 minutes late/)).toHaveLength(1),
    );
    answer(new Response());
    await waitFor(() => expect(screen.queryByText('Sending…')).toBeNull());
    expect(within(messages).getAllByText(/Running 10 minutes late/)).toHaveLength(1);
    expect(api.sends).toHaveLength(1);
    expect(localStorage.length).toBe(0);
  });

  it('on a touch screen, Enter starts a new line and only the Send button sends or Save saves', async () => {
    stubPrimaryPointer('touch');
    const api = threadApi({
      messages: (coachId) => [
        makeMessage({
          createdAt: minutesAgo(5),
          sender: { userId: coachId, displayName: 'Coach Meera' },
          body: 'Training at 6',
        }),
      ],
    });
    const edits: unknown[] = [];
    mockApi({
      ...api.handlers,
      'PATCH /api/programs/:programId/conversations/:otherParty/messages/:messageId': (request) => {
        edits.push(request.body);
        const original = api.thread.messages[0];
        return {
          message: { ...original, ...(request.body as object), editedAt: new Date().toISOString() },
        };
      },
    });
    const app = renderApp(api.path);

    const box = await screen.findByRole('textbox', { name: 'Message' });
    expect(box).toHaveAttribute('enterkeyhint', 'enter');
    await app.user.type(box, 'Running late{Enter}Sorry!');
    expect(box).toHaveValue('Running late\nSorry!');
    expect(api.sends).toHaveLength(0);
    await app.user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(api.sends).toHaveLength(1));
    expect(api.sends[0]?.body).toBe('Running late\nSorry!');

    const earlier = screen.getByText('Training at 6').closest('li') as HTMLElement;
    await app.user.click(
      within(earlier).getByRole('button', { name: /^Options for your message/ }),
    );
    await app.user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const editor = screen.getByRole('textbox', { name: 'Edit message' });
    expect(editor).toHaveAttribute('enterkeyhint', 'enter');
    await app.user.type(editor, '{Enter}Bring water');
    expect(editor).toHaveValue('Training at 6\nBring water');
    expect(edits).toHaveLength(0);
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(edits).toEqual([{ body: 'Training at 6\nBring water' }]));
  });

  it('keeps the thread and a half-typed message when a refresh fails, with "Try again"', async () => {
    let isDown = false;
    const api = threadApi({
      messages: () => [makeMessage({ body: 'See you at 6', createdAt: minutesAgo(5) })],
    });
    mockApi({
      ...api.handlers,
      'GET /api/programs/:programId/conversations/:otherParty': () =>
        isDown ? problem(503, 'unavailable') : api.thread,
    });
    const app = renderApp(api.path);
    const box = await screen.findByRole('textbox', { name: 'Message' });
    await app.user.type(box, 'Running 10 min');

    isDown = true;
    await app.queryClient.invalidateQueries({ queryKey: ['conversations', 'thread'] });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong on our side. Try again in a moment.');
    expect(screen.getByText('See you at 6')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('Running 10 min');

    isDown = false;
    await app.user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('Running 10 min');
  });

  it('shows the not-found page when a refresh finds the thread gone', async () => {
    let isGone = false;
    const api = threadApi();
    mockApi({
      ...api.handlers,
      'GET /api/programs/:programId/conversations/:otherParty': () =>
        isGone ? problem(404, 'not_found') : api.thread,
    });
    const app = renderApp(api.path);
    await screen.findByRole('textbox', { name: 'Message' });
    isGone = true;
    await app.queryClient.invalidateQueries({ queryKey: ['conversations', 'thread'] });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
  });

  it('keeps a message written offline as "Waiting to send" and sends it once when back online', async () => {
    let isUp = false;
    const api = threadApi({
      onSend: (_body, message) =>
        isUp ? json({ message }, 201) : Promise.reject(new TypeError('Failed to fetch')),
    });
    mockApi(api.handlers);
    const app = renderApp(api.path);

    await app.user.type(
      await screen.findByRole('textbox', { name: 'Message' }),
      'Can we swap to Friday?{Enter}',
    );
    expect(await screen.findByText('Waiting to send')).toBeInTheDocument();
    expect(
      screen.getByText("You're offline — 1 message will be sent when you're back online."),
    ).toBeInTheDocument();
    const stored = JSON.parse(localStorage.getItem(localStorage.key(0) ?? '') ?? '[]') as {
      payload: { clientMessageId: string; body: string };
    }[];
    expect(stored.map((entry) => entry.payload.body)).toEqual(['Can we swap to Friday?']);
    const failed = api.sends.length;
    expect(failed).toBeGreaterThanOrEqual(1);

    isUp = true;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(api.sends).toHaveLength(failed + 1));
    await waitFor(() => expect(screen.queryByText('Sending…')).toBeNull());
    expect(screen.queryByText('Waiting to send')).toBeNull();
    // Every attempt carried the same key, so the server keeps one message.
    expect(new Set(api.sends.map((send) => send.clientMessageId)).size).toBe(1);
    expect(screen.getAllByText('Can we swap to Friday?')).toHaveLength(1);
    window.dispatchEvent(new Event('online'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.sends).toHaveLength(failed + 1);
  });

  it('gives up a send that never answers after the timeout and sends the message on the next flush', async () => {
    // The real timeout, shortened: the app asks for 20 s, the test waits 50 ms.
    const timeout = AbortSignal.timeout.bind(AbortSignal);
    const asked: number[] = [];
    vi.spyOn(AbortSignal, 'timeout').mockImplementation((ms) => {
      asked.push(ms);
      return timeout(50);
    });
    let isStalled = true;
    const api = threadApi({
      onSend: (_body, message) => (isStalled ? pending() : json({ message }, 201)),
    });
    mockApi(api.handlers);
    const app = renderApp(api.path);

    await app.user.type(
      await screen.findByRole('textbox', { name: 'Message' }),
      'Can we swap to Friday?{Enter}',
    );
    expect(
      await screen.findByText("You're offline — 1 message will be sent when you're back online."),
    ).toBeInTheDocument();
    expect(asked.length).toBeGreaterThanOrEqual(1);
    expect(asked.every((ms) => ms === MESSAGE_SEND_TIMEOUT_MS)).toBe(true);

    isStalled = false;
    const stalled = api.sends.length;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(api.sends).toHaveLength(stalled + 1));
    await waitFor(() => expect(screen.queryByText('Sending…')).toBeNull());
    expect(screen.queryByText('Waiting to send')).toBeNull();
    expect(new Set(api.sends.map((send) => send.clientMessageId)).size).toBe(1);
    expect(screen.getAllByText('Can we swap to Friday?')).toHaveLength(1);
  });

  it('says a message is not sent yet when the server fails, and sends it on "Try now"', async () => {
    let isUp = false;
    const api = threadApi({
      onSend: (_body, message) => (isUp ? json({ message }, 201) : problem(503, 'server_error')),
    });
    mockApi(api.handlers);
    const app = renderApp(api.path);
    await app.user.type(
      await screen.findByRole('textbox', { name: 'Message' }),
      'Is the ground open?{Enter}',
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Not sent yet');
    expect(alert).toHaveTextContent(
      'Something went wrong on our side. Try again in a moment. Rally keeps your message and tries again by itself.',
    );
    expect(screen.queryByText('Sending…')).toBeNull();
    expect(localStorage.length).toBe(1);

    isUp = true;
    await app.user.click(within(alert).getByRole('button', { name: 'Try now' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(screen.queryByText('Not sent yet')).toBeNull();
    expect(screen.getAllByText('Is the ground open?')).toHaveLength(1);
    expect(new Set(api.sends.map((send) => send.clientMessageId)).size).toBe(1);
  });

  it('says which message the server refused, and why, instead of retrying it forever', async () => {
    const api = threadApi({
      onSend: () =>
        problem(403, 'forbidden', {
          detail: 'Kabir Rao is no longer enrolled: this conversation is read-only.',
        }),
    });
    mockApi(api.handlers);
    const app = renderApp(api.path);
    await app.user.type(
      await screen.findByRole('textbox', { name: 'Message' }),
      'Are we on for Sunday?{Enter}',
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("This message wasn't sent");
    expect(alert).toHaveTextContent('Are we on for Sunday?');
    expect(alert).toHaveTextContent(
      'Kabir Rao is no longer enrolled: this conversation is read-only.',
    );
    expect(screen.queryByText('Sending…')).toBeNull();
    expect(localStorage.length).toBe(0);
    await app.user.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(api.sends).toHaveLength(1);
  });

  it('lets the sender edit and delete a message within 15 minutes only', async () => {
    const api = threadApi({
      messages: (coachId) => [
        makeMessage({
          createdAt: minutesAgo(20),
          sender: { userId: coachId, displayName: 'Coach Meera' },
          body: 'Old note',
        }),
        makeMessage({
          createdAt: minutesAgo(5),
          sender: { userId: coachId, displayName: 'Coach Meera' },
          body: 'Traning at 6',
        }),
      ],
    });
    const edited: string[] = [];
    const deleted: string[] = [];
    mockApi({
      ...api.handlers,
      'PATCH /api/programs/:programId/conversations/:otherParty/messages/:messageId': (
        request,
        params,
      ) => {
        edited.push(params.messageId ?? '');
        const original = api.thread.messages.find((m) => m.id === params.messageId);
        return {
          message: { ...original, ...(request.body as object), editedAt: new Date().toISOString() },
        };
      },
      'DELETE /api/programs/:programId/conversations/:otherParty/messages/:messageId': (
        _request,
        params,
      ) => {
        deleted.push(params.messageId ?? '');
        const original = api.thread.messages.find((m) => m.id === params.messageId);
        return { message: { ...original, body: '', deletedAt: new Date().toISOString() } };
      },
    });
    const app = renderApp(api.path);

    await screen.findByText('Traning at 6');
    const options = screen.getAllByRole('button', { name: /^Options for your message/ });
    // Only the message of 5 minutes ago can still change.
    expect(options).toHaveLength(1);
    await app.user.click(options[0] as HTMLElement);
    await app.user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const editor = screen.getByRole('textbox', { name: 'Edit message' });
    await app.user.clear(editor);
    await app.user.type(editor, 'Training at 6{Enter}');
    expect(await screen.findByText('Training at 6')).toBeInTheDocument();
    expect(screen.getByText(/· edited/)).toBeInTheDocument();
    expect(edited).toEqual([api.thread.messages[1]?.id]);

    await app.user.click(screen.getByRole('button', { name: /^Options for your message/ }));
    await app.user.click(await screen.findByRole('menuitem', { name: 'Delete message' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this message?' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Delete message' }));
    expect(await screen.findByText('Message deleted')).toBeInTheDocument();
    expect(deleted).toEqual([api.thread.messages[1]?.id]);
    expect(screen.queryByRole('button', { name: /^Options for your message/ })).toBeNull();
  });

  it('marks the thread read with the newest message, again when one arrives live, and loads older ones', async () => {
    const family = { userId: newId(), displayName: 'Asha Rao' };
    const first = makeMessage({ senderSide: 'family', sender: family, createdAt: minutesAgo(30) });
    const api = threadApi({
      messages: () => [first],
      thread: {
        hasOlder: true,
        summary: { ...makeConversationSummary(), id: newId(), unreadCount: 1 },
      },
    });
    const older = makeMessage({ body: 'From last week', createdAt: minutesAgo(10_000) });
    const requests = mockApi({
      ...api.handlers,
      'GET /api/programs/:programId/conversations/:otherParty': (request) =>
        request.search.get('before')
          ? { ...api.thread, messages: [older], hasOlder: false }
          : api.thread,
    });
    const app = renderApp(api.path);
    const reads = () =>
      requests
        .filter((r) => r.path.endsWith('/read'))
        .map((r) => (r.body as { throughMessageId: string }).throughMessageId);

    await waitFor(() => expect(reads()).toEqual([first.id]));
    const socket = await openRealtime(api.coach.id);
    const live = makeMessage({
      conversationId: api.thread.summary.id ?? '',
      senderSide: 'family',
      sender: family,
      body: 'Thanks!',
      createdAt: new Date().toISOString(),
    });
    socket.receive(
      makeRealtimeFrame(`conversation:${api.thread.summary.id}`, 'message.created', live),
    );
    expect(await screen.findByText('Thanks!')).toBeInTheDocument();
    await waitFor(() => expect(reads()).toEqual([first.id, live.id]));
    // The same message again (a replay after a reconnect) shows once.
    socket.receive(
      makeRealtimeFrame(`conversation:${api.thread.summary.id}`, 'message.created', live),
    );
    expect(screen.getAllByText('Thanks!')).toHaveLength(1);

    await app.user.click(screen.getByRole('button', { name: 'Load older messages' }));
    expect(await screen.findByText('From last week')).toBeInTheDocument();
    expect(requests.find((r) => r.search.get('before'))?.search.get('before')).toBe(first.id);
    expect(screen.queryByRole('button', { name: 'Load older messages' })).toBeNull();
  });

  it('after older messages failed to load, retries from the button, not on every scroll', async () => {
    const first = makeMessage({ createdAt: minutesAgo(30) });
    const api = threadApi({ messages: () => [first], thread: { hasOlder: true } });
    const requests = mockApi({
      ...api.handlers,
      'GET /api/programs/:programId/conversations/:otherParty': (request) =>
        request.search.get('before')
          ? json({ code: 'internal', title: 'Something went wrong', status: 500 }, 500)
          : api.thread,
    });
    const app = renderApp(api.path);
    const olderRequests = () => requests.filter((r) => r.search.get('before')).length;
    await app.user.click(await screen.findByRole('button', { name: 'Load older messages' }));
    await waitFor(() => expect(olderRequests()).toBe(1));
    expect(await screen.findByRole('alert')).toBeInTheDocument();

    // The reader keeps scrolling at the top of the list.
    const scroller = screen
      .getByRole('button', { name: 'Load older messages' })
      .closest('div[style*="overflow"]') as HTMLElement;
    for (let i = 0; i < 5; i += 1) fireEvent.scroll(scroller);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(olderRequests()).toBe(1);

    await app.user.click(screen.getByRole('button', { name: 'Load older messages' }));
    await waitFor(() => expect(olderRequests()).toBe(2));
  });

  it('refuses attachments of the wrong type or over 10 MB before uploading', async () => {
    const api = threadApi();
    const requests = mockApi(api.handlers);
    renderApp(api.path);
    // A browser's file dialog honours `accept`; a dropped or pasted file may not.
    const user = userEvent.setup({ applyAccept: false });
    await screen.findByRole('textbox', { name: 'Message' });
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    const zip = new File(['x'], 'kit.zip', { type: 'application/zip' });
    const huge = new File(['x'], 'video.png', { type: 'image/png' });
    Object.defineProperty(huge, 'size', { value: 11 * 1024 * 1024 });
    await user.upload(input, [zip, huge]);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      "kit.zip can't be attached: only photos (JPEG, PNG, WebP, GIF) and PDFs can.",
    );
    expect(alert).toHaveTextContent('video.png is larger than 10 MB.');
    expect(requests.some((r) => r.path.endsWith('/attachments'))).toBe(false);
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });

  it('uploads a PDF, shows it while writing, and sends its id with the message', async () => {
    const api = threadApi();
    const attachment = makeMessageAttachment({ fileName: 'medical-form.pdf' });
    mockApi({
      ...api.handlers,
      'POST /api/programs/:programId/conversations/:otherParty/attachments': json(
        { attachment },
        201,
      ),
    });
    const app = renderApp(api.path);
    await screen.findByRole('textbox', { name: 'Message' });
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await app.user.upload(
      input,
      new File(['%PDF-1.4'], 'medical-form.pdf', { type: 'application/pdf' }),
    );
    const picked = screen.getByRole('group', { name: 'Attachments' });
    expect(within(picked).getByText('medical-form.pdf')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled());
    await app.user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(api.sends).toHaveLength(1));
    expect(api.sends[0]).toMatchObject({ body: '', attachmentIds: [attachment.fileId] });
  });

  it('does not send while a file failed to upload, until it is removed', async () => {
    const api = threadApi();
    mockApi({
      ...api.handlers,
      'POST /api/programs/:programId/conversations/:otherParty/attachments': json(
        { code: 'internal', title: 'Something went wrong', status: 500 },
        500,
      ),
    });
    const app = renderApp(api.path);
    const box = await screen.findByRole('textbox', { name: 'Message' });
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await app.user.upload(
      input,
      new File(['%PDF-1.4'], 'medical-form.pdf', { type: 'application/pdf' }),
    );
    expect(
      await screen.findByText('A file did not upload. Remove it (or pick it again) to send.'),
    ).toBeInTheDocument();
    await app.user.type(box, 'Form attached');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await app.user.keyboard('{Enter}');
    expect(api.sends).toHaveLength(0);

    await app.user.click(screen.getByRole('button', { name: 'Remove medical-form.pdf' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled());
    await app.user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(api.sends).toHaveLength(1));
    expect(api.sends[0]).toMatchObject({ body: 'Form attached', attachmentIds: [] });
  });

  it('shows a read-only thread without a composer', async () => {
    const api = threadApi({ thread: { canWrite: false } });
    mockApi(api.handlers);
    renderApp(api.path);
    expect(
      await screen.findByText(
        'This conversation is read-only: the program is archived or the enrolment has ended.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
  });
});
