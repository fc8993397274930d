import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  MemoryRouter,
  useLocation,
  useNavigate,
  type Location,
  type NavigateFunction,
} from 'react-router';
import { App } from '../app/app';
import { createI18n } from '../app/i18n';
import { createQueryClient } from '../app/query-client';
import { AppRoutes } from '../app/router';

/** What {@link RouterProbe} reads from inside the router. */
interface RouterState {
  location?: Location;
  navigate?: NavigateFunction;
}

/** Renders nothing; keeps the router's current location and its navigate function in `state`. */
function RouterProbe({ state }: { state: RouterState }) {
  state.location = useLocation();
  state.navigate = useNavigate();
  return null;
}

/**
 * Renders the whole app (providers, guard, real route table with its lazy
 * pages) at `path` with a memory router. Mock the API with `mockApi()` first.
 * `navigate` goes to another path as a link would; `currentPath` is the
 * router's full path now.
 */
export function renderApp(path: string) {
  const queryClient = createQueryClient({ retry: false });
  const state: RouterState = {};
  const user = userEvent.setup();
  const view = render(
    <App queryClient={queryClient} i18n={createI18n()}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <RouterProbe state={state} />
      </MemoryRouter>
    </App>,
  );
  /** The current full path of the memory router. */
  const currentPath = () => {
    const { pathname, search, hash } = state.location!;
    return pathname + search + hash;
  };
  /** Navigates the memory router to `to` (a full path). */
  const navigate = async (to: string) => {
    await state.navigate!(to);
  };
  return { ...view, queryClient, user, currentPath, navigate };
}
