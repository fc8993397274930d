import type { StaffHome, StaffSession } from '@rally/shared/home';
import { Badge, Button, Card, Stack, Text, Title } from '@mantine/core';
import { IconChecklist, IconMessages, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EventCardHeading } from './event-card-heading';

/** Props of {@link StaffToday}. */
export interface StaffTodayProps {
  staff: StaffHome;
}

const enc = encodeURIComponent;

/** A link button whose label wraps on a phone instead of being clipped, at least 44 px tall. */
const wrapping = {
  h: 'auto',
  mih: 44,
  py: 6,
  styles: { label: { whiteSpace: 'normal' as const, textAlign: 'left' as const } },
};

/**
 * The staff part of the home (docs/decisions/019): "Today and tomorrow"
 * across every program the user staffs, each session with going / maybe /
 * can't go / no answer counts and a one-tap "Take attendance" (route
 * `program-event-attendance`, never on a cancelled session); then join
 * requests and unread threads per program, each a link to where they are
 * handled.
 */
export function StaffToday({ staff }: StaffTodayProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" component="section" aria-labelledby="home-staff-today">
      <Title order={2} size="h3" id="home-staff-today">
        {t('home.staff.title')}
      </Title>
      {staff.sessions.length === 0 ? (
        <Text>{t('home.staff.noSessions')}</Text>
      ) : (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
          {staff.sessions.map((session) => (
            <li key={session.event.id}>
              <SessionCard session={session} />
            </li>
          ))}
        </Stack>
      )}
      {staff.joinRequests.length > 0 && (
        <Stack gap={4} component="section" aria-labelledby="home-join-requests">
          <Title order={3} size="h4" id="home-join-requests">
            {t('home.staff.joinRequestsTitle', {
              count: staff.joinRequests.reduce((sum, p) => sum + p.count, 0),
            })}
          </Title>
          {staff.joinRequests.map((p) => (
            <Button
              key={p.programId}
              component={Link}
              to={`/programs/${enc(p.programId)}`}
              variant="light"
              justify="space-between"
              leftSection={<IconUserPlus size={18} aria-hidden />}
              rightSection={<Badge>{p.count}</Badge>}
              {...wrapping}
            >
              {t('home.staff.joinRequests', { count: p.count, program: p.programName })}
            </Button>
          ))}
        </Stack>
      )}
      {staff.unreadThreads.length > 0 && (
        <Stack gap={4} component="section" aria-labelledby="home-unread">
          <Title order={3} size="h4" id="home-unread">
            {t('home.staff.unreadTitle', {
              count: staff.unreadThreads.reduce((sum, p) => sum + p.count, 0),
            })}
          </Title>
          {staff.unreadThreads.map((p) => (
            <Button
              key={p.programId}
              component={Link}
              to={`/programs/${enc(p.programId)}/conversations`}
              variant="light"
              justify="space-between"
              leftSection={<IconMessages size={18} aria-hidden />}
              rightSection={<Badge>{p.count}</Badge>}
              {...wrapping}
            >
              {t('home.staff.unread', { count: p.count, program: p.programName })}
            </Button>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** One session: title (a link to the event), time in its zone, program, counts, "Take attendance". */
function SessionCard({ session }: { session: StaffSession }) {
  const { t } = useTranslation();
  const { event, counts } = session;
  const isCancelled = event.status === 'cancelled';
  const eventPath = `/programs/${enc(event.programId)}/events/${enc(event.id)}`;
  return (
    <Card withBorder padding="sm">
      <Stack gap={6}>
        <EventCardHeading event={event} to={eventPath} />
        <Text size="sm">
          {t('home.staff.program', { program: event.programName, org: session.orgName })}
        </Text>
        {!isCancelled && <Text size="sm">{t('home.staff.counts', counts)}</Text>}
        {session.canTakeAttendance && (
          <Button
            component={Link}
            to={`${eventPath}/attendance`}
            leftSection={<IconChecklist size={18} aria-hidden />}
            aria-label={t('home.staff.takeAttendanceFor', { title: event.title })}
            mih={44}
          >
            {t('home.staff.takeAttendance')}
          </Button>
        )}
      </Stack>
    </Card>
  );
}
