import type { IncomingMessage } from 'node:http';

/**
 * How long the connection of a refused upload stays open after the answer,
 * in ms: Apache httpd's `SECONDS_TO_LINGER` (2 s). Long enough for a client
 * on a phone link to read the answer; a socket held this long costs nothing
 * else, as Rally reads no more of the body meanwhile.
 */
export const LINGER_MS = 2_000;

/**
 * Makes the connection of `request`, whose body Rally refuses without
 * reading it to its end (413), close without losing the answer: a
 * "lingering close" (RFC 9112 §9.6; Apache httpd's and nginx's
 * `lingering_close`).
 *
 * The answer carries `Connection: close`, so once it is written Node calls
 * `socket.destroySoon()`, which closes the socket at once. Closing a socket
 * with unread bytes in the kernel makes it send a TCP RST, and a client
 * still uploading then fails its next write and drops the 413 it has not yet
 * read: it reports a reset connection instead of "too large" (seen here, now
 * and then, on a busy machine). Instead, this socket's `destroySoon` stops
 * reading the body (unpipes and pauses the request, so the kernel's buffers
 * fill and the client's writes wait rather than fail), half-closes (FIN after
 * the answer), and destroys the socket once the client closes its side or
 * after `lingerMs`, whichever is first.
 */
export function lingerBeforeClose(request: IncomingMessage, lingerMs = LINGER_MS): void {
  const socket = request.socket;
  socket.destroySoon = () => {
    request.unpipe();
    request.pause();
    if (socket.writable) socket.end();
    const timer = setTimeout(() => socket.destroy(), lingerMs);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
  };
}
