import { Center, Loader } from '@mantine/core';
import {
  Fragment,
  useCallback,
  useEffect,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { isDownloadFailure, noteDownloadSucceeded } from '../lib/downloads';
import { PageUnavailable } from './page-unavailable';

type Attempt =
  { kind: 'failed' } | { kind: 'loading' } | { kind: 'ready' } | { kind: 'error'; error: unknown };

/** What frames the retry state of {@link retryingPage}: its content comes as `children`. */
export type RetryFrame = ComponentType<{ children: ReactNode }>;

/** Shown while the page reloads to a new build (`reloadOnceForNewVersion`). */
export function ReloadingPage() {
  const { t } = useTranslation();
  return (
    <Center py="xl" role="status">
      <Loader aria-label={t('offline.pageLoading')} />
    </Center>
  );
}

/**
 * The stand-in for a page (or layout) whose first download failed: shows
 * {@link PageUnavailable} in `Frame` (none for a page, which its layout
 * frames; a light header for a layout, `layout-fallback-shell.tsx`), tries
 * `loadPage` again on "Try again" and whenever the browser comes back
 * online, then renders the page. It also tries again as soon as it is shown
 * when the download failed offline and the browser is online by then (a
 * page under a layout that was itself waiting for the connection). An error
 * that is not a failed download is thrown to the route's error element.
 * Once loaded, every later visit renders the page at once.
 */
export function retryingPage(
  loadPage: () => Promise<ComponentType>,
  Frame: RetryFrame = Fragment,
): ComponentType {
  let Loaded: ComponentType | null = null;
  let pending: Promise<ComponentType> | null = null;
  let failedOffline = navigator.onLine === false;
  const isBackOnline = () => failedOffline && navigator.onLine !== false;

  function RetryingPage() {
    const [attempt, setAttempt] = useState<Attempt>(() => {
      if (Loaded) return { kind: 'ready' };
      return isBackOnline() ? { kind: 'loading' } : { kind: 'failed' };
    });
    const retry = useCallback(() => {
      setAttempt({ kind: 'loading' });
      pending ??= loadPage().finally(() => {
        pending = null;
      });
      pending.then(
        (Component) => {
          Loaded = Component;
          failedOffline = false;
          noteDownloadSucceeded();
          setAttempt({ kind: 'ready' });
        },
        (error: unknown) => {
          failedOffline = navigator.onLine === false;
          setAttempt(isDownloadFailure(error) ? { kind: 'failed' } : { kind: 'error', error });
        },
      );
    }, []);

    useEffect(() => {
      if (!Loaded && isBackOnline()) retry();
    }, [retry]);

    if (attempt.kind === 'error') throw attempt.error;
    if (attempt.kind === 'ready' && Loaded) return <Loaded />;
    return (
      <Frame>
        {attempt.kind === 'loading' ? <ReloadingPage /> : <PageUnavailable onRetry={retry} />}
      </Frame>
    );
  }
  return RetryingPage;
}
