import type { ClientConfig } from '@rally/shared/config';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LiveUpdatePlugin, Platform } from '../lib/platform';
import { mockApi } from '../test/api-mock';
import { FakeWebSocket } from '../test/fake-websocket';
import { createQueryClient } from './query-client';
import { useLiveUpdate } from './use-live-update';
import { fakePlatform } from '../test/platform';

function nativePlatform() {
  const calls: string[] = [];
  const plugin: LiveUpdatePlugin = {
    downloadBundle: async ({ bundleId }) => void calls.push(`download ${bundleId}`),
    setNextBundle: async ({ bundleId }) => void calls.push(`next ${bundleId}`),
    getCurrentBundle: async () => {
      calls.push('current');
      return { bundleId: '1.0.0' };
    },
    reset: async () => void calls.push('reset'),
    ready: async () => void calls.push('ready'),
  };
  const platform: Platform = fakePlatform({ isNative: true, liveUpdate: plugin });
  return { platform, calls };
}

type ProbeUser = { id: string; phoneNumber: string } | null;

function Probe({ user, platform }: { user: ProbeUser; platform: Platform }) {
  useLiveUpdate(user, platform);
  return null;
}

/** Renders the hook for `userId` (phone +919800000001) on `platform`; `rerender` switches user. */
function renderProbe(userId: string | null, platform: Platform) {
  const queryClient = createQueryClient({ retry: false });
  const userOf = (id: string | null): ProbeUser =>
    id ? { id, phoneNumber: '+919800000001' } : null;
  const view = render(
    <QueryClientProvider client={queryClient}>
      <Probe user={userOf(userId)} platform={platform} />
    </QueryClientProvider>,
  );
  return {
    switchUser: (id: string | null) =>
      view.rerender(
        <QueryClientProvider client={queryClient}>
          <Probe user={userOf(id)} platform={platform} />
        </QueryClientProvider>,
      ),
  };
}

/** The server announces a change of the config record on `config:client`. */
function publishConfig(config: ClientConfig) {
  act(() => {
    FakeWebSocket.latest().receive({
      type: 'event',
      event: {
        topic: 'config:client',
        kind: 'config.updated',
        ids: ['client'],
        version: Date.now(),
        payload: config,
      },
    });
  });
}

