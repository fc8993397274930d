import type { EventDetail } from '@rally/shared/events';
import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RsvpButtons, rsvpClosedReason } from '../../../components/rsvp-buttons';
import { useRsvpOutbox } from '../../../lib/rsvp-outbox';
import { useSetEventRsvp } from '../api';

/** Props of {@link FamilyRsvp}. */
export interface FamilyRsvpProps {
  /** The event's detail: the caller's `family` on its roster, and whether answers are open. */
  detail: EventDetail;
}

/**
 * The caller's own profiles on the event's roster, each with its RSVP
 * buttons (docs/decisions/006) and its attendance mark once staff marked it. The counts
 * on the page refresh after each answer.
 */
export function FamilyRsvp({ detail }: FamilyRsvpProps) {
  const { t, i18n } = useTranslation();
  const { event, family, isRsvpOpen } = detail;
  const closedReason = rsvpClosedReason(t, event, isRsvpOpen, i18n.language);
  return (
    <Stack gap="sm" component="section" aria-labelledby="event-family-rsvp">
      <Title order={2} size="h3" id="event-family-rsvp">
        {t('eventPage.familyTitle', { count: family.length })}
      </Title>
      {family.map((member) => (
        <FamilyMemberRsvp
          key={member.profileId}
          programId={event.programId}
          eventId={event.id}
          member={member}
          closedReason={closedReason}
        />
      ))}
    </Stack>
  );
}

interface FamilyMemberRsvpProps {
  programId: string;
  eventId: string;
  /** One of the caller's profiles on the roster (a `FamilyRsvp` of the shared schema). */
  member: EventDetail['family'][number];
  closedReason: string | null;
}

/**
 * One profile's card. Each has its own mutation, so answers for two children
 * in a row each keep their spinner and their error (a 409, offline).
 */
function FamilyMemberRsvp({ programId, eventId, member, closedReason }: FamilyMemberRsvpProps) {
  const { t } = useTranslation();
  const setRsvp = useSetEventRsvp(programId, eventId);
  // Keeps answers given offline moving and shows the one waiting (docs/decisions/019).
  const rsvpOutbox = useRsvpOutbox();
  return (
    <Card withBorder padding="sm">
      <Stack gap="xs">
        <Group gap="xs">
          <Text fw={600}>{member.displayName}</Text>
          {member.status !== null && (
            <Badge variant="light">{t(`eventPage.marked.${member.status}`)}</Badge>
          )}
        </Group>
        <RsvpButtons
          name={member.displayName}
          rsvp={member.rsvp}
          closedReason={closedReason}
          pendingAnswer={setRsvp.isPending ? setRsvp.variables.answer : null}
          error={setRsvp.error}
          onAnswer={(answer) => setRsvp.mutate({ profileId: member.profileId, answer })}
          waitingAnswer={rsvpOutbox.waitingAnswer(member.profileId, eventId)}
        />
      </Stack>
    </Card>
  );
}
