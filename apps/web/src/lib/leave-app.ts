/**
 * Sends the browser to an address outside the web app, such as the native
 * app's redirect URI (`app.rally:/auth/callback?...`, RFC 8252): a full
 * navigation the router does not see. One function so tests can watch it
 * (jsdom cannot spy on `window.location.assign`).
 */
export function leaveApp(url: string): void {
  window.location.assign(url);
}
