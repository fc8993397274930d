import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../app/i18n';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../app/query-client';
import { takeConsoleErrors } from '../test/console-errors';
import { notify } from './notify';

function renderProviders() {
  render(
    <AppProviders queryClient={createQueryClient({ retry: false })} i18n={createI18n()}>
      <p>page</p>
    </AppProviders>,
  );
}

afterEach(() => {
  vi.useRealTimers();
});

describe('notifications (SPEC.md §8, §9)', () => {
  it('are shown for 5000 ms by default, then close', async () => {
    // Load the toast code first; then only fake timers drive the display time.
    await import('@mantine/notifications');
    renderProviders();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await act(async () => {
      notify('Saved');
      await vi.dynamicImportSettled();
    });
    // The container mounts with the first toast, loading its code (already loaded above).
    await act(async () => {
      await vi.dynamicImportSettled();
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByText('Saved')).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(4990));
    expect(screen.getByText('Saved')).toBeInTheDocument();

    // After 5000 ms it closes (plus its exit transition).
    await act(() => vi.advanceTimersByTimeAsync(10 + 1000));
    expect(screen.queryByText('Saved')).toBeNull();
  });

  it('log a failure to show one to the console only, without breaking the action', async () => {
    const { notifications } = await import('@mantine/notifications');
    const failure = new Error('the toast store is gone');
    vi.spyOn(notifications, 'show').mockImplementation(() => {
      throw failure;
    });
    const uncaught: unknown[] = [];
    const onRejection = (event: PromiseRejectionEvent) => uncaught.push(event.reason);
    window.addEventListener('unhandledrejection', onRejection);
    try {
      expect(() => notify('Saved')).not.toThrow();
      await vi.waitFor(() =>
        expect(takeConsoleErrors()).toEqual([['Could not show a notification', failure]]),
      );
      expect(uncaught).toEqual([]);
    } finally {
      window.removeEventListener('unhandledrejection', onRejection);
    }
  });
});
