import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportUnlessStopping, SHUTDOWN_GRACE_MS } from './shutdown-grace.ts';

describe('reportUnlessStopping', () => {
  afterEach(() => vi.useRealTimers());

  it('reports a loss that no shutdown follows, after the grace time', () => {
    vi.useFakeTimers();
    const report = vi.fn();
    reportUnlessStopping(() => false, report);
    vi.advanceTimersByTime(SHUTDOWN_GRACE_MS - 1);
    expect(report).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(report).toHaveBeenCalledOnce();
  });

  it('stays quiet when the shutdown starts within the grace time, or had started', () => {
    vi.useFakeTimers();
    let stopping = false;
    const report = vi.fn();
    reportUnlessStopping(() => stopping, report);
    vi.advanceTimersByTime(SHUTDOWN_GRACE_MS / 2);
    stopping = true;
    vi.advanceTimersByTime(SHUTDOWN_GRACE_MS);
    reportUnlessStopping(() => stopping, report);
    vi.advanceTimersByTime(SHUTDOWN_GRACE_MS);
    expect(report).not.toHaveBeenCalled();
  });
});
