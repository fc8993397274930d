import { act, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../app/query-client';
import { fakePlatform } from '../test/platform';
import { fileLinkUrl, useFileSrc } from './file-src';
import { loadNativeSession, saveSessionToken } from './native-session';

function Picture({ url }: { url: string | null }) {
  const src = useFileSrc(url);
  return <output aria-label="src">{src ?? 'none'}</output>;
}

const fetchMock = vi.fn<typeof fetch>();
let objectUrls = 0;
const createObjectURL = vi.fn(() => `blob:rally/${++objectUrls}`);
const revokeObjectURL = vi.fn();

beforeEach(() => {
  objectUrls = 0;
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () => new Response(new Blob(['png']), { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
  // jsdom has neither.
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
});
afterEach(async () => {
  await loadNativeSession(fakePlatform());
  await saveSessionToken(null);
  vi.unstubAllGlobals();
  vi.useRealTimers();
  delete (URL as Partial<typeof URL>).createObjectURL;
  delete (URL as Partial<typeof URL>).revokeObjectURL;
  createObjectURL.mockClear();
  revokeObjectURL.mockClear();
});

describe('stored files shown in the page (docs/decisions/026)', () => {
  it('a browser loads the file URL as is, with its cookie, and fetches nothing', () => {
    const queryClient = createQueryClient({ retry: false });
    render(
      <QueryClientProvider client={queryClient}>
        <Picture url="/api/files/f1" />
      </QueryClientProvider>,
    );
    expect(screen.getByLabelText('src')).toHaveTextContent('/api/files/f1');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(fileLinkUrl('/api/files/f1')).toBe('/api/files/f1');
  });

  it('the app fetches each file once with its Bearer token, even when everything is invalidated', async () => {
    await loadNativeSession(fakePlatform({ isNative: true }));
    await saveSessionToken('tok-1');
    const queryClient = createQueryClient({ retry: false });
    const { unmount } = render(
      <QueryClientProvider client={queryClient}>
        <Picture url="/api/files/f1" />
        <Picture url="/api/files/f1" />
        <Picture url={null} />
      </QueryClientProvider>,
    );
    await waitFor(() =>
      expect(screen.getAllByLabelText('src').map((node) => node.textContent)).toEqual([
        'blob:rally/1',
        'blob:rally/1',
        'none',
      ]),
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/files/f1');
    expect(init?.headers).toEqual({ Authorization: 'Bearer tok-1' });

    // A realtime access change invalidates every query: files stay as they are.
    await act(() => queryClient.invalidateQueries());
    expect(fetchMock).toHaveBeenCalledTimes(1);

    // Nothing shows it any more and it is dropped: its object URL goes with it.
    unmount();
    act(() => queryClient.removeQueries());
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:rally/1');
  });

  it('the app revokes an object URL a new fetch replaced, and one removed while shown only later', async () => {
    await loadNativeSession(fakePlatform({ isNative: true }));
    await saveSessionToken('tok-1');
    const queryClient = createQueryClient({ retry: false });
    render(
      <QueryClientProvider client={queryClient}>
        <Picture url="/api/files/f1" />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.getByLabelText('src')).toHaveTextContent('blob:rally/1'));

    // Static: refetches skip it; a forced fetch replaces it.
    await act(() => queryClient.refetchQueries());
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await act(() =>
      queryClient
        .getQueryCache()
        .find({ queryKey: ['file-src', '/api/files/f1'] })!
        .fetch(),
    );
    await waitFor(() => expect(screen.getByLabelText('src')).toHaveTextContent('blob:rally/2'));
    expect(revokeObjectURL.mock.calls).toEqual([['blob:rally/1']]);

    // Sign-out removes the queries while the picture is still on screen.
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    act(() => queryClient.removeQueries());
    expect(revokeObjectURL.mock.calls).toEqual([['blob:rally/1']]);
    vi.advanceTimersByTime(5 * 60_000);
    expect(revokeObjectURL.mock.calls).toEqual([['blob:rally/1'], ['blob:rally/2']]);
  });

  it('the app shows nothing (an Avatar its initials) when the file cannot be fetched', async () => {
    await loadNativeSession(fakePlatform({ isNative: true }));
    await saveSessionToken('tok-1');
    fetchMock.mockImplementation(async () => new Response('gone', { status: 404 }));
    const queryClient = createQueryClient({ retry: false });
    render(
      <QueryClientProvider client={queryClient}>
        <Picture url="/api/files/f2" />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await waitFor(() =>
      expect(queryClient.getQueryState(['file-src', '/api/files/f2'])?.status).toBe('error'),
    );
    expect(screen.getByLabelText('src')).toHaveTextContent('none');
    expect(createObjectURL).not.toHaveBeenCalled();
  });
});
