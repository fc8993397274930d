import { act, render, screen } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyPart, usePreloadPart } from './lazy-part';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

/** A loader that fails `failures` times (as a dynamic import does offline), then loads. */
function flakyLoader(failures: number) {
  let calls = 0;
  return vi.fn(async () => {
    calls += 1;
    if (calls <= failures) throw new TypeError('Failed to fetch dynamically imported module');
    return Greeting;
  });
}

describe('lazyPart', () => {
  it('renders the part once loaded, with its props', async () => {
    const Part = lazyPart(flakyLoader(0));
    render(<Part name="Asha" fallback={<p>Loading</p>} />);
    expect(await screen.findByText('Hello Asha')).toBeInTheDocument();
  });

  it('keeps the page when the download fails, and tries again when back online', async () => {
    const load = flakyLoader(1);
    const Part = lazyPart(load);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <main>
        <h1>Attendance</h1>
        <Part name="Asha" fallback={<p>Loading</p>} failed={() => <p>Offline</p>} />
      </main>,
    );
    expect(await screen.findByText('Offline')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Attendance' })).toBeInTheDocument();

    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText('Hello Asha')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    errors.mockRestore();
  });

  it('tries again when its retryKey changes (the person pressed again), or through retry', async () => {
    const load = flakyLoader(2);
    const Part = lazyPart(load);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const view = render(
      <Part
        name="Kabir"
        retryKey={1}
        failed={(retry) => (
          <button type="button" onClick={retry}>
            Try again
          </button>
        )}
      />,
    );
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    view.rerender(
      <Part
        name="Kabir"
        retryKey={2}
        failed={(retry) => (
          <button type="button" onClick={retry}>
            Try again
          </button>
        )}
      />,
    );
    const again = await screen.findByRole('button', { name: 'Try again' });
    expect(load).toHaveBeenCalledTimes(2);
    await act(async () => again.click());
    expect(await screen.findByText('Hello Kabir')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(3);
    errors.mockRestore();
  });

  it('lets a bug in the loaded part go up to the page’s error boundary, not pass for a failed download', async () => {
    function Broken(): ReactNode {
      throw new TypeError('Cannot read properties of undefined');
    }
    class Outer extends Component<{ children: ReactNode }, { caught: string | null }> {
      override state = { caught: null as string | null };
      static getDerivedStateFromError(error: Error) {
        return { caught: error.message };
      }
      override render() {
        return this.state.caught ?? this.props.children;
      }
    }
    const Part = lazyPart(async () => Broken);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <Outer>
        <Part failed={() => <p>Offline</p>} />
      </Outer>,
    );
    expect(await screen.findByText('Cannot read properties of undefined')).toBeInTheDocument();
    expect(screen.queryByText('Offline')).toBeNull();
    errors.mockRestore();
  });
});

describe('usePreloadPart', () => {
  function Preloader({ load }: { load: () => Promise<unknown> }) {
    usePreloadPart(load);
    return null;
  }

  it('downloads a part after the page has loaded, again after a failure, and never once it is there', async () => {
    // jsdom's document has loaded; the idle moment is a zero-delay timeout.
    // Both first attempts fail (offline), the third succeeds.
    const load = flakyLoader(2);
    const first = render(
      <>
        <Preloader load={load} />
        <Preloader load={load} />
      </>,
    );
    expect(load).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    first.unmount();
    // A later page asks again; once it succeeded, nobody does.
    const second = render(<Preloader load={load} />);
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(3));
    second.unmount();
    render(<Preloader load={load} />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(load).toHaveBeenCalledTimes(3);
  });
});
