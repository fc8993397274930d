import type { Subscription } from '@rally/shared/subscriptions';

/** Colour of a subscription status badge. */
export function subscriptionStatusColor(status: Subscription['status']): string {
  if (status === 'active') return 'green';
  if (status === 'pending' || status === 'paused') return 'yellow';
  return 'gray';
}
