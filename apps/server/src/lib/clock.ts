/** Source of the current time, injectable so tests can move time (code expiry, cooldowns). */
export interface Clock {
  /** Current instant. */
  now(): Date;
}

/** The real wall clock. */
export const systemClock: Clock = { now: () => new Date() };
