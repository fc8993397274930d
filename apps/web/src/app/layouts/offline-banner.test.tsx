import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { createI18n } from '../i18n';
import { OfflineBanner } from './offline-banner';

function Roster() {
  const roster = useQuery({
    queryKey: ['programs', 'p1', 'event', 'e1', 'attendance'],
    queryFn: () => new Promise<never>(() => {}),
  });
  return <p>{roster.data ? 'Aarav Shah' : 'no roster'}</p>;
}

describe('the offline marker of the layout (docs/decisions/017)', () => {
  it('offline, says the page shows what was saved and when; gone once back online', () => {
    const savedAt = new Date(2026, 10, 24, 14, 5);
    const queryClient = new QueryClient();
    queryClient.setQueryData(['programs', 'p1', 'event', 'e1', 'attendance'], ['Aarav'], {
      updatedAt: savedAt.getTime(),
    });
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(
      <I18nextProvider i18n={createI18n()}>
        <MantineProvider>
          <QueryClientProvider client={queryClient}>
            <OfflineBanner />
            <Roster />
          </QueryClientProvider>
        </MantineProvider>
      </I18nextProvider>,
    );
    const time = new Intl.DateTimeFormat('en-US', { timeStyle: 'short' }).format(savedAt);
    expect(screen.getByRole('status')).toHaveTextContent(
      `Offline — showing what was saved at ${time}`,
    );
    expect(time).toBe('2:05 PM');
    expect(screen.getByText('Aarav Shah')).toBeInTheDocument();

    onLine.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.queryByRole('status')).toBeNull();
  });
});
