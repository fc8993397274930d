import { reloadOnceForNewVersion } from '../lib/downloads';

/**
 * The boot step of the web app (docs/decisions/018): index.html shows the
 * "Loading..." screen (SPEC.md §2) in plain HTML, and the app's code — half
 * a megabyte of JavaScript, a long task on a slow phone, and instant from
 * the service worker's cache — runs only once that screen is painted, so a
 * visitor never stares at a white page while it is evaluated. It is part of
 * the entry's small chunk: import nothing heavy here.
 */

/** How long a page that gets no animation frames (a background tab) waits before it starts anyway, in ms. */
export const HIDDEN_START_DELAY_MS = 100;

/**
 * Resolves in the task after the browser's next frame (an animation frame,
 * then a zero-delay timeout: the frame has been painted by then), or after
 * {@link HIDDEN_START_DELAY_MS} when no frame comes (a hidden tab), or at
 * once when the document is hidden.
 */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (document.visibilityState === 'hidden' || typeof requestAnimationFrame !== 'function') {
      resolve();
      return;
    }
    let done = false;
    const go = () => {
      if (done) return;
      done = true;
      resolve();
    };
    requestAnimationFrame(() => setTimeout(go, 0));
    setTimeout(go, HIDDEN_START_DELAY_MS);
  });
}

/**
 * Runs `start` (main.tsx: imports and launches the app) after the boot
 * screen is painted ({@link afterNextPaint}). When it fails — the app's
 * files could not be downloaded (offline before the service worker was
 * installed, or a deploy removed them) — it reloads once to the new build
 * when the server answers (`reloadOnceForNewVersion`, as a lazy page does;
 * re-armed when a page downloads), and otherwise turns the boot screen into a message with a "Try again" button,
 * retrying by itself when the connection returns. The error is logged to
 * the console. Resolves when `start` has settled.
 */
export async function bootWhenPainted(start: () => Promise<unknown>): Promise<void> {
  await afterNextPaint();
  try {
    await start();
  } catch (error) {
    console.error('Rally could not start', error);
    if (await reloadOnceForNewVersion()) return;
    showBootFailure();
  }
}

/**
 * Replaces the boot screen's "Loading..." with what went wrong and a
 * "Try again" button (reloads); offline, it reloads by itself on the
 * `online` event.
 * The text is English: the UI strings are part of the code that did not load.
 */
function showBootFailure(): void {
  const screen = document.querySelector('.rally-boot');
  if (!screen) return;
  screen.setAttribute('role', 'alert');
  screen.replaceChildren();
  const message = document.createElement('p');
  message.style.margin = '0';
  message.style.padding = '0 24px';
  message.style.textAlign = 'center';
  message.textContent = navigator.onLine
    ? 'Rally could not load. Try again in a moment.'
    : "You're offline and Rally isn't saved on this device yet. It will load when you're back online.";
  const retry = document.createElement('button');
  retry.type = 'button';
  retry.textContent = 'Try again';
  retry.style.cssText =
    'min-height:44px;padding:0 20px;border:0;border-radius:4px;background:#1971c2;color:#fff;font:inherit;font-weight:600;cursor:pointer';
  retry.addEventListener('click', () => window.location.reload());
  screen.append(message, retry);
  if (!navigator.onLine) {
    window.addEventListener('online', () => window.location.reload(), { once: true });
  }
}
