import { LoadingLines } from './query-state';
import { ErrorAlert } from './error-alert';
import { downloadFailedError, lazyPart } from '../lib/lazy-part';
import type { CalendarFeedSectionProps } from './calendar-feed-section';

const Section = lazyPart(() =>
  import('./calendar-feed-section').then((module) => module.CalendarFeedSection),
);

/**
 * {@link CalendarFeedSection}, downloaded when a calendar page shows it: it
 * sits below the calendar, for managers and staff only, and brings a text
 * field, a copy button and a confirmation dialog that the calendar itself
 * does not need (docs/decisions/018). Skeleton lines while it downloads; a
 * failed download says so with "Try again" and retries by itself online.
 */
export function LazyCalendarFeedSection(props: CalendarFeedSectionProps) {
  return (
    <Section
      {...props}
      fallback={<LoadingLines />}
      failed={(retry) => <ErrorAlert error={downloadFailedError} onRetry={retry} />}
    />
  );
}
