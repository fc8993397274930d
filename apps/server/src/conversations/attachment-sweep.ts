import type { AttachmentsService } from './attachments.service.ts';

/** How often each server instance removes never-sent attachments (docs/decisions/007: hourly). */
export const ATTACHMENT_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/** Where the sweep reports. */
export interface AttachmentSweepLogger {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** A running sweep: `stop()` clears its timer and waits for a pass in progress. */
export interface AttachmentSweep {
  stop(): Promise<void>;
}

/**
 * Runs {@link AttachmentsService.sweepUnused} every `intervalMs` (default
 * hourly) on an unref'd timer, one pass at a time, in every instance (the
 * delete skips rows another instance holds). The first pass runs one
 * interval after start. Errors are logged, never thrown.
 */
export function startAttachmentSweep(
  attachments: Pick<AttachmentsService, 'sweepUnused'>,
  logger: AttachmentSweepLogger,
  intervalMs = ATTACHMENT_SWEEP_INTERVAL_MS,
): AttachmentSweep {
  let running: Promise<void> | undefined;
  let isStopped = false;
  const run = () => {
    if (running || isStopped) return;
    running = attachments
      .sweepUnused()
      .then((removed) => {
        if (removed > 0) logger.info({ removed }, 'removed unsent message attachments');
      })
      .catch((err: unknown) => logger.error({ err }, 'unsent attachment sweep failed'))
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return {
    async stop() {
      isStopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
