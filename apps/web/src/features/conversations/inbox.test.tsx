import type {
  Announcement,
  ConversationSummary,
  CreateAnnouncement,
  Inbox,
} from '@rally/shared/conversations';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { json, mockApi, pending, problem } from '../../test/api-mock';
import {
  makeConversationSummary,
  makeEvent,
  makeEventDetail,
  makeProfile,
  makeProgram,
  makeProgramDetail,
  makeRealtimeFrame,
  makeRosterEntry,
  makeUser,
  newId,
} from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { FakeWebSocket } from '../../test/fake-websocket';

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
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

function lastMessage(
  body: string,
  overrides: Partial<NonNullable<ConversationSummary['lastMessage']>> = {},
) {
  return {
    body,
    senderSide: 'family' as const,
    senderName: 'Asha Rao',
    createdAt: hoursAgo(1),
    isDeleted: false,
    hasAttachments: false,
    ...overrides,
  };
}

/** A program with three enrolled profiles: two threads (one unread) and one without a thread. */
function staffInbox() {
  const program = makeProgram({ activeSubscriptions: 12 });
  const kabir = makeConversationSummary({
    id: newId(),
    programId: program.id,
    profileName: 'Kabir Rao',
    lastMessage: lastMessage('Thanks, see you then'),
    unreadCount: 2,
  });
  const diya = makeConversationSummary({
    id: newId(),
    programId: program.id,
    profileName: 'Diya Shah',
    lastMessage: lastMessage('', {
      senderSide: 'staff',
      senderName: 'Coach Meera',
      hasAttachments: true,
      createdAt: hoursAgo(30),
    }),
  });
  const ravi = makeConversationSummary({ programId: program.id, profileName: 'Ravi Kumar' });
  const inbox = (q: string | null): Inbox => ({
    conversations: [kabir, diya, ravi].filter(
      (entry) => !q || entry.profileName.toLowerCase().includes(q.toLowerCase()),
    ),
    nextCursor: null,
  });
  return { program, kabir, diya, ravi, inbox };
}

/** The server's answer to a created announcement of `programId` that reached `recipientCount` families. */
function announcementCreated(programId: string, recipientCount: number): Response {
  return json(
    {
      announcement: {
        id: newId(),
        programId,
        eventId: null,
        event: null,
        body: 'x',
        recipientCount,
        sender: null,
        createdAt: new Date().toISOString(),
      },
    },
    201,
  );
}

