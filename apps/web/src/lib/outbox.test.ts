import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { Outbox, isRetryableError, type OutboxEntry } from './outbox';

interface Mark {
  status: string;
}

let namespaceCounter = 0;
const freshNamespace = () => {
  namespaceCounter += 1;
  return `test-${namespaceCounter}`;
};

const networkError = () => new ApiError({ status: 0, code: 'network_error', title: 'Network' });
const apiError = (status: number, code: string) => new ApiError({ status, code, title: code });

/** A send function that records each batch's payloads. */
function recordingSend(fail?: (call: number) => unknown) {
  const calls: Mark[][] = [];
  const send = vi.fn(async (batch: readonly OutboxEntry<Mark>[]) => {
    calls.push(batch.map((entry) => entry.payload));
    const error = fail?.(calls.length);
    if (error) throw error;
  });
  return { calls, send };
}

afterEach(() => {
  localStorage.clear();
  vi.useRealTimers();
});

describe('Outbox', () => {
  it('coalesces entries by key: the newest write wins', async () => {
    const outbox = new Outbox<Mark>(freshNamespace());
    outbox.put('e1:p1', { status: 'present' });
    outbox.put('e1:p2', { status: 'absent' });
    outbox.put('e1:p1', { status: 'late' });
    expect(outbox.getState().entries.map((entry) => [entry.key, entry.payload.status])).toEqual([
      ['e1:p2', 'absent'],
      ['e1:p1', 'late'],
    ]);
    const { calls, send } = recordingSend();
    await outbox.flush(send, { batchOf: () => 'e1' });
    expect(calls).toEqual([[{ status: 'absent' }, { status: 'late' }]]);
    expect(outbox.getState().entries).toEqual([]);
  });

  it('keeps entries across a reload (a new instance on the same storage)', async () => {
    const namespace = freshNamespace();
    new Outbox<Mark>(namespace).put('e1:p1', { status: 'present' });
    const afterReload = new Outbox<Mark>(namespace);
    expect(afterReload.getState().entries).toHaveLength(1);
    const { calls, send } = recordingSend();
    expect(await afterReload.flush(send)).toEqual({ sent: 1, kept: 0, rejected: 0 });
    expect(calls).toEqual([[{ status: 'present' }]]);
    expect(new Outbox<Mark>(namespace).getState().entries).toEqual([]);
  });

  it('keeps entries when no answer arrives and reports being offline', async () => {
    const outbox = new Outbox<Mark>(freshNamespace());
    outbox.put('e1:p1', { status: 'present' });
    const { send } = recordingSend(() => networkError());
    expect(await outbox.flush(send)).toEqual({ sent: 0, kept: 1, rejected: 0 });
    expect(outbox.getState()).toMatchObject({ isOffline: true, isSending: false, rejected: [] });
    expect(outbox.getState().entries).toHaveLength(1);
  });

  it('drops an entry the server refuses with a 4xx and reports it, without blocking the others', async () => {
    const outbox = new Outbox<Mark>(freshNamespace());
    outbox.put('e1:p1', { status: 'present' });
    outbox.put('e2:p1', { status: 'late' });
    const { calls, send } = recordingSend((call) =>
      call === 1 ? apiError(403, 'forbidden') : undefined,
    );
    expect(await outbox.flush(send, { batchOf: (entry) => entry.key.split(':')[0] ?? '' })).toEqual(
      { sent: 1, kept: 0, rejected: 1 },
    );
    expect(calls).toHaveLength(2);
    expect(outbox.getState().entries).toEqual([]);
    const [rejection] = outbox.getState().rejected;
    expect(rejection?.entry.key).toBe('e1:p1');
    expect(rejection?.error).toMatchObject({ status: 403, code: 'forbidden' });
    outbox.dismissRejected();
    expect(outbox.getState().rejected).toEqual([]);
  });

  it('drops only the entries a send reports refused when the server took the rest', async () => {
    const outbox = new Outbox<Mark>(freshNamespace());
    outbox.put('e1:p1', { status: 'present' });
    outbox.put('e1:p2', { status: 'late' });
    outbox.put('e1:p3', { status: 'absent' });
    const refusal = apiError(400, 'validation_failed');
    const calls: Mark[][] = [];
    const send = vi.fn(async (batch: readonly OutboxEntry<Mark>[]) => {
      calls.push(batch.map((entry) => entry.payload));
      const refused = batch.find((entry) => entry.key === 'e1:p2');
      return refused ? { rejected: [{ entry: refused, error: refusal }] } : undefined;
    });
    expect(await outbox.flush(send, { batchOf: () => 'e1' })).toEqual({
      sent: 2,
      kept: 0,
      rejected: 1,
    });
    expect(calls).toHaveLength(1);
    expect(outbox.getState().entries).toEqual([]);
    expect(outbox.getState().rejected.map(({ entry, error }) => [entry.key, error])).toEqual([
      ['e1:p2', refusal],
    ]);
    expect(outbox.getState()).toMatchObject({ isOffline: false, lastError: null });
  });

  it('keeps entries on 401, 429 and 5xx (they can succeed later)', () => {
    expect(isRetryableError(networkError())).toBe(true);
    expect(isRetryableError(apiError(401, 'unauthenticated'))).toBe(true);
    expect(isRetryableError(apiError(429, 'too_many_requests'))).toBe(true);
    expect(isRetryableError(apiError(503, 'internal_error'))).toBe(true);
    expect(isRetryableError(apiError(400, 'validation_failed'))).toBe(false);
    expect(isRetryableError(apiError(404, 'not_found'))).toBe(false);
  });

  it('does not send twice when flushes overlap, and sends a write made during a send afterwards', async () => {
    const outbox = new Outbox<Mark>(freshNamespace());
    outbox.put('e1:p1', { status: 'present' });
    let release: () => void = () => {};
    const calls: Mark[][] = [];
    const send = vi.fn(async (batch: readonly OutboxEntry<Mark>[]) => {
      calls.push(batch.map((entry) => entry.payload));
      if (calls.length === 1) await new Promise<void>((resolve) => (release = resolve));
    });
    const first = outbox.flush(send);
    const second = outbox.flush(send);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    // A newer tap on the same profile while the first one is on its way.
    outbox.put('e1:p1', { status: 'late' });
    const third = outbox.flush(send);
    release();
    const reports = await Promise.all([first, second, third]);
    expect(reports[0]).toEqual({ sent: 2, kept: 0, rejected: 0 });
    expect(calls).toEqual([[{ status: 'present' }], [{ status: 'late' }]]);
    expect(outbox.getState().entries).toEqual([]);
  });

  it('splits a long queue into batches of at most maxBatch', async () => {
    const outbox = new Outbox<Mark>(freshNamespace());
    for (let i = 0; i < 5; i++) outbox.put(`e1:p${i}`, { status: 'present' });
    const { calls, send } = recordingSend();
    await outbox.flush(send, { batchOf: () => 'e1', maxBatch: 2 });
    expect(calls.map((batch) => batch.length)).toEqual([2, 2, 1]);
  });

  it('retries when the browser comes back online, and on a timer while entries wait', async () => {
    vi.useFakeTimers();
    const outbox = new Outbox<Mark>(freshNamespace());
    outbox.put('e1:p1', { status: 'present' });
    let isUp = false;
    const { calls, send } = recordingSend(() => (isUp ? undefined : networkError()));
    const stop = outbox.start(send, { retryIntervalMs: 15_000 });
    await vi.waitFor(() => expect(calls).toHaveLength(1)); // on load
    expect(outbox.getState().isOffline).toBe(true);

    isUp = true;
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(outbox.getState().entries).toEqual([]));
    expect(calls).toHaveLength(2);
    expect(outbox.getState().isOffline).toBe(false);

    // A write that fails once is retried by the timer alone.
    isUp = false;
    outbox.put('e1:p2', { status: 'absent' });
    void outbox.flush(send);
    await vi.waitFor(() => expect(calls).toHaveLength(3));
    isUp = true;
    await vi.advanceTimersByTimeAsync(15_000);
    expect(calls).toHaveLength(4);
    expect(outbox.getState().entries).toEqual([]);

    stop();
    outbox.put('e1:p3', { status: 'late' });
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(30_000);
    expect(calls).toHaveLength(4);
  });

  it('shares one set of listeners and one timer between callers, until the last one stops', async () => {
    vi.useFakeTimers();
    const outbox = new Outbox<Mark>(freshNamespace());
    outbox.put('e1:p1', { status: 'present' });
    let isUp = false;
    const { calls, send } = recordingSend(() => (isUp ? undefined : networkError()));
    const stopPage = outbox.start(send, { retryIntervalMs: 15_000 });
    const stopShell = outbox.start(send, { retryIntervalMs: 15_000 });
    await vi.waitFor(() => expect(calls.length).toBeGreaterThanOrEqual(1));
    await vi.advanceTimersByTimeAsync(0);
    const afterStart = calls.length;

    // One retry per period and one send per `online`, however many callers.
    await vi.advanceTimersByTimeAsync(15_000);
    expect(calls).toHaveLength(afterStart + 1);
    isUp = true;
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(outbox.getState().entries).toEqual([]));
    expect(calls).toHaveLength(afterStart + 2);

    // The page goes; the shell keeps the queue moving.
    stopPage();
    isUp = false;
    outbox.put('e1:p2', { status: 'absent' });
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(calls).toHaveLength(afterStart + 3));
    isUp = true;
    await vi.advanceTimersByTimeAsync(15_000);
    expect(calls).toHaveLength(afterStart + 4);
    expect(outbox.getState().entries).toEqual([]);

    stopShell();
    stopShell();
    outbox.put('e1:p3', { status: 'late' });
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(30_000);
    expect(calls).toHaveLength(afterStart + 4);
  });

  it('sends nothing while the browser says it is offline', async () => {
    const outbox = new Outbox<Mark>(freshNamespace());
    outbox.put('e1:p1', { status: 'present' });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { calls, send } = recordingSend();
    expect(await outbox.flush(send)).toEqual({ sent: 0, kept: 1, rejected: 0 });
    expect(calls).toEqual([]);
    expect(outbox.getState().isOffline).toBe(true);
  });

  it('keeps entries in memory when storage refuses them (full)', async () => {
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('Quota exceeded', 'QuotaExceededError');
      },
      removeItem: () => {},
    } as unknown as Storage;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const outbox = new Outbox<Mark>(freshNamespace(), full);
    outbox.put('e1:p1', { status: 'present' });
    outbox.put('e1:p2', { status: 'late' });
    expect(outbox.getState().entries).toHaveLength(2);
    const { calls, send } = recordingSend();
    await outbox.flush(send, { batchOf: () => 'e1' });
    expect(calls).toEqual([[{ status: 'present' }, { status: 'late' }]]);
    expect(warn).toHaveBeenCalled();
  });

  it('ignores unreadable stored data instead of failing', () => {
    const namespace = freshNamespace();
    localStorage.setItem(`rally.outbox.${namespace}`, '{not json');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(new Outbox<Mark>(namespace).getState().entries).toEqual([]);
    expect(warn).toHaveBeenCalled();
  });
});
