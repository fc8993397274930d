import type { EventDetail } from '@rally/shared/events';
import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RsvpButtons, rsvpClosedReason } from '../../../components/rsvp-buttons';
import { useSetEventRsvp } from '../api';

/** Props of {@link FamilyRsvp}. */
export interface FamilyRsvpProps {
  /** The event's detail: the caller's `family` on its roster, and whether answers are open. */
  detail: EventDetail;
}

/**
 * The caller's own profiles on the event's roster, each with its RSVP
 * buttons (issue 5) and its attendance mark once staff marked it. The counts
 * on the page refresh after each answer.
 */
export function FamilyRsvp({ detail }: FamilyRsvpProps) {
  const { t, i18n } = useTranslation();
  const { event, family, isRsvpOpen } = detail;
  const setRsvp = useSetEventRsvp(event.programId, event.id);
  const closedReason = rsvpClosedReason(t, event, isRsvpOpen, i18n.language);
  return (
    <Stack gap="sm" component="section" aria-labelledby="event-family-rsvp">
      <Title order={2} size="h3" id="event-family-rsvp">
        {t('eventPage.familyTitle', { count: family.length })}
      </Title>
      {family.map((member) => {
        const isThisOne = setRsvp.variables?.profileId === member.profileId;
        return (
          <Card key={member.profileId} withBorder padding="sm">
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
                pendingAnswer={setRsvp.isPending && isThisOne ? setRsvp.variables.answer : null}
                error={isThisOne ? setRsvp.error : null}
                onAnswer={(answer) => setRsvp.mutate({ profileId: member.profileId, answer })}
              />
            </Stack>
          </Card>
        );
      })}
    </Stack>
  );
}