describe('the program inbox', () => {
  it('lists threads newest first with the last message and unread count, and keeps the search in ?q=', async () => {
    const { program, inbox } = staffInbox();
    const requests = mockApi({
      'GET /api/auth/session': { user: makeUser() },
      'GET /api/programs/:programId': makeProgramDetail(program),
      'GET /api/programs/:programId/conversations': (request) => inbox(request.search.get('q')),
    });
    const app = renderApp(`/programs/${program.id}/conversations`);

    const list = await screen.findByRole('list', { name: 'Conversations' });
    const rows = within(list).getAllByRole('link');
    expect(rows.map((row) => row.querySelector('p')?.textContent)).toEqual([
      'Kabir Rao',
      'Diya Shah',
    ]);
    expect(rows[0]).toHaveTextContent('Asha Rao: Thanks, see you then');
    expect(rows[0]).toHaveTextContent('2 unread messages');
    expect(rows[1]).toHaveTextContent('Coach Meera: Attachment');
    expect(rows[1]).not.toHaveTextContent('unread');
    expect(rows[0]).toHaveAttribute(
      'href',
      `/programs/${program.id}/conversations/${inbox(null).conversations[0]?.profileId}`,
    );

    const search = screen.getByRole('searchbox', { name: 'Search conversations' });
    await app.user.type(search, 'kab');
    await waitFor(() =>
      expect(app.currentPath()).toBe(`/programs/${program.id}/conversations?q=kab`),
    );
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Conversations' })).getAllByRole('link'),
      ).toHaveLength(1),
    );
    expect(
      requests
        .filter((r) => r.path.endsWith('/conversations'))
        .at(-1)
        ?.search.get('q'),
    ).toBe('kab');
    // The page is re-created for the new URL: the search box keeps the text and the focus.
    const again = screen.getByRole('searchbox', { name: 'Search conversations' });
    expect(again).toHaveValue('kab');
    expect(again).toHaveFocus();
  });

  it('updates unread counts live, in the list and on the Conversations link', async () => {
    const { program, kabir, inbox } = staffInbox();
    const coach = makeUser();
    let unread = 2;
    mockApi({
      'GET /api/auth/session': { user: coach },
      'GET /api/programs/:programId': makeProgramDetail(program),
      'GET /api/programs/:programId/conversations': () => {
        const answer = inbox(null);
        return {
          ...answer,
          conversations: answer.conversations.map((c) =>
            c.id === kabir.id ? { ...c, unreadCount: unread } : c,
          ),
        };
      },
      'GET /api/conversations/unread': () => ({
        programs: { [program.id]: unread > 0 ? 1 : 0 },
        profiles: {},
      }),
    });
    renderApp(`/programs/${program.id}/conversations`);

    expect(await screen.findByText('2 unread messages')).toBeInTheDocument();
    const socket = await openRealtime(coach.id);
    expect(socket.subscribedTopics()).toContain(`program:${program.id}`);
    expect(
      await screen.findByRole('link', { name: 'Conversations, 1 unread conversation' }),
    ).toHaveAttribute('aria-current', 'page');
    unread = 3;
    socket.receive(makeRealtimeFrame(`program:${program.id}`, 'conversation.updated'));
    expect(await screen.findByText('3 unread messages')).toBeInTheDocument();
    unread = 0;
    // The family's thread was read by a colleague.
    socket.receive(makeRealtimeFrame(`program:${program.id}`, 'conversation.updated'));
    await waitFor(() => expect(screen.queryByText(/unread message/)).toBeNull());
    expect(screen.getByRole('link', { name: 'Conversations' })).toBeInTheDocument();
  });

  it('finds any enrolled profile by name, across pages, and starts a conversation with it', async () => {
    const { program, kabir, diya, ravi, inbox } = staffInbox();
    // The inbox loads a page at a time: Ravi, without a thread, is on the second.
    const paged = (q: string | null, cursor: string | null): Inbox =>
      q
        ? inbox(q)
        : cursor === null
          ? { conversations: [kabir, diya], nextCursor: 'page-2' }
          : { conversations: [ravi], nextCursor: null };
    mockApi({
      'GET /api/auth/session': { user: makeUser() },
      'GET /api/programs/:programId': makeProgramDetail(program),
      'GET /api/programs/:programId/conversations': (request) =>
        paged(request.search.get('q'), request.search.get('cursor')),
      'GET /api/programs/:programId/conversations/:otherParty': {
        summary: ravi,
        messages: [],
        hasOlder: false,
        side: 'staff',
        canWrite: true,
        otherSideReadAt: null,
      },
    });
    const app = renderApp(`/programs/${program.id}/conversations`);
    await app.user.click(await screen.findByRole('button', { name: 'New message' }));
    const dialog = await screen.findByRole('dialog', { name: 'Write to a family' });
    const names = () =>
      within(within(dialog).getByRole('list', { name: 'Enrolled profiles' }))
        .getAllByRole('link')
        .map((link) => link.textContent);
    await waitFor(() => expect(names()).toEqual(['KRKabir Rao', 'DSDiya Shah']));
    await app.user.click(within(dialog).getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(names()).toEqual(['KRKabir Rao', 'DSDiya Shah', 'RKRavi Kumar']));

    const search = within(dialog).getByRole('searchbox', { name: 'Find an enrolled profile' });
    await app.user.type(search, 'zz');
    expect(await within(dialog).findByText('No one enrolled matches "zz".')).toBeInTheDocument();
    await app.user.clear(search);
    await app.user.type(search, 'rav');
    await waitFor(() => expect(names()).toEqual(['RKRavi Kumar']));
    await app.user.click(within(dialog).getByRole('link', { name: /Ravi Kumar/ }));
    expect(
      await screen.findByRole('heading', { name: "Conversation with Ravi Kumar's family" }),
    ).toBeInTheDocument();
    expect(app.currentPath()).toBe(`/programs/${program.id}/conversations/${ravi.profileId}`);
    expect(screen.getByText('No messages yet. Write the first one below.')).toBeInTheDocument();
  });

  it('says why older threads did not load, keeps the ones shown, and loads them on the next try', async () => {
    const { program, kabir, diya } = staffInbox();
    const ravi = makeConversationSummary({
      id: newId(),
      programId: program.id,
      profileName: 'Ravi Kumar',
      lastMessage: lastMessage('Running late today', { createdAt: hoursAgo(50) }),
    });
    let secondPageFails = true;
    mockApi({
      'GET /api/auth/session': { user: makeUser() },
      'GET /api/programs/:programId': makeProgramDetail(program),
      'GET /api/programs/:programId/conversations': (request) => {
        if (request.search.get('cursor') === null) {
          return { conversations: [kabir, diya], nextCursor: 'page-2' };
        }
        return secondPageFails
          ? problem(503, 'server_error')
          : { conversations: [ravi], nextCursor: null };
      },
    });
    const app = renderApp(`/programs/${program.id}/conversations`);
    const loadMore = await screen.findByRole('button', { name: 'Load more' });
    await app.user.click(loadMore);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Couldn't load more. Something went wrong on our side. Try again in a moment.",
    );
    expect(screen.getByText('Kabir Rao')).toBeInTheDocument();
    expect(screen.getByText('Diya Shah')).toBeInTheDocument();

    secondPageFails = false;
    await app.user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Ravi Kumar')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('sends an announcement to all families after confirming how many it reaches', async () => {
    const { program, inbox } = staffInbox();
    const sent: CreateAnnouncement[] = [];
    mockApi({
      'GET /api/auth/session': { user: makeUser() },
      'GET /api/programs/:programId': makeProgramDetail(program),
      'GET /api/programs/:programId/conversations': () => inbox(null),
      'POST /api/programs/:programId/announcements': (request) => {
        sent.push(request.body as CreateAnnouncement);
        return announcementCreated(program.id, 12);
      },
    });
    const app = renderApp(`/programs/${program.id}/conversations`);
    await app.user.click(await screen.findByRole('button', { name: 'Announcement' }));
    const dialog = await screen.findByRole('dialog', { name: 'New announcement' });
    expect(
      await within(dialog).findByRole('radio', { name: 'All enrolled families (12)' }),
    ).toBeChecked();
    await app.user.type(
      within(dialog).getByRole('textbox', { name: 'Announcement' }),
      'No training on Diwali.',
    );
    await app.user.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect(
      within(dialog).getByText(
        'This goes to 12 families, each in their conversation with the program.',
      ),
    ).toBeInTheDocument();
    await app.user.click(within(dialog).getByRole('button', { name: 'Send to 12 families' }));
    expect(await screen.findByText('Announcement sent to 12 families.')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.clientMessageId).toMatch(UUID);
    expect(sent[0]).toMatchObject({ body: 'No training on Diwali.' });
    expect(sent[0]?.eventId).toBeUndefined();
  });

  it('cannot be closed while an announcement is being sent', async () => {
    const { program, inbox } = staffInbox();
    const sent: CreateAnnouncement[] = [];
    mockApi({
      'GET /api/auth/session': { user: makeUser() },
      'GET /api/programs/:programId': makeProgramDetail(program),
      'GET /api/programs/:programId/conversations': () => inbox(null),
      'POST /api/programs/:programId/announcements': (request) => {
        sent.push(request.body as CreateAnnouncement);
        return pending();
      },
    });
    const app = renderApp(`/programs/${program.id}/conversations`);
    await app.user.click(await screen.findByRole('button', { name: 'Announcement' }));
    const dialog = await screen.findByRole('dialog', { name: 'New announcement' });
    await within(dialog).findByRole('radio', { name: 'All enrolled families (12)' });
    await app.user.type(
      within(dialog).getByRole('textbox', { name: 'Announcement' }),
      'No training on Diwali.',
    );
    await app.user.click(within(dialog).getByRole('button', { name: 'Review' }));
    await app.user.click(within(dialog).getByRole('button', { name: 'Send to 12 families' }));
    await waitFor(() => expect(sent).toHaveLength(1));

    await app.user.keyboard('{Escape}');
    // Still open, still waiting for the answer (a closed dialog drops its content at once).
    expect(screen.getByRole('dialog', { name: 'New announcement' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Send to 12 families' })).toHaveAttribute(
      'data-loading',
    );
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Back' })).toBeDisabled();
    expect(sent).toHaveLength(1);
  });

  it('keeps the text and its clientMessageId after a failed send, so a retry cannot duplicate', async () => {
    const { program, inbox } = staffInbox();
    const sent: CreateAnnouncement[] = [];
    mockApi({
      'GET /api/auth/session': { user: makeUser() },
      'GET /api/programs/:programId': makeProgramDetail(program),
      'GET /api/programs/:programId/conversations': () => inbox(null),
      'POST /api/programs/:programId/announcements': (request) => {
        sent.push(request.body as CreateAnnouncement);
        if (sent.length === 1) return problem(503, 'unavailable');
        return announcementCreated(program.id, 11);
      },
    });
    const app = renderApp(`/programs/${program.id}/conversations`);
    const openDialog = async () => {
      await app.user.click(screen.getByRole('button', { name: 'Announcement' }));
      return screen.findByRole('dialog', { name: 'New announcement' });
    };
    await screen.findByRole('button', { name: 'Announcement' });
    let dialog = await openDialog();
    await within(dialog).findByRole('radio', { name: 'All enrolled families (12)' });
    await app.user.type(
      within(dialog).getByRole('textbox', { name: 'Announcement' }),
      'No training on Diwali.',
    );
    await app.user.click(within(dialog).getByRole('button', { name: 'Review' }));
    await app.user.click(within(dialog).getByRole('button', { name: 'Send to 12 families' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Something went wrong on our side. Try again in a moment.',
    );

    // A stray tap beside the dialog does not throw the typed text away.
    await app.user.click(document.querySelector('.mantine-Modal-overlay') as HTMLElement);
    expect(within(dialog).getByRole('button', { name: 'Send to 12 families' })).toBeInTheDocument();

    // Closed and opened again later: the text is still there, and so is its key.
    await app.user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    dialog = await openDialog();
    expect(within(dialog).getByRole('textbox', { name: 'Announcement' })).toHaveValue(
      'No training on Diwali.',
    );
    await app.user.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await app.user.click(within(dialog).getByRole('button', { name: 'Send to 12 families' }));
    expect(await screen.findByText('Announcement sent to 11 families.')).toBeInTheDocument();
    expect(sent).toHaveLength(2);
    expect(sent[0]?.clientMessageId).toMatch(UUID);
    expect(sent[1]?.clientMessageId).toBe(sent[0]?.clientMessageId);
    expect(sent[1]?.body).toBe('No training on Diwali.');

    // Once sent, the next announcement starts empty with a new key.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    dialog = await openDialog();
    expect(within(dialog).getByRole('textbox', { name: 'Announcement' })).toHaveValue('');
  });

  it('lists the announcements sent, with who sent them, when, to whom and how many they reached', async () => {
    const { program, inbox } = staffInbox();
    const eventId = newId();
    const announcement = (over: Partial<Announcement>): Announcement => ({
      id: newId(),
      programId: program.id,
      eventId: null,
      event: null,
      body: 'No training on Diwali.',
      recipientCount: 12,
      sender: { userId: newId(), displayName: 'Coach Meera' },
      createdAt: '2025-11-20T04:30:00.000Z',
      ...over,
    });
    mockApi({
      'GET /api/auth/session': { user: makeUser() },
      'GET /api/programs/:programId': makeProgramDetail(program),
      'GET /api/programs/:programId/conversations': () => inbox(null),
      'GET /api/programs/:programId/announcements': {
        announcements: [
          announcement({
            body: 'White kit, see https://club.example/kit',
            eventId,
            event: {
              id: eventId,
              title: 'Match vs Eagles',
              startsAt: '2025-11-22T12:30:00.000Z',
              timeZone: 'Asia/Kolkata',
            },
            recipientCount: 1,
            createdAt: '2025-11-21T04:30:00.000Z',
          }),
          announcement({ eventId: newId(), body: 'Moved indoors', recipientCount: 3 }),
          announcement({ sender: null }),
        ],
      },
    });
    const app = renderApp(`/programs/${program.id}/conversations`);
    await app.user.click(await screen.findByRole('tab', { name: 'Announcements' }));
    const list = await screen.findByRole('list', { name: 'Sent announcements' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Coach Meera, Nov 21, 2025, 10:00 AM GMT+5:30' +
        'White kit, see https://club.example/kit' +
        'To the families of Match vs Eagles, Nov 22, 2025, 6:00 PM GMT+5:30 · reached 1 family',
      'Coach Meera, Nov 20, 2025, 10:00 AM GMT+5:30' +
        'Moved indoors' +
        'To the families of an event that was deleted since · reached 3 families',
      // The sender's account was deleted (docs/decisions/025).
      'Former member, Nov 20, 2025, 10:00 AM GMT+5:30' +
        'No training on Diwali.' +
        'To every family · reached 12 families',
    ]);
    expect(within(items[0]!).getByRole('link', { name: /Match vs Eagles/ })).toHaveAttribute(
      'href',
      `/programs/${program.id}/events/${eventId}`,
    );
    expect(within(items[0]!).getByRole('link', { name: 'https://club.example/kit' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Announcement' })).toBeInTheDocument();
  });

  it('says so when no announcement was sent yet', async () => {
    const { program, inbox } = staffInbox();
    mockApi({
      'GET /api/auth/session': { user: makeUser() },
      'GET /api/programs/:programId': makeProgramDetail(program),
      'GET /api/programs/:programId/conversations': () => inbox(null),
      'GET /api/programs/:programId/announcements': { announcements: [] },
    });
    const app = renderApp(`/programs/${program.id}/conversations`);
    await app.user.click(await screen.findByRole('tab', { name: 'Announcements' }));
    expect(
      await screen.findByText(
        'No announcements yet. Use Announcement to write to every family at once.',
      ),
    ).toBeInTheDocument();
  });

  it('sends an announcement to one upcoming event’s roster', async () => {
    const { program, inbox } = staffInbox();
    const event = makeEvent({
      programId: program.id,
      title: 'Saturday match',
      startsAt: new Date(Date.now() + 2 * 86_400_000).toISOString(),
    });
    const sent: CreateAnnouncement[] = [];
    mockApi({
      'GET /api/auth/session': { user: makeUser() },
      'GET /api/programs/:programId': makeProgramDetail(program),
      'GET /api/programs/:programId/conversations': () => inbox(null),
      'GET /api/programs/:programId/events': { events: [event] },
      'GET /api/programs/:programId/events/:eventId': makeEventDetail(event, {
        roster: [makeRosterEntry(), makeRosterEntry(), makeRosterEntry()],
      }),
      'POST /api/programs/:programId/announcements': (request) => {
        sent.push(request.body as CreateAnnouncement);
        return json({ announcement: { recipientCount: 3 } }, 201);
      },
    });
    const app = renderApp(`/programs/${program.id}/conversations`);
    await app.user.click(await screen.findByRole('button', { name: 'Announcement' }));
    const dialog = await screen.findByRole('dialog', { name: 'New announcement' });
    await app.user.type(
      within(dialog).getByRole('textbox', { name: 'Announcement' }),
      'Bring whites.',
    );
    await app.user.click(within(dialog).getByRole('radio', { name: 'The roster of one event' }));
    const select = await within(dialog).findByRole('combobox', { name: 'Event' });
    expect(select).toHaveValue(event.id);
    expect(await within(dialog).findByText('3 families on its roster')).toBeInTheDocument();
    await app.user.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect(
      within(dialog).getByText(/This goes to 3 families on the roster of Saturday match/),
    ).toBeInTheDocument();
    await app.user.click(within(dialog).getByRole('button', { name: 'Send to 3 families' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ body: 'Bring whites.', eventId: event.id });
  });

  it('tells a family member that their conversations are on their profile', async () => {
    const program = makeProgram();
    const requests = mockApi({
      'GET /api/auth/session': { user: makeUser() },
      'GET /api/programs/:programId': makeProgramDetail(program, false),
    });
    renderApp(`/programs/${program.id}/conversations`);
    expect(
      await screen.findByText(
        "Your conversations with this program's staff are on your profile's Conversations page.",
      ),
    ).toBeInTheDocument();
    expect(requests.some((r) => r.path.endsWith('/conversations'))).toBe(false);
  });
});

describe('the family inbox', () => {
  it('lists the profile’s programs, with "Start a conversation" where there is no thread', async () => {
    const profile = makeProfile({ displayName: 'Kabir Rao', relationship: 'guardian' });
    const withThread = makeConversationSummary({
      id: newId(),
      profileId: profile.id,
      otherParty: newId(),
      programName: 'Under-12 weekday batch',
      lastMessage: lastMessage('Bring water', { senderSide: 'staff', senderName: 'Coach Meera' }),
      unreadCount: 1,
    });
    const without = makeConversationSummary({
      profileId: profile.id,
      otherParty: newId(),
      programName: 'Swimming juniors',
    });
    mockApi({
      'GET /api/auth/session': { user: makeUser() },
      'GET /api/profiles/:profileId': {
        profile: { ...profile },
        programs: [],
        permissions: { canEdit: true, canDelete: true, canGiveOwnLogin: false },
      },
      'GET /api/profiles/:profileId/conversations': {
        conversations: [withThread, without],
        nextCursor: null,
      },
      'GET /api/conversations/unread': { programs: {}, profiles: { [profile.id]: 1 } },
    });
    renderApp(`/p/${profile.id}/conversations`);
    const list = await screen.findByRole('list', { name: 'Conversations' });
    const rows = within(list).getAllByRole('link');
    expect(rows[0]).toHaveTextContent('Under-12 weekday batch');
    expect(rows[0]).toHaveTextContent('Coach Meera: Bring water');
    expect(rows[0]).toHaveTextContent('1 unread message');
    expect(rows[1]).toHaveTextContent('Swimming juniors');
    expect(rows[1]).toHaveTextContent('Start a conversation');
    expect(rows[1]).toHaveAttribute('href', `/p/${profile.id}/conversations/${without.otherParty}`);
    expect(
      await screen.findByRole('link', { name: 'Conversations, 1 unread conversation' }),
    ).toBeInTheDocument();
  });
});
