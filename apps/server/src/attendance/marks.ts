/** A mark time this far ahead of the server's clock is clamped to now (docs/decisions/006). */
export const MAX_MARK_CLOCK_SKEW_MS = 5 * 60_000;

/**
 * The mark time to store (UTC): the device's `markedAt`, or `now` when it
 * is more than {@link MAX_MARK_CLOCK_SKEW_MS} ahead of `now` (a device clock
 * running fast must not make its marks unbeatable).
 */
export function clampMarkedAt(markedAt: string, now: Date): Date {
  const at = Date.parse(markedAt);
  return at > now.getTime() + MAX_MARK_CLOCK_SKEW_MS ? now : new Date(at);
}

/**
 * Which mark of the batch stands for each profile: the one with the newest
 * (clamped) time, the later one on a tie — as the outbox coalesces taps.
 * Returns the index of each winning mark by profile id.
 */
export function winningMarks(
  marks: readonly { profileId: string; markedAt: Date }[],
): Map<string, number> {
  const winners = new Map<string, number>();
  marks.forEach((m, i) => {
    const current = winners.get(m.profileId);
    if (current === undefined || marks[current]!.markedAt.getTime() <= m.markedAt.getTime()) {
      winners.set(m.profileId, i);
    }
  });
  return winners;
}
