import { ProfileSeasonStats } from '../../features/matches/components/profile-season-stats';
import { ProfileActivitiesPage as ProfileTimeline } from '../../features/profiles/pages/profile-activities-page';
import { useProfileId } from '../../lib/use-profile-id';

/**
 * A profile's activities (route `profile-activities`): its timeline and
 * enrolments (features/profiles) with its season in matches per program
 * (features/matches; DESIGN.md §9: season stats on the profile's activities).
 */
export function ProfileActivitiesPage() {
  const profileId = useProfileId();
  return <ProfileTimeline seasonStats={<ProfileSeasonStats profileId={profileId} />} />;
}
