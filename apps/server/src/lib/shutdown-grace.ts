/**
 * How long a lost PostgreSQL connection waits before it is reported, in ms.
 * Ctrl+C in a terminal signals the whole process group: the embedded
 * PostgreSQL may end Rally's connections before Rally's own SIGINT handler
 * has run (both are events on a busy machine). A loss followed by our own
 * shutdown within this time is the shutdown, not an error.
 */
export const SHUTDOWN_GRACE_MS = 2000;

/**
 * Calls `report` after {@link SHUTDOWN_GRACE_MS} unless `isStopping()` is
 * true by then. The timer does not keep the process alive: a process that
 * exits meanwhile reports nothing.
 */
export function reportUnlessStopping(isStopping: () => boolean, report: () => void): void {
  if (isStopping()) return;
  setTimeout(() => {
    if (!isStopping()) report();
  }, SHUTDOWN_GRACE_MS).unref();
}
