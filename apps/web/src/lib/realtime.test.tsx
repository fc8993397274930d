import type { EventDetail } from '@rally/shared/events';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../app/query-client';
import { mockApi } from '../test/api-mock';
import { FakeWebSocket } from '../test/fake-websocket';
import { makeEvent, makeEventDetail, makeRsvpCounts, makeUser } from '../test/fixtures';
import { renderApp } from '../test/render-app';
import { realtimeUrl, useRealtime } from './realtime';

describe('a live page', () => {
  it('shows another family’s RSVP on the program event page without a reload', async () => {
    const user = makeUser();
    const event = makeEvent({ title: 'Evening training' });
    let detail: EventDetail = makeEventDetail(event, { counts: makeRsvpCounts({ going: 4 }) });
    const requests = mockApi({
      'GET /api/auth/session': { user },
      'GET /api/programs/:programId/events/:eventId': () => detail,
    });
    renderApp(`/programs/${event.programId}/events/${event.id}`);
    expect(await screen.findByText('4 going')).toBeInTheDocument();

    const socket = FakeWebSocket.latest();
    expect(socket.url).toBe('ws://localhost:3000/api/realtime');
    act(() => socket.acceptAsServer(user.id));
    expect(socket.subscribedTopics()).toEqual(
      expect.arrayContaining([`event:${event.id}`, `program:${event.programId}`]),
    );
    // The root view follows the config record (its chunk loads after the first screen).
    await waitFor(() => expect(socket.subscribedTopics()).toContain('config:client'));
    act(() => socket.confirmSubscriptions());

    detail = { ...detail, counts: makeRsvpCounts({ going: 5 }) };
    act(() =>
      socket.receive({
        type: 'event',
        event: { topic: `event:${event.id}`, kind: 'rsvp.updated', ids: [event.id], version: 2 },
      }),
    );
    expect(await screen.findByText('5 going')).toBeInTheDocument();
    const detailLoads = requests.filter((r) => r.path.endsWith(`/events/${event.id}`));
    expect(detailLoads).toHaveLength(2);
  });
});

describe('useRealtime', () => {
  function Follower({ topic, onEvent }: { topic: string; onEvent: () => void }) {
    useRealtime(topic, onEvent);
    return null;
  }

  it('shares one subscription between components and calls each one’s handler', () => {
    const queryClient = createQueryClient({ retry: false });
    const first = vi.fn();
    const second = vi.fn();
    const topic = 'program:0190a1b2-0000-7000-8000-000000000001';
    render(
      <QueryClientProvider client={queryClient}>
        <Follower topic={topic} onEvent={first} />
        <Follower topic={topic} onEvent={second} />
      </QueryClientProvider>,
    );
    expect(FakeWebSocket.instances).toHaveLength(1);
    const socket = FakeWebSocket.latest();
    act(() => socket.acceptAsServer('u1'));
    expect(socket.subscribedTopics()).toEqual([topic]);
    act(() =>
      socket.receive({
        type: 'event',
        event: { topic, kind: 'event.created', ids: ['e1'], version: 1 },
      }),
    );
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('connects to /api/realtime on the page’s origin, wss on https', () => {
    expect(realtimeUrl({ protocol: 'https:', host: 'rally.example.com' })).toBe(
      'wss://rally.example.com/api/realtime',
    );
    expect(realtimeUrl({ protocol: 'http:', host: 'localhost:3000' })).toBe(
      'ws://localhost:3000/api/realtime',
    );
  });

  it('in the native app connects to the API’s origin, not the web view’s', () => {
    expect(
      realtimeUrl({ protocol: 'https:', host: 'localhost' }, 'https://rally.example:8443'),
    ).toBe('wss://rally.example:8443/api/realtime');
    expect(realtimeUrl({ protocol: 'capacitor:', host: 'localhost' }, 'http://10.0.2.2:3000')).toBe(
      'ws://10.0.2.2:3000/api/realtime',
    );
  });
});
