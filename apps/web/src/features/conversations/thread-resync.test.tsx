import type { Thread } from '@rally/shared/conversations';
import type { ClientFrame } from '@rally/shared/realtime';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/api-mock';
import { FakeWebSocket } from '../../test/fake-websocket';
import {
  makeConversationSummary,
  makeMessage,
  makeProgram,
  makeProgramDetail,
  makeRealtimeFrame,
  makeThread,
  makeUser,
  newId,
} from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

/** The socket the client opens after the one before `count` dropped (1 s backoff), once it exists. */
async function nextSocket(count: number): Promise<FakeWebSocket> {
  await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(count), { timeout: 3000 });
  return FakeWebSocket.latest();
}

/** The `subscribe` the client sent for `topic` on `socket`. */
function subscribeOf(socket: FakeWebSocket, topic: string): ClientFrame | undefined {
  return socket.sentFrames().find((f) => f.type === 'subscribe' && f.topic === topic);
}

describe('a thread after a reconnect (docs/decisions/007, resync by sequence)', () => {
  it('resumes from the change number it holds, trusts a complete replay, and refetches the thread when the replay was truncated', async () => {
    const coach = makeUser({ displayName: 'Coach Meera' });
    const program = makeProgram();
    const conversationId = newId();
    const summary = makeConversationSummary({
      id: conversationId,
      programId: program.id,
      programName: program.name,
    });
    const topic = `conversation:${conversationId}`;
    const message = (seq: number, body: string) =>
      makeMessage({
        conversationId,
        seq,
        body,
        createdAt: new Date(Date.now() + seq).toISOString(),
      });
    const first = message(1, 'Kit list is on the board');
    let thread: Thread = makeThread({ summary, messages: [first], seq: 1 });
    const requests = mockApi({
      'GET /api/auth/session': { user: coach },
      'GET /api/programs/:programId': makeProgramDetail(program),
      'GET /api/programs/:programId/conversations/:otherParty': () => thread,
      'POST /api/programs/:programId/conversations/:otherParty/read': new Response(null, {
        status: 204,
      }),
    });
    const threadLoads = () =>
      requests.filter((r) => r.method === 'GET' && r.path.endsWith(summary.profileId)).length;
    renderApp(`/programs/${program.id}/conversations/${summary.profileId}`);
    expect(await screen.findByText('Kit list is on the board')).toBeInTheDocument();

    const socket = await nextSocket(1);
    act(() => socket.acceptAsServer(coach.id));
    await waitFor(() =>
      expect(subscribeOf(socket, topic)).toEqual({ type: 'subscribe', topic, cursor: 1 }),
    );
    act(() => {
      socket.confirmSubscriptions();
      socket.receive({ type: 'replayed', topic, seq: 1, truncated: false });
    });
    const second = message(2, 'Bring water');
    act(() => socket.receive(makeRealtimeFrame(topic, 'message.created', second)));
    expect(await screen.findByText('Bring water')).toBeInTheDocument();

    // Back after a short outage: the server replays what the thread lacks, and that is enough.
    act(() => socket.drop());
    const again = await nextSocket(2);
    act(() => again.acceptAsServer(coach.id));
    expect(subscribeOf(again, topic)).toEqual({ type: 'subscribe', topic, cursor: 2 });
    const third = message(3, 'Training moved to 5 pm');
    act(() => {
      again.confirmSubscriptions();
      again.receive(makeRealtimeFrame(topic, 'message.created', third));
      again.receive({ type: 'replayed', topic, seq: 3, truncated: false });
    });
    expect(await screen.findByText('Training moved to 5 pm')).toBeInTheDocument();
    expect(threadLoads()).toBe(1);

    // Back after a long one: more than the server replays changed, so the thread is refetched.
    const missed = message(250, 'Ground B today');
    thread = { ...thread, messages: [first, second, third, missed], seq: 250 };
    act(() => again.drop());
    const last = await nextSocket(3);
    act(() => last.acceptAsServer(coach.id));
    expect(subscribeOf(last, topic)).toEqual({ type: 'subscribe', topic, cursor: 3 });
    act(() => {
      last.confirmSubscriptions();
      last.receive({ type: 'replayed', topic, seq: null, truncated: true });
    });
    expect(await screen.findByText('Ground B today')).toBeInTheDocument();
    expect(threadLoads()).toBe(2);
    expect(screen.getAllByText('Training moved to 5 pm')).toHaveLength(1);

    // The refetched thread is the new cursor.
    act(() => last.drop());
    const resumed = await nextSocket(4);
    act(() => resumed.acceptAsServer(coach.id));
    expect(subscribeOf(resumed, topic)).toEqual({ type: 'subscribe', topic, cursor: 250 });
  }, 15_000);
});
