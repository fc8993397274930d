import { describe, expect, it } from 'vitest';
import { DROPPED, PushQueue } from './push-queue.ts';

/** A promise and the function that resolves it. */
function deferred() {
  let resolve: () => void = () => {};
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('PushQueue (docs/decisions/029)', () => {
  it('runs at most `concurrency` tasks at once, in order, passing results and errors on', async () => {
    const queue = new PushQueue(2);
    const gates = [deferred(), deferred(), deferred()];
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const results = gates.map((gate, i) =>
      queue.run(async () => {
        started.push(i);
        running += 1;
        most = Math.max(most, running);
        await gate.promise;
        running -= 1;
        if (i === 2) throw new Error('push service down');
        return i;
      }),
    );
    await Promise.resolve();
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    for (const gate of gates) gate.resolve();
    await expect(results[0]).resolves.toBe(0);
    await expect(results[1]).resolves.toBe(1);
    await expect(results[2]).rejects.toThrow('push service down');
    expect(most).toBe(2);
    expect(queue.size).toBe(0);
  });

  it('at close lets running tasks finish, drops those still waiting after the grace, takes no more', async () => {
    const queue = new PushQueue(1);
    const gate = deferred();
    const running = queue.run(() => gate.promise.then(() => 'sent'));
    const waiting = queue.run(async () => 'never');
    const closing = queue.close(0);
    expect(await queue.run(async () => 'late')).toBe(DROPPED);
    expect(await waiting).toBe(DROPPED);
    gate.resolve();
    expect(await closing).toBe(1);
    expect(await running).toBe('sent');
  });

  it('drains what is queued within the grace period', async () => {
    const queue = new PushQueue(1);
    const results = [1, 2, 3].map((n) => queue.run(async () => n));
    expect(await queue.close(60_000)).toBe(0);
    expect(await Promise.all(results)).toEqual([1, 2, 3]);
  });
});
