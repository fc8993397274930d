import { useParams } from 'react-router';
import { viewerTimeZone as deviceTimeZone } from './format';

/** The `profileId` route parameter of the profile area's routes ('' when absent). */
export function useProfileId(): string {
  return useParams().profileId ?? '';
}

/** `/p/{profileId}` followed by `suffix`, with the id URI-encoded. */
export function profilePath(profileId: string, suffix = ''): string {
  return `/p/${encodeURIComponent(profileId)}${suffix}`;
}

/** The viewer's IANA time zone, current id (a profile's calendar is shown in it; lib/format). */
export function viewerTimeZone(): string {
  return deviceTimeZone();
}
