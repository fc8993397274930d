import { describe, expect, it } from 'vitest';
import { routeAt, startFirstScreen, type LazyRouteModule } from './route-modules';

/** A promise with its resolve function, to finish it when the test says so. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const Page = () => null;

describe('routeAt', () => {
  it('names the route of SPEC.md §2 at a path, static segments before parameters', () => {
    expect(routeAt('/')?.name).toBe('root');
    expect(routeAt('/auth/login')?.name).toBe('login');
    expect(routeAt('/p/abc/calendar')?.name).toBe('profile-calendar');
    expect(routeAt('/orgs/create')?.name).toBe('create-org');
    expect(routeAt('/orgs/abc')?.name).toBe('org');
    expect(routeAt('/programs/p1/events/new')?.name).toBe('program-event-new');
    expect(routeAt('/programs/p1/events/e1')?.name).toBe('program-event');
    expect(routeAt('/programs/p1/events/e1/attendance')?.name).toBe('program-event-attendance');
    expect(routeAt('/no/such/page')).toBeUndefined();
  });
});

describe('startFirstScreen (the session and the route chunk in parallel, docs/decisions/018)', () => {
  it('starts the session request, the layout chunk and the page chunk before any of them finishes', async () => {
    const started: string[] = [];
    const session = deferred<unknown>();
    const layout = deferred<{ Component: () => null }>();
    const page = deferred<{ Component: () => null }>();
    const track =
      <T>(name: string, d: { promise: Promise<T> }) =>
      () => {
        started.push(name);
        return d.promise;
      };
    let settled = false;
    const all = startFirstScreen('/p/abc/calendar', track('session', session), {
      areaLayouts: { profile: track('layout', layout) as LazyRouteModule },
      routeModules: { 'profile-calendar': track('page', page) as LazyRouteModule },
    }).then(() => {
      settled = true;
    });

    // All three asked for at once, synchronously, while none has answered.
    expect(started.sort()).toEqual(['layout', 'page', 'session']);
    await Promise.resolve();
    expect(settled).toBe(false);

    page.resolve({ Component: Page });
    session.resolve({ user: null });
    await Promise.resolve();
    expect(settled).toBe(false);
    layout.resolve({ Component: Page });
    await all;
    expect(settled).toBe(true);
  });

  it('a chunk that fails to load is left to the router (no unhandled rejection)', async () => {
    const session = deferred<unknown>();
    const all = startFirstScreen('/auth/login', () => session.promise, {
      areaLayouts: {},
      routeModules: { login: () => Promise.reject(new Error('offline')) },
    });
    session.resolve({ user: null });
    await expect(all).resolves.toBeUndefined();
  });

  it('on a path with no route only the session is asked for', async () => {
    const started: string[] = [];
    await startFirstScreen(
      '/no/such/page',
      () => {
        started.push('session');
        return Promise.resolve();
      },
      {
        areaLayouts: {
          main: () => {
            started.push('layout');
            return Promise.resolve({ Component: Page });
          },
        },
        routeModules: {},
      },
    );
    expect(started).toEqual(['session']);
  });
});
