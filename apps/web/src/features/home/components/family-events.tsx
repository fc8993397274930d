import type { RsvpAnswer } from '@rally/shared/events';
import type { FamilyEvent, FamilyEventProfile } from '@rally/shared/home';
import { Alert, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { EventCardHeading } from './event-card-heading';
import { ErrorAlert } from '../../../components/error-alert';
import { rsvpClosedReason } from '../../../components/rsvp-buttons';
import { useRsvpOutbox, type RsvpOutbox } from '../../../lib/rsvp-outbox';

const ANSWERS: readonly RsvpAnswer[] = ['going', 'maybe', 'declined'];
const PRESSED_COLOR: Record<RsvpAnswer, string> = {
  going: 'green',
  maybe: 'yellow',
  declined: 'red',
};
const enc = encodeURIComponent;

/** Props of {@link FamilyEvents}. */
export interface FamilyEventsProps {
  events: readonly FamilyEvent[];
}

/**
 * The family's next events (docs/decisions/019): one card per event, with
 * each of the user's profiles on it and its answer buttons inline
 * ("Asha: Going", `aria-pressed`, 44 px). An answer shows at once and goes
 * through the RSVP outbox: with no connection the card says it is offline
 * and the answer will be sent (as attendance marks do).
 */
export function FamilyEvents({ events }: FamilyEventsProps) {
  const { t } = useTranslation();
  const outbox = useRsvpOutbox();
  const waiting = outbox.state.entries.length;
  return (
    <Stack gap="xs">
      <div aria-live="polite">
        {waiting > 0 && outbox.state.isOffline && (
          <Alert role="none" color="orange" variant="light" icon={<IconCloudOff aria-hidden />}>
            {t('home.family.offline', { count: waiting })}
          </Alert>
        )}
      </div>
      {events.length === 0 ? (
        <Text>{t('home.noEvents')}</Text>
      ) : (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
          {events.map((card) => (
            <li key={card.event.id}>
              <FamilyEventCard card={card} outbox={outbox} />
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function FamilyEventCard({ card, outbox }: { card: FamilyEvent; outbox: RsvpOutbox }) {
  const { t, i18n } = useTranslation();
  const { event } = card;
  const closedReason = rsvpClosedReason(t, event, card.isRsvpOpen, i18n.language);
  const first = card.profiles[0];
  return (
    <Card withBorder padding="sm">
      <Stack gap={6}>
        <EventCardHeading
          event={event}
          to={first ? `/p/${enc(first.profileId)}/events/${enc(event.id)}` : '/'}
        />
        <Text size="sm">{event.programName}</Text>
        {card.profiles.map((profile) => (
          <ProfileAnswer
            key={profile.profileId}
            eventId={event.id}
            profile={profile}
            outbox={outbox}
            isClosed={closedReason !== null}
          />
        ))}
        {closedReason !== null && <Text size="sm">{closedReason}</Text>}
      </Stack>
    </Card>
  );
}

interface ProfileAnswerProps {
  eventId: string;
  profile: FamilyEventProfile;
  outbox: RsvpOutbox;
  isClosed: boolean;
}

/** One profile's row: its name, the three answer buttons and where it stands. */
function ProfileAnswer({ eventId, profile, outbox, isClosed }: ProfileAnswerProps) {
  const { t } = useTranslation();
  const { profileId, displayName: name } = profile;
  const waiting = outbox.waitingAnswer(profileId, eventId);
  const shown = waiting ?? (profile.isDefault ? null : profile.answer);
  const refusal = outbox.refusal(profileId, eventId);
  return (
    <Stack gap={4}>
      <Text fw={600} size="sm">
        {name}
      </Text>
      <Group gap="xs" role="group" aria-label={t('rsvp.groupLabel', { name })}>
        {ANSWERS.map((answer) => {
          const isPressed = shown === answer;
          return (
            <Button
              key={answer}
              size="sm"
              mih={44}
              variant={isPressed ? 'filled' : 'default'}
              color={isPressed ? PRESSED_COLOR[answer] : undefined}
              aria-pressed={isPressed}
              aria-label={t('home.family.answerLabel', {
                name,
                answer: t(`rsvp.answer.${answer}`),
              })}
              disabled={isClosed}
              onClick={() => {
                if (!isPressed) outbox.answer({ profileId, eventId, answer });
              }}
            >
              {t(`rsvp.answer.${answer}`)}
            </Button>
          );
        })}
      </Group>
      <Text size="sm" aria-live="polite">
        {stateLine(t, name, profile, waiting)}
      </Text>
      {refusal !== undefined && <ErrorAlert error={refusal} />}
    </Stack>
  );
}

/** Where a profile stands: its answer waiting to be sent, on the waitlist, or its answer. */
function stateLine(
  t: TFunction,
  name: string,
  profile: FamilyEventProfile,
  waiting: RsvpAnswer | null,
): string {
  if (waiting !== null) return t('home.family.waiting', { name });
  if (profile.answer === 'going' && profile.waitlistPosition !== null) {
    return t('rsvp.waitlistPosition', { name, count: profile.waitlistPosition, ordinal: true });
  }
  if (profile.answer === 'going') {
    return profile.isDefault ? t('rsvp.state.default', { name }) : t('rsvp.state.going', { name });
  }
  if (profile.answer === 'maybe') return t('rsvp.state.maybe', { name });
  if (profile.answer === 'declined') return t('rsvp.state.declined', { name });
  return t('rsvp.state.none', { name });
}
