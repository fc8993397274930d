import type { ProfileEvent } from '@rally/shared/events';
import type { Profile } from '@rally/shared/profiles';
import { Checkbox, ColorSwatch, Group, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EventCalendar } from '../../../components/event-calendar';
import type { EventAppearance } from '../../../components/event-calendar-model';
import { familyEventsQueryOptions } from '../api';
import { entryKey, findOverlaps } from '../overlaps';
import { profileColors } from '../profile-palette';
import { viewerTimeZone } from '../../../lib/format';

/** Props of {@link FamilyCalendar}. */
export interface FamilyCalendarProps {
  /** The profiles the user manages, in the home page's order (their colours follow it). */
  profiles: readonly Profile[];
}

/** "Clashes with Match (Asha Rao), Training (Kabir Rao, Meera Rao)": the other events, each once with its profiles. */
export function clashNote(t: TFunction, others: readonly ProfileEvent[]): string {
  const byEvent = new Map<string, { title: string; names: string[] }>();
  for (const other of others) {
    const item = byEvent.get(other.id) ?? { title: other.title, names: [] };
    item.names.push(other.profileName);
    byEvent.set(other.id, item);
  }
  const list = [...byEvent.values()]
    .map((item) =>
      t('familyCalendar.clashItem', { title: item.title, names: item.names.join(', ') }),
    )
    .join('; ');
  return t('familyCalendar.clashesWith', { events: list });
}

/**
 * The family calendar on `/` (docs/decisions/006): every event of every profile the user
 * manages (`GET /api/family/events`), in the viewer's time zone, one colour
 * per profile with a legend whose checkboxes hide or show a profile, and
 * overlapping events of different sessions flagged as clashes ("Clashes with
 * …"). An event opens `/p/{profileId}/events/{eventId}`.
 */
export function FamilyCalendar({ profiles }: FamilyCalendarProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [timeZone] = useState(() => viewerTimeZone());
  const [hidden, setHidden] = useState<ReadonlySet<string>>(() => new Set());
  const colors = useMemo(() => profileColors(profiles.map((profile) => profile.id)), [profiles]);
  const liveTopics = useMemo(() => profiles.map((profile) => `profile:${profile.id}`), [profiles]);

  const loadEvents = useCallback(
    async (range: { from: string; to: string }) =>
      (await queryClient.fetchQuery(familyEventsQueryOptions(range))).events,
    [queryClient],
  );
  const hrefOf = useCallback(
    (event: ProfileEvent) =>
      `/p/${encodeURIComponent(event.profileId)}/events/${encodeURIComponent(event.id)}`,
    [],
  );
  const appearanceOf = useCallback(
    (events: readonly ProfileEvent[]) => {
      const clashes = findOverlaps(events);
      return (event: ProfileEvent): EventAppearance | null => {
        if (hidden.has(event.profileId)) return null;
        const others = clashes.get(entryKey(event));
        return {
          color: colors.get(event.profileId),
          title: t('familyCalendar.eventTitle', { name: event.profileName, title: event.title }),
          clashNote: others ? clashNote(t, others) : undefined,
        };
      };
    },
    [hidden, colors, t],
  );
  const toggle = (profileId: string) =>
    setHidden((current) => {
      const next = new Set(current);
      if (next.has(profileId)) next.delete(profileId);
      else next.add(profileId);
      return next;
    });

  const legend = (
    <Group gap="md" mb="sm" role="group" aria-label={t('familyCalendar.legend')}>
      <Text size="sm" c="dimmed">
        {t('familyCalendar.legend')}
      </Text>
      {profiles.map((profile) => (
        <Checkbox
          key={profile.id}
          checked={!hidden.has(profile.id)}
          onChange={() => toggle(profile.id)}
          color={colors.get(profile.id)}
          label={
            <Group gap={6} component="span" wrap="nowrap">
              <ColorSwatch component="span" color={colors.get(profile.id) ?? ''} size={12} />
              {profile.displayName}
            </Group>
          }
        />
      ))}
    </Group>
  );

  return (
    <EventCalendar
      timeZone={timeZone}
      loadEvents={loadEvents}
      hrefOf={hrefOf}
      appearanceOf={appearanceOf}
      legend={legend}
      liveTopics={liveTopics}
    />
  );
}
