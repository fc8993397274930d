/* global self */
// Push notifications in the service worker (docs/decisions/029), imported
// by the Workbox service worker (vite.config.ts `workbox.importScripts`).
// Plain JavaScript: the worker loads it as is.
//
// - `push`: shows the message Rally sent (`{ title, body, path, tag }`,
//   packages/shared/src/push.ts `pushPayloadSchema`, encrypted per RFC 8291
//   and decrypted by the browser). Every push shows a notification, as
//   `userVisibleOnly` promises; one with the same `tag` replaces the last.
// - `notificationclick`: opens the notification's page. An open Rally window
//   is focused and asked to go there through its router (a message
//   `{ type: 'rally:open', path }`); without one a new window opens there.

/** `path` when it is one of Rally's own paths (`/x...`, not `//host`), else '/'. */
function rallyPath(path) {
  return typeof path === 'string' && /^\/(?![/\\])/.test(path) ? path : '/';
}

/** The push's payload as an object; {} when it is empty or not JSON. */
function payloadOf(event) {
  try {
    const value = event.data ? event.data.json() : {};
    return value && typeof value === 'object' ? value : {};
  } catch {
    return {};
  }
}

self.addEventListener('push', (event) => {
  const payload = payloadOf(event);
  const title = typeof payload.title === 'string' && payload.title ? payload.title : 'Rally';
  const options = {
    body: typeof payload.body === 'string' ? payload.body : '',
    data: { path: rallyPath(payload.path) },
    icon: '/icons/icon-192.png',
    badge: '/icons/icon-192.png',
    lang: 'en-US',
  };
  if (typeof payload.tag === 'string' && payload.tag) options.tag = payload.tag;
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = rallyPath(event.notification.data && event.notification.data.path);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (!open) {
        await self.clients.openWindow(path);
        return;
      }
      open.postMessage({ type: 'rally:open', path });
      // Focusing needs the click's user activation; a window that cannot be focused still goes there.
      await open.focus().catch(() => undefined);
    })(),
  );
});
