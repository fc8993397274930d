import { REALTIME_PATH } from '../realtime-socket.ts';
import { defineRoutes } from './operation.ts';

/**
 * The realtime WebSocket (DESIGN.md §4, docs/decisions/007): signed in by
 * the session cookie or a Bearer header at the upgrade, or later by an
 * `auth` frame; frames are `clientFrameSchema` and `serverFrameSchema`.
 */
export const realtimeRoutes = defineRoutes('realtime', {
  connect: {
    method: 'GET',
    path: REALTIME_PATH,
    summary: 'Open the realtime socket (frames: clientFrameSchema, serverFrameSchema)',
    access: 'public',
    status: 101,
    answer: 'websocket',
  },
});
