/**
 * Which changes of one conversation a client holds, by their numbers in the
 * conversation's change sequence (docs/decisions/007, resync by sequence):
 * `value` is the number through which it holds every change, the cursor a
 * resubscribe resumes from. Changes arrive out of order (two senders'
 * events are published by different requests), so a number past a gap
 * waits until the gap fills: resuming from a cursor past a change not yet
 * held would lose that change for good.
 */
export class ThreadCursor {
  private held = 0;
  private readonly ahead = new Set<number>();

  /** The number through which every change is held (0: none). */
  get value(): number {
    return this.held;
  }

  /** Every change through `seq` is held (a fetched thread's `seq`, a complete replay's end). */
  holdThrough(seq: number): void {
    if (seq > this.held) this.held = seq;
    this.settle();
  }

  /** Change `seq` is held (a live or replayed event applied to the thread). */
  hold(seq: number): void {
    if (seq > this.held) this.ahead.add(seq);
    this.settle();
  }

  private settle(): void {
    while (this.ahead.has(this.held + 1)) this.held += 1;
    for (const seq of this.ahead) if (seq <= this.held) this.ahead.delete(seq);
  }
}
