import {
  Component,
  lazy,
  Suspense,
  useEffect,
  useState,
  type ComponentType,
  type ErrorInfo,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import { ApiError } from './api-client';

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

interface BoundaryProps {
  failed: (retry: () => void) => ReactNode;
  onFail: () => void;
  onRetry: () => void;
  retryKey: unknown;
  children: ReactNode;
}

/** Catches a failed download of its lazy child and renders `failed` instead of crashing the page. */
class LoadBoundary extends Component<BoundaryProps, { hasFailed: boolean }> {
  override state = { hasFailed: false };

  static getDerivedStateFromError(): { hasFailed: boolean } {
    return { hasFailed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    this.props.onFail();
    // A failed download is expected offline; anything else is still worth a console line.
    if (!isChunkLoadError(error)) console.error(error, info.componentStack);
  }

  override componentDidUpdate(previous: BoundaryProps): void {
    if (this.state.hasFailed && previous.retryKey !== this.props.retryKey) this.retry();
  }

  retry = (): void => {
    this.props.onRetry();
    this.setState({ hasFailed: false });
  };

  override render(): ReactNode {
    return this.state.hasFailed ? this.props.failed(this.retry) : this.props.children;
  }
}

/** True for the errors a failed dynamic `import()` throws (browsers word them differently). */
function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof TypeError ||
    (error instanceof Error && /dynamically imported module|import|chunk/i.test(error.message))
  );
}

/**
 * A part of a page that loads on first use (`React.lazy`) without taking
 * the page down when its download fails (docs/decisions/004): a person
 * offline at the ground who opens the bell or a dialog keeps the page they
 * were on. React caches a failed `lazy` import for good, so a retry starts
 * a fresh one. `load` resolves to the component itself.
 *
 * @example
 * const Palette = lazyPart(() => import('./palette').then((m) => m.Palette));
 * <Palette fallback={null} retryKey={openCount} {...props} />
 */
export function lazyPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P & LazyPartProps> {
  const fresh = () => lazy(() => load().then((component) => ({ default: component })));
  let current: LazyExoticComponent<ComponentType<P>> = fresh();
  // A part shown again later (a dialog reopened) starts a fresh download after a failure.
  let hasFailed = false;

  function LazyPart({ fallback = null, failed, retryKey, ...props }: P & LazyPartProps) {
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
    const [onlineTick, setOnlineTick] = useState(0);
    useEffect(() => {
      const onOnline = () => setOnlineTick((tick) => tick + 1);
      window.addEventListener('online', onOnline);
      return () => window.removeEventListener('online', onOnline);
    }, []);
    const Part = current;
    return (
      <LoadBoundary
        failed={failed ?? (() => fallback)}
        onFail={() => {
          hasFailed = true;
        }}
        onRetry={retry}
        retryKey={`${String(retryKey)}:${onlineTick}`}
      >
        <Suspense fallback={fallback}>
          <Part {...(props as unknown as P)} />
        </Suspense>
      </LoadBoundary>
    );
  }
  return LazyPart;
}
