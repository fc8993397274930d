import {
  Component,
  lazy,
  Suspense,
  useEffect,
  useState,
  type ComponentType,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import { ApiError } from './api-client';
import { trackDownload } from './downloads';
import { afterLoadWhenIdle } from './idle';

/**
 * The error to describe a failed download with (`describeError` says "We
 * couldn't reach Rally. Check your internet connection and try again.").
 */
export const downloadFailedError = new ApiError({
  status: 0,
  code: 'network_error',
  title: 'Network error',
  detail: 'A part of the app could not be downloaded.',
});

/** What a {@link lazyPart} takes besides the loaded component's own props. */
export interface LazyPartProps {
  /** Shown while the part downloads (default: nothing). */
  fallback?: ReactNode;
  /**
   * Shown when the download failed (offline, a deploy removed the chunk),
   * with `retry` to try again; default: `fallback`. The part also tries
   * again by itself when the browser comes back online, and when
   * `retryKey` changes (e.g. the person pressed the button again).
   */
  failed?: (retry: () => void) => ReactNode;
  /** A value whose change after a failure means "try the download again". */
  retryKey?: unknown;
}

/** Thrown (to {@link LoadBoundary}) when a part's download failed; `cause` is what `import()` threw. */
class PartDownloadError extends Error {
  constructor(cause: unknown) {
    super('A part of the app could not be downloaded', { cause });
    this.name = 'PartDownloadError';
  }
}

interface BoundaryProps {
  failed: (retry: () => void) => ReactNode;
  onRetry: () => void;
  retryKey: unknown;
  children: ReactNode;
}

/**
 * Catches a failed download of its lazy child and renders `failed` instead
 * of crashing the page; tries again when the browser comes back online or
 * `retryKey` changes. Any other error (a bug in the part) goes on up to the
 * route's error page, as it would without this boundary.
 */
class LoadBoundary extends Component<BoundaryProps, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown): { error: unknown } {
    return { error };
  }

  override componentDidUpdate(previous: BoundaryProps, before: { error: unknown }): void {
    const hasFailed = this.state.error instanceof PartDownloadError;
    if (hasFailed && !(before.error instanceof PartDownloadError)) {
      window.addEventListener('online', this.retry);
    }
    if (hasFailed && previous.retryKey !== this.props.retryKey) this.retry();
  }

  override componentWillUnmount(): void {
    window.removeEventListener('online', this.retry);
  }

  retry = (): void => {
    window.removeEventListener('online', this.retry);
    this.props.onRetry();
    this.setState({ error: null });
  };

  override render(): ReactNode {
    const { error } = this.state;
    if (error === null) return this.props.children;
    if (error instanceof PartDownloadError) return this.props.failed(this.retry);
    throw error;
  }
}

/**
 * A part of a page that loads on first use (`React.lazy`) without taking
 * the page down when its download fails (docs/decisions/004): a person
 * offline at the ground who opens the bell or a dialog keeps the page they
 * were on. React caches a failed `lazy` import for good, so a retry (and
 * showing the part again after a failure, e.g. a dialog reopened) starts a
 * fresh one. `load` resolves to the component itself.
 *
 * @example
 * const Palette = lazyPart(() => import('./palette').then((m) => m.Palette));
 * <Palette fallback={null} retryKey={openCount} {...props} />
 */
export function lazyPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P & LazyPartProps> {
  let hasFailed = false;
  const fresh = () =>
    lazy(() =>
      // Tracked: a preload error during it is the part's to handle (SPEC.md §8, lib/downloads.ts).
      trackDownload(load).then(
        (component) => ({ default: component }),
        (cause: unknown) => {
          hasFailed = true;
          throw new PartDownloadError(cause);
        },
      ),
    );
  let current: LazyExoticComponent<ComponentType<P>> = fresh();

  function LazyPart({ fallback = null, failed, retryKey, ...props }: P & LazyPartProps) {
    // Shown again after a failure (a dialog reopened): download afresh, once, on mount.
    useState(() => {
      if (hasFailed) current = fresh();
      hasFailed = false;
    });
    const [, setAttempt] = useState(0);
    const retry = () => {
      current = fresh();
      hasFailed = false;
      setAttempt((attempt) => attempt + 1);
    };
    const Part = current;
    return (
      <LoadBoundary failed={failed ?? (() => fallback)} onRetry={retry} retryKey={retryKey}>
        <Suspense fallback={fallback}>
          <Part {...(props as unknown as P)} />
        </Suspense>
      </LoadBoundary>
    );
  }
  return LazyPart;
}

/** The parts {@link usePreloadPart} has downloaded: each once, however many components ask. */
const preloaded = new WeakSet<() => Promise<unknown>>();

/**
 * Starts downloading a part that is not shown yet (a dialog's code) once the
 * page has loaded and the main thread is idle ({@link afterLoadWhenIdle}),
 * so it is there by the first tap without delaying the first screen
 * (docs/decisions/018). `load` is the part's dynamic import (give a stable,
 * module-level function). A failed download is tracked (its preload error
 * cancelled, SPEC.md §8) and ignored: the part downloads again when shown.
 * Once a part has downloaded, later calls for it do nothing.
 */
export function usePreloadPart(load: () => Promise<unknown>): void {
  useEffect(() => {
    if (preloaded.has(load)) return;
    let isMounted = true;
    void afterLoadWhenIdle().then(() => {
      if (!isMounted || preloaded.has(load)) return;
      trackDownload(load).then(
        () => preloaded.add(load),
        () => {},
      );
    });
    return () => {
      isMounted = false;
    };
  }, [load]);
}
