import type {
  MarkNotificationsRead,
  Notification,
  NotificationPreferences,
} from '@rally/shared/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi } from '../../test/api-mock';
import {
  makeConversationSummary,
  makeHome,
  makeNotification,
  makeProfile,
  makeRealtimeFrame,
  makeThread,
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

describe('the notifications bell', () => {
  it('shows the unread count, opens a notification (marked read) and marks all read', async () => {
    const user = makeUser();
    const profile = makeProfile({ displayName: 'Kabir Rao' });
    const programId = newId();
    const message = makeNotification({
      path: `/p/${profile.id}/conversations/${programId}`,
      data: { senderName: 'Coach Meera', body: 'Bring water' },
    });
    const cancelled = makeNotification({
      kind: 'event_cancelled',
      path: `/p/${profile.id}/events/${newId()}`,
      data: {
        eventTitle: 'Evening training',
        startsAt: '2025-11-21T12:30:00.000Z',
        timeZone: 'Asia/Kolkata',
      },
    });
    const old = makeNotification({ readAt: '2025-11-20T00:00:00.000Z', data: {} });
    let unread = 2;
    const marks: MarkNotificationsRead[] = [];
    mockApi({
      'GET /api/auth/session': { user },
      'GET /api/auth/sessions': { sessions: [] },
      'GET /api/notifications': () => ({
        notifications: [message, cancelled, old],
        unreadCount: unread,
        nextCursor: null,
      }),
      'POST /api/notifications/read': (request) => {
        const change = request.body as MarkNotificationsRead;
        marks.push(change);
        unread = 'all' in change ? 0 : unread - change.ids.length;
        return { unreadCount: unread };
      },
      'GET /api/profiles/:profileId': {
        profile,
        programs: [],
        permissions: { canEdit: true, canDelete: true, canGiveOwnLogin: false },
      },
      'GET /api/profiles/:profileId/conversations/:otherParty': makeThread({
        side: 'family',
        summary: makeConversationSummary({
          id: newId(),
          profileId: profile.id,
          programName: 'Tennis juniors',
        }),
      }),
      'GET /api/home': makeHome(),
    });
    const app = renderApp('/account');

    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    await app.user.click(bell);
    const list = await screen.findByRole('list', { name: 'Notifications' });
    // The dropdown fades in: wait until its items are shown.
    const items = await within(list).findAllByRole('button');
    expect(items[0]).toHaveTextContent('Unread:New message from Coach MeeraBring water');
    expect(items[1]).toHaveTextContent('Evening training was cancelled');
    expect(items[1]).toHaveTextContent('Nov 21, 2025, 6:00 PM');
    expect(items[2]).toHaveTextContent('New message');
    expect(items[2]).not.toHaveTextContent('Unread');

    await app.user.click(items[0] as HTMLElement);
    expect(
      await screen.findByRole('heading', { name: 'Conversation with Tennis juniors' }),
    ).toBeInTheDocument();
    expect(app.currentPath()).toBe(message.path);
    expect(marks).toEqual([{ ids: [message.id] }]);
    expect(
      await screen.findByRole('button', { name: 'Notifications, 1 unread' }),
    ).toBeInTheDocument();

    await app.user.click(screen.getByRole('button', { name: 'Notifications, 1 unread' }));
    await app.user.click(await screen.findByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(marks).toEqual([{ ids: [message.id] }, { all: true }]);
  });

  it('opens from the keyboard, traps focus in its dialog and gives it back to the bell on Escape', async () => {
    mockApi({
      'GET /api/auth/session': { user: makeUser() },
      'GET /api/auth/sessions': { sessions: [] },
      'GET /api/notifications': {
        notifications: [makeNotification({ data: { senderName: 'Coach Meera', body: 'Hi' } })],
        unreadCount: 1,
        nextCursor: null,
      },
      'GET /api/home': makeHome(),
    });
    const app = renderApp('/account');
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    expect(bell).toHaveAttribute('aria-expanded', 'false');
    bell.focus();
    await app.user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(within(dialog).getByRole('list', { name: 'Notifications' })).toBeInTheDocument();
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    expect(screen.getByRole('button', { name: 'Notifications, 1 unread' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await app.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Notifications, 1 unread' })).toHaveFocus();
  });

  it('shows a toast for a new notification and counts it; one about the page on screen is marked read instead', async () => {
    const user = makeUser();
    const profile = makeProfile();
    const programId = newId();
    const threadPath = `/p/${profile.id}/conversations/${programId}`;
    // What the server holds: a notification is stored before it is published.
    const stored: Notification[] = [];
    const marks: MarkNotificationsRead[] = [];
    const publish = (socket: FakeWebSocket, notification: Notification) => {
      if (!stored.some((n) => n.id === notification.id)) stored.unshift(notification);
      socket.receive(makeRealtimeFrame(`user:${user.id}`, 'notification.created', notification));
    };
    mockApi({
      'GET /api/auth/session': { user },
      'GET /api/notifications': () => ({
        notifications: stored,
        unreadCount: stored.filter((n) => n.readAt === null).length,
        nextCursor: null,
      }),
      'POST /api/notifications/read': (request) => {
        const change = request.body as MarkNotificationsRead;
        marks.push(change);
        for (const n of stored) {
          if ('ids' in change && change.ids.includes(n.id)) n.readAt = new Date().toISOString();
        }
        return { unreadCount: stored.filter((n) => n.readAt === null).length };
      },
      'GET /api/profiles/:profileId': {
        profile,
        programs: [],
        permissions: { canEdit: true, canDelete: true, canGiveOwnLogin: false },
      },
      'GET /api/profiles/:profileId/conversations/:otherParty': makeThread({
        side: 'family',
        summary: makeConversationSummary({ id: newId(), profileId: profile.id }),
      }),
      'POST /api/profiles/:profileId/conversations/:otherParty/read': new Response(null, {
        status: 204,
      }),
    });
    renderApp(threadPath);
    await screen.findByRole('button', { name: 'Notifications' });
    const socket = await openRealtime(user.id);
    expect(socket.subscribedTopics()).toContain(`user:${user.id}`);

    // About the thread on screen: seen already, so marked read, and no toast.
    const here = makeNotification({
      path: threadPath,
      data: { senderName: 'Coach Meera', body: 'Here already' },
    });
    publish(socket, here);
    await waitFor(() => expect(marks).toEqual([{ ids: [here.id] }]));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Here already')).toBeNull();
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();

    // About something else: a toast with what happened, and one more unread.
    const announcement = makeNotification({
      kind: 'announcement',
      path: `/p/${profile.id}/conversations/${newId()}`,
      data: { programName: 'Swimming juniors', body: 'Pool closed on Monday' },
    });
    publish(socket, announcement);
    expect(await screen.findByText('Pool closed on Monday')).toBeInTheDocument();
    expect(screen.getByText('Announcement from Swimming juniors')).toBeInTheDocument();
    expect(
      await screen.findByRole('button', { name: 'Notifications, 1 unread' }),
    ).toBeInTheDocument();
    // The same event delivered twice counts once.
    publish(socket, announcement);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    expect(marks).toHaveLength(1);
  });
});

describe('notification preferences', () => {
  it('shows the four switches on the account page and saves a change at once', async () => {
    const stored: NotificationPreferences = {
      messages: true,
      announcements: true,
      eventChanges: false,
      enrolments: true,
    };
    const puts: Partial<NotificationPreferences>[] = [];
    mockApi({
      'GET /api/auth/session': { user: makeUser() },
      'GET /api/auth/sessions': { sessions: [] },
      'GET /api/notifications/preferences': () => stored,
      'PUT /api/notifications/preferences': (request) => {
        const change = request.body as Partial<NotificationPreferences>;
        puts.push(change);
        Object.assign(stored, change);
        return stored;
      },
    });
    const app = renderApp('/account');
    const section = (
      await screen.findByRole('heading', { name: 'Notifications', level: 2 })
    ).closest('section') as HTMLElement;
    const announcements = await within(section).findByRole('switch', { name: /^Announcements/ });
    expect(within(section).getAllByRole('switch')).toHaveLength(4);
    expect(within(section).getByRole('switch', { name: /^Messages/ })).toBeChecked();
    expect(within(section).getByRole('switch', { name: /^Event changes/ })).not.toBeChecked();
    expect(
      within(section).getByText('When a program sends an announcement to its families.'),
    ).toBeInTheDocument();
    await app.user.click(announcements);
    await waitFor(() => expect(puts).toEqual([{ announcements: false }]));
    await waitFor(() => expect(announcements).not.toBeChecked());
  });
});
