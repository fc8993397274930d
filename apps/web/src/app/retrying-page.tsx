import { Center, Loader } from '@mantine/core';
import { useCallback, useState, type ComponentType } from 'react';
import { isDownloadFailure, noteDownloadSucceeded } from '../lib/downloads';
import { PageUnavailable } from './page-unavailable';

type Attempt =
  { kind: 'failed' } | { kind: 'loading' } | { kind: 'ready' } | { kind: 'error'; error: unknown };

/** Shown while the page reloads to a new build (`reloadOnceForNewVersion`). */
export function ReloadingPage() {
  return (
    <Center py="xl">
      <Loader aria-label="Loading" />
    </Center>
  );
}

/**
 * The stand-in for a page whose first download failed: shows
 * {@link PageUnavailable} inside the layout, tries `loadPage` again on
 * "Try again" and whenever the browser comes back online, then renders the
 * page. An error that is not a failed download is thrown to the route's
 * error element. Once loaded, every later visit renders the page at once.
 */
export function retryingPage(loadPage: () => Promise<ComponentType>): ComponentType {
  let Loaded: ComponentType | null = null;
  let pending: Promise<ComponentType> | null = null;

  function RetryingPage() {
    const [attempt, setAttempt] = useState<Attempt>(() =>
      Loaded ? { kind: 'ready' } : { kind: 'failed' },
    );
    const retry = useCallback(() => {
      setAttempt({ kind: 'loading' });
      pending ??= loadPage().finally(() => {
        pending = null;
      });
      pending.then(
        (Component) => {
          Loaded = Component;
          noteDownloadSucceeded();
          setAttempt({ kind: 'ready' });
        },
        (error: unknown) =>
          setAttempt(isDownloadFailure(error) ? { kind: 'failed' } : { kind: 'error', error }),
      );
    }, []);

    if (attempt.kind === 'error') throw attempt.error;
    if (attempt.kind === 'ready' && Loaded) return <Loaded />;
    if (attempt.kind === 'loading') return <ReloadingPage />;
    return <PageUnavailable onRetry={retry} />;
  }
  return RetryingPage;
}
