import { describe, expect, it } from 'vitest';
import { ThreadCursor } from './thread-cursor';

describe('ThreadCursor', () => {
  it('moves past a change that arrived early only once the one before it has arrived too', () => {
    const held = new ThreadCursor();
    held.holdThrough(4); // a fetched thread
    held.hold(6); // two senders: 6 was published before 5
    expect(held.value).toBe(4);
    held.hold(5);
    expect(held.value).toBe(6);
    held.hold(6); // the same change again (live and replayed)
    held.hold(3);
    expect(held.value).toBe(6);
    held.hold(9);
    held.holdThrough(8); // a replay complete through 8
    expect(held.value).toBe(9);
    held.holdThrough(2); // an older fetch never moves it back
    expect(held.value).toBe(9);
  });
});
