import { Anchor } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { appRoutes } from '@rally/shared/routes';
import { Link, useMatch, useParams } from 'react-router';
import { programEventQueryOptions } from '../../features/events/api';
import { useAuth } from '../../lib/auth';
import { AreaNav, type AreaNavItem } from './area-nav';
import { AreaShell } from './area-shell';
import { eventNavPages, type EventNavPage } from './program-nav';

/** The event page itself (`program-event`), whose tabs only staff get. */
const PROGRAM_EVENT_PATH = appRoutes.find((route) => route.name === 'program-event')!.path;

/**
 * Layout of the program event area (SPEC.md §2: program-event and its edit,
 * attendance and match pages): the event, a link back to its program, and
 * the pages the caller may use (`eventNavPages`).
 */
export function ProgramEventLayout() {
  const { t } = useTranslation();
  const { programId = '', eventId = '' } = useParams();
  const { user } = useAuth();
  const detail = useQuery({
    ...programEventQueryOptions(programId, eventId),
    enabled: user !== null,
  });
  const event = detail.data?.event;
  const isEventPage = useMatch(PROGRAM_EVENT_PATH) !== null;
  const programPath = `/programs/${encodeURIComponent(programId)}`;
  const base = `${programPath}/events/${encodeURIComponent(eventId)}`;
  const items: Record<EventNavPage, AreaNavItem> = {
    event: { label: t('programEvent.nav.event'), to: base },
    attendance: { label: t('programEvent.nav.attendance'), to: `${base}/attendance` },
    match: { label: t('programEvent.nav.match'), to: `${base}/match` },
    edit: { label: t('programEvent.nav.edit'), to: `${base}/edit` },
  };
  const pages = eventNavPages(detail.data);
  return (
    <AreaShell
      areaContext={
        <Anchor component={Link} to={programPath} inherit>
          {event?.programName ?? t('programEvent.backToProgram')}
        </Anchor>
      }
      areaTitle={event?.title}
      titlePending={user !== null && detail.isPending}
      // The staff's pages (attendance, match, edit) always have tabs; the
      // event page has none for a family, so nothing is reserved there.
      navigationPending={user !== null && detail.isPending && !isEventPage}
      navigation={
        pages.length > 1 ? (
          <AreaNav label={t('programEvent.area')} items={pages.map((page) => items[page])} />
        ) : undefined
      }
    />
  );
}
