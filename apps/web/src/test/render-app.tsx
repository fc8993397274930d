import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { App } from '../app/app';
import { createI18n } from '../app/i18n';
import { createQueryClient } from '../app/query-client';
import { createAppRoutes } from '../app/router';

/**
 * Renders the whole app (providers, guard, real route table with its lazy
 * pages) at `path` with a memory router. Mock the API with `mockApi()` first.
 */
export function renderApp(path: string) {
  const queryClient = createQueryClient({ retry: false });
  const router = createMemoryRouter(createAppRoutes(), { initialEntries: [path] });
  const user = userEvent.setup();
  const view = render(<App router={router} queryClient={queryClient} i18n={createI18n()} />);
  /** The current full path of the memory router. */
  const currentPath = () => {
    const { pathname, search, hash } = router.state.location;
    return pathname + search + hash;
  };
  return { ...view, router, queryClient, user, currentPath };
}
