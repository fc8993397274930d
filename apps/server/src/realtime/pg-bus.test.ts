import type { RealtimeEvent } from '@rally/shared/realtime';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { newId } from '../lib/ids.ts';
import { PgBus, PUBLISH_WINDOW_MS } from './pg-bus.ts';
import { listenConnectionOf } from './realtime.routes.ts';

/**
 * The bus's publish window (docs/decisions/008): publishes from writes that
 * finish at about the same time share one NOTIFY, and every event is still
 * delivered, once, in publish order.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const buses: PgBus[] = [];
afterEach(async () => {
  await Promise.all(buses.splice(0).map((bus) => bus.stop()));
});

/** A started bus with publish window `windowMs`, and the batches its listener heard (one per NOTIFY payload). */
async function startBus(windowMs: number) {
  const bus = new PgBus(t.database.db, undefined, windowMs);
  buses.push(bus);
  await bus.start(listenConnectionOf(t.database.db));
  const heard: RealtimeEvent[][] = [];
  bus.onEvents((events) => heard.push(events));
  return { bus, heard };
}

/** An `attendance.updated` event as a mark publishes it, numbered `n`. */
const marked = (n: number): RealtimeEvent => ({
  topic: `event:${newId()}`,
  kind: 'attendance.updated',
  ids: [String(n)],
  version: n,
});

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the publish window', () => {
  it('sends what several requests publish within it as one NOTIFY, in publish order', async () => {
    // A long window, so that a busy test machine cannot split the batch.
    const { bus, heard } = await startBus(300);
    const events = [marked(1), marked(2), marked(3), marked(4)];
    bus.publish([events[0]!]);
    await nextTurn();
    bus.publish([events[1]!, events[2]!]);
    await sleep(20);
    bus.publish([events[3]!]);
    await bus.drain();
    await expect.poll(() => heard.length).toBe(1);
    expect(heard[0]).toEqual(events);
  });

  it('sends a publish after the NOTIFY went out in the next one; nothing is lost or repeated', async () => {
    const { bus, heard } = await startBus(PUBLISH_WINDOW_MS);
    const events = Array.from({ length: 30 }, (_, i) => marked(i));
    for (const [i, event] of events.entries()) {
      bus.publish([event]);
      if (i % 10 === 9) await bus.drain();
      else if (i % 3 === 0) await nextTurn();
    }
    await bus.drain();
    await expect.poll(() => heard.flat().length).toBe(30);
    expect(heard.flat()).toEqual(events);
    expect(heard.length).toBeGreaterThanOrEqual(3);
  });

  it('with no window, gathers what one turn of the event loop publishes', async () => {
    const { bus, heard } = await startBus(0);
    const first = [marked(1), marked(2)];
    for (const event of first) bus.publish([event]);
    await bus.drain();
    const second = marked(3);
    bus.publish([second]);
    await bus.drain();
    await expect.poll(() => heard.length).toBe(2);
    expect(heard).toEqual([first, [second]]);
  });

  it('stop() sends what is still waiting for its window', async () => {
    const { heard } = await startBus(PUBLISH_WINDOW_MS);
    const publisher = new PgBus(t.database.db, undefined, 300);
    const event = marked(7);
    publisher.publish([event]);
    await publisher.stop();
    await expect.poll(() => heard).toEqual([[event]]);
    publisher.publish([marked(8)]);
    await sleep(50);
    expect(heard).toEqual([[event]]);
  });
});

describe('a burst', () => {
  it('arrives whole and in order over several NOTIFY statements, quotes, backslashes, NULs and any script included', async () => {
    const { bus, heard } = await startBus(0);
    // ~55 payloads of ~7.9 KB: four statements of up to 16 payloads each. A NUL
    // travels as JSON's escape (PostgreSQL's text cannot hold one).
    const text = 'Said "bring boots" \\ \\n, ಮಳೆ 🌧️ — NUL:\u0000; '.repeat(8);
    const events: RealtimeEvent[] = Array.from({ length: 600 }, (_, i) => ({
      topic: `conversation:${newId()}`,
      kind: 'message.created',
      ids: [newId()],
      version: i,
      seq: i + 1,
      payload: { body: `${i}: ${text}` },
    }));
    bus.publish(events);
    await bus.drain();
    await expect.poll(() => heard.flat().length).toBe(events.length);
    expect(heard.flat()).toEqual(events);
    expect(heard.length).toBeGreaterThan(16);
  });
});

describe('the bus heartbeat', () => {
  it('takes a LISTEN connection that stopped hearing for lost, says so, and listens again', async () => {
    const bus = new PgBus(t.database.db, undefined, 0, { intervalMs: 50, timeoutMs: 300 });
    buses.push(bus);
    const states: boolean[] = [];
    bus.onListeningChange((isListening) => states.push(isListening));
    await bus.start(listenConnectionOf(t.database.db));
    expect(states).toEqual([true]);
    // Its socket stays open, but it hears nothing any more (as behind a proxy that lost the server).
    const client = (bus as unknown as { client: { query(text: string): Promise<unknown> } }).client;
    await client.query('UNLISTEN *');
    await vi.waitFor(() => expect(states).toEqual([true, false]), { timeout: 3000 });
    expect(bus.isListening).toBe(false);
    // Reconnected after the first backoff step (1 s), hearing again.
    await vi.waitFor(() => expect(states).toEqual([true, false, true]), { timeout: 5000 });
    const heard: RealtimeEvent[] = [];
    bus.onEvents((events) => heard.push(...events));
    bus.publish([marked(1)]);
    await vi.waitFor(() => expect(heard).toHaveLength(1), { timeout: 3000 });
  });

  it('keeps a connection that hears its heartbeats', async () => {
    const bus = new PgBus(t.database.db, undefined, 0, { intervalMs: 20, timeoutMs: 200 });
    buses.push(bus);
    const states: boolean[] = [];
    bus.onListeningChange((isListening) => states.push(isListening));
    await bus.start(listenConnectionOf(t.database.db));
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(states).toEqual([true]);
  });
});
