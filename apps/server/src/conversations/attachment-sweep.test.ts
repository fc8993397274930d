import { describe, expect, it } from 'vitest';
import { startAttachmentSweep } from './attachment-sweep.ts';

/** A logger that keeps what it was told. */
function recordingLogger() {
  const lines: { level: string; obj: object; msg: string }[] = [];
  return {
    lines,
    info: (obj: object, msg: string) => lines.push({ level: 'info', obj, msg }),
    error: (obj: object, msg: string) => lines.push({ level: 'error', obj, msg }),
  };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `condition()` holds (checked every 5 ms), or fails after 5 s. */
async function until(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met within 5 s');
    await wait(5);
  }
}

describe('the unsent attachment sweep', () => {
  it('runs on its timer, one pass at a time, logs what it removed, and stops', async () => {
    let calls = 0;
    let active = 0;
    let maxActive = 0;
    const attachments = {
      sweepUnused: async () => {
        calls += 1;
        active += 1;
        maxActive = Math.max(maxActive, active);
        await wait(30);
        active -= 1;
        return 2;
      },
    };
    const logger = recordingLogger();
    const sweep = startAttachmentSweep(attachments, logger, 5);
    await until(() => calls >= 2);
    await sweep.stop();
    const afterStop = calls;
    await wait(30);
    expect(calls).toBeGreaterThanOrEqual(2);
    expect(calls).toBe(afterStop);
    expect(maxActive).toBe(1);
    expect(logger.lines[0]).toEqual({
      level: 'info',
      obj: { removed: 2 },
      msg: 'removed unsent message attachments',
    });
  });

  it('logs a failed pass instead of throwing, and keeps going', async () => {
    let calls = 0;
    const attachments = {
      sweepUnused: async () => {
        calls += 1;
        throw new Error('store unreachable');
      },
    };
    const logger = recordingLogger();
    const sweep = startAttachmentSweep(attachments, logger, 5);
    await until(() => calls >= 2);
    await sweep.stop();
    expect(logger.lines.length).toBeGreaterThanOrEqual(1);
    expect(logger.lines.every((l) => l.level === 'error')).toBe(true);
    expect(logger.lines[0]?.msg).toBe('unsent attachment sweep failed');
  });
});
