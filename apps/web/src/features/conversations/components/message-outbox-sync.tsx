import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useAuth } from '../../../lib/auth';
import { messageSender, messagesOutbox } from '../message-outbox';

/**
 * Keeps the signed-in user's messages outbox moving wherever they are in
 * the app (mounted once in the app shell): sends waiting messages on load,
 * when the browser comes back online and every 15 s while some wait
 * (docs/decisions/007 "Offline"). Renders nothing.
 */
export function MessageOutboxSync() {
  const userId = useAuth().user?.id;
  const queryClient = useQueryClient();
  const send = useMemo(() => messageSender(queryClient), [queryClient]);
  useEffect(() => {
    if (!userId) return undefined;
    return messagesOutbox(userId).start(send);
  }, [userId, send]);
  return null;
}