describe('the root view’s live-update check (SPEC.md §2, §4)', () => {
  it('at start-up on native resets, reads the current package, checks, and checks again on a config change', async () => {
    mockApi({
      'PUT /api/clients/:clientId': {},
      'GET /api/config/client': {
        url: 'https://cdn.example.com/bundle-1.1.0.zip',
        disableLiveUpdate: false,
      },
    });
    const { platform, calls } = nativePlatform();
    renderProbe('u1', platform);
    await waitFor(() =>
      expect(calls).toEqual(['reset', 'current', 'ready', 'download 1.1.0', 'next 1.1.0']),
    );

    act(() => FakeWebSocket.latest().acceptAsServer('u1'));
    expect(FakeWebSocket.latest().subscribedTopics()).toEqual(['config:client']);
    act(() => FakeWebSocket.latest().confirmSubscriptions());
    publishConfig({ url: 'https://cdn.example.com/bundle-1.2.0.zip', disableLiveUpdate: false });
    await waitFor(() => expect(calls.slice(5)).toEqual(['download 1.2.0', 'next 1.2.0']));

    publishConfig({ url: 'https://cdn.example.com/bundle-1.3.0.zip', disableLiveUpdate: true });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toHaveLength(7);
  });

  it('signed out on native, checks at start-up with the public record and again on a live change', async () => {
    const requests = mockApi({
      'GET /api/config/client': {
        url: 'https://cdn.example.com/bundle-1.5.0.zip',
        disableLiveUpdate: false,
      },
    });
    const { platform, calls } = nativePlatform();
    renderProbe(null, platform);
    await waitFor(() =>
      expect(calls).toEqual(['reset', 'current', 'ready', 'download 1.5.0', 'next 1.5.0']),
    );
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/config/client']);
    act(() => FakeWebSocket.latest().acceptAsServer(null));
    act(() => FakeWebSocket.latest().confirmSubscriptions());
    publishConfig({ url: 'https://cdn.example.com/bundle-2.0.0.zip', disableLiveUpdate: false });
    await waitFor(() => expect(calls.slice(5)).toEqual(['download 2.0.0', 'next 2.0.0']));
  });

  it('in a browser follows the record but never calls a plugin', async () => {
    const requests = mockApi({});
    const { platform, calls } = nativePlatform();
    renderProbe('u1', { ...platform, isNative: false });
    act(() => FakeWebSocket.latest().acceptAsServer('u1'));
    act(() => FakeWebSocket.latest().confirmSubscriptions());
    publishConfig({ url: 'https://cdn.example.com/bundle-2.0.0.zip', disableLiveUpdate: false });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toEqual([]);
    expect(requests).toEqual([]);
  });

  it('registers the device once the running bundle is known: SPEC.md §3 fields, again for another user', async () => {
    const requests = mockApi({
      'GET /api/config/client': { url: null, disableLiveUpdate: false },
      'PUT /api/clients/:clientId': {},
    });
    const { platform } = nativePlatform();
    platform.device = {
      getId: async () => ({ identifier: '9774d56d682e549c' }),
      getInfo: async () => ({
        model: 'Pixel 9',
        platform: 'android',
        isVirtual: false,
        name: "Nila's phone",
        memUsed: 123,
        nested: { dropped: true },
      }),
    };
    const view = renderProbe('u1', platform);
    const writes = () => requests.filter((r) => r.method === 'PUT');
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toMatchObject({
      path: '/api/clients/u1-9774d56d682e549c',
      body: {
        deviceId: '9774d56d682e549c',
        uid: 'u1',
        phoneNumber: '+919800000001',
        deviceInfo: { model: 'Pixel 9', platform: 'android', isVirtual: false },
        bundleId: '1.0.0',
      },
    });
    // Only the fields that describe the device: not its name, not memory figures.
    expect((writes()[0]?.body as { deviceInfo: object }).deviceInfo).toEqual({
      model: 'Pixel 9',
      platform: 'android',
      isVirtual: false,
    });
    view.switchUser('u2');
    await waitFor(() => expect(writes()).toHaveLength(2));
    expect(writes()[1]?.path).toBe('/api/clients/u2-9774d56d682e549c');
    view.switchUser(null);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(writes()).toHaveLength(2);
  });

  it('writes "unknown" for a device id and bundle the plugins cannot give', async () => {
    const requests = mockApi({
      'GET /api/config/client': { url: null, disableLiveUpdate: false },
      'PUT /api/clients/:clientId': {},
    });
    const { platform } = nativePlatform();
    platform.liveUpdate = {
      ...platform.liveUpdate!,
      getCurrentBundle: async () => ({ bundleId: null }),
    };
    platform.device = {
      getId: async () => {
        throw new Error('not available');
      },
      getInfo: async () => {
        throw new Error('not available');
      },
    };
    renderProbe('u1', platform);
    await waitFor(() => expect(requests.some((r) => r.method === 'PUT')).toBe(true));
    expect(requests.find((r) => r.method === 'PUT')).toMatchObject({
      path: '/api/clients/u1-unknown',
      body: { deviceId: 'unknown', deviceInfo: {}, bundleId: 'unknown' },
    });
  });

  it('never registers signed out or in a browser', async () => {
    const requests = mockApi({ 'GET /api/config/client': { url: null, disableLiveUpdate: false } });
    const { platform } = nativePlatform();
    renderProbe(null, platform);
    renderProbe('u1', { ...platform, isNative: false });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(requests.filter((r) => r.method === 'PUT')).toEqual([]);
  });
});
