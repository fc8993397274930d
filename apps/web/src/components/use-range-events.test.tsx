import { render, screen } from '@testing-library/react';
import { lazy, StrictMode, Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useRangeEvents, type InstantRange } from './use-range-events';

const NOVEMBER: InstantRange = { from: '2025-11-01T00:00:00.000Z', to: '2025-12-01T00:00:00.000Z' };

function Probe({ loadEvents }: { loadEvents: (range: InstantRange) => Promise<string[]> }) {
  const { events, isLoading } = useRangeEvents(NOVEMBER, loadEvents, 0);
  return <p>{isLoading ? 'loading' : (events ?? []).join(', ')}</p>;
}

/** Never resolves: holds the first commit of its Suspense boundary. */
const NeverLoads = lazy(() => new Promise<never>(() => {}));

describe('useRangeEvents (docs/decisions/018)', () => {
  it('starts the first range’s load while rendering, before anything commits', () => {
    const loadEvents = vi.fn(() => new Promise<string[]>(() => {}));
    render(
      <Suspense fallback={null}>
        <Probe loadEvents={loadEvents} />
        <NeverLoads />
      </Suspense>,
    );
    expect(screen.queryByText('loading')).not.toBeInTheDocument();
    // (React renders the held tree again before giving up: each render asks.)
    expect(loadEvents).toHaveBeenCalledWith(NOVEMBER);
  });

  it('uses that load once mounted instead of asking again', async () => {
    const loadEvents = vi.fn(() => Promise.resolve(['Training', 'Match']));
    render(<Probe loadEvents={loadEvents} />);
    expect(await screen.findByText('Training, Match')).toBeInTheDocument();
    expect(loadEvents).toHaveBeenCalledOnce();
  });

  it('shows the answer under StrictMode too (effects run twice)', async () => {
    const loadEvents = vi.fn(() => Promise.resolve(['Training']));
    render(
      <StrictMode>
        <Probe loadEvents={loadEvents} />
      </StrictMode>,
    );
    expect(await screen.findByText('Training')).toBeInTheDocument();
  });
});
