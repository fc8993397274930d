import { useQuery } from '@tanstack/react-query';
import { useRealtime } from '../../lib/realtime';
import { unreadCountsQueryOptions, type ConversationScope } from './api';

/**
 * The number on the "Conversations" link of a program (threads of its staff
 * inbox with unread messages) or of a profile (its threads with unread
 * staff messages), from `GET /api/conversations/unread`; 0 when none or
 * while `enabled` is false (e.g. a family member on a program page). While
 * enabled it follows `program:{id}` / `profile:{id}` (DESIGN.md §4), whose
 * `conversation.updated` refetches the counts (lib/realtime-invalidation.ts).
 */
export function useUnreadBadge(
  scope: ConversationScope,
  ownerId: string,
  enabled: boolean,
): number {
  const unread = useQuery({ ...unreadCountsQueryOptions(), enabled });
  useRealtime(enabled ? `${scope}:${ownerId}` : null);
  if (!enabled || !unread.data) return 0;
  const counts = scope === 'program' ? unread.data.programs : unread.data.profiles;
  return counts[ownerId] ?? 0;
}
