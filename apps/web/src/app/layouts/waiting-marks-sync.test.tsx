import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { attendanceNamespace, type QueuedMark } from '../../features/attendance/attendance-marks';
import { getOutbox } from '../../lib/outbox';
import { loadUiStrings } from '../locales/ui-string-parts';
import { WaitingMarksSync } from './waiting-marks-sync';

vi.mock('../locales/ui-string-parts', () => ({ loadUiStrings: vi.fn() }));
vi.mock('../../features/attendance/use-attendance-outbox', () => ({
  AttendanceOutboxSync: () => <p>Sending marks</p>,
}));

const loadStrings = vi.mocked(loadUiStrings);
afterEach(() => {
  localStorage.clear();
  loadStrings.mockReset();
});

const mark = (userId: string) =>
  getOutbox<QueuedMark>(attendanceNamespace(userId)).put('e1:p1', {
    programId: 'prog',
    eventId: 'e1',
    mark: { profileId: 'p1', status: 'present', markedAt: '2025-11-21T12:34:00.000Z' },
  });

describe('WaitingMarksSync (docs/decisions/006 "Offline")', () => {
  it('loads nothing while no mark waits, and the sender once one does', async () => {
    const userId = crypto.randomUUID();
    loadStrings.mockResolvedValue(undefined);
    render(<WaitingMarksSync userId={userId} />);
    expect(screen.queryByText('Sending marks')).toBeNull();
    expect(loadStrings).not.toHaveBeenCalled();

    act(() => void mark(userId));
    expect(await screen.findByText('Sending marks')).toBeInTheDocument();
    expect(loadStrings).toHaveBeenCalledWith(['attendance']);

    act(() => getOutbox<QueuedMark>(attendanceNamespace(userId)).remove('e1:p1'));
    await waitFor(() => expect(screen.queryByText('Sending marks')).toBeNull());
  });

  it('keeps the page when the sender cannot be loaded offline, and tries again once online', async () => {
    const userId = crypto.randomUUID();
    mark(userId);
    loadStrings
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValue(undefined);
    render(
      <>
        <h1>Account</h1>
        <WaitingMarksSync userId={userId} />
      </>,
    );
    await waitFor(() => expect(loadStrings).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('heading', { name: 'Account' })).toBeInTheDocument();
    expect(screen.queryByText('Sending marks')).toBeNull();

    act(() => void window.dispatchEvent(new Event('online')));
    expect(await screen.findByText('Sending marks')).toBeInTheDocument();
    expect(loadStrings).toHaveBeenCalledTimes(2);
  });
});
