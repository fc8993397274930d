// The entry of index.html: a few hundred bytes that let the browser paint
// the boot screen before the app's code runs (docs/decisions/018).
import { bootWhenPainted } from './app/boot';
import { captureEarlySearchKey } from './features/search/early-search-key';
import { startEarlyRequests } from './lib/early-requests';
import { loadNativeSession } from './lib/native-session';
import { currentPlatform } from './lib/platform';

// The sign-in state (and the home page's data) download while the app's code
// does; in the native app once its session token is read from secure storage.
void loadNativeSession(currentPlatform()).then(() => startEarlyRequests(window.location.pathname));

// Ctrl/Cmd+K pressed while the app loads opens search once it is there.
captureEarlySearchKey();

bootWhenPainted(() => import('./app/launch').then((module) => module.launch()));
