import { Anchor } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { programEventQueryOptions } from '../../features/events/api';
import { useAuth } from '../../lib/auth';
import { AreaShell } from './area-shell';

/**
 * Layout of the program event area (SPEC.md §2: program-event and its edit,
 * attendance and match pages): the event, a link back to its program, and its pages.
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
  const programPath = `/programs/${encodeURIComponent(programId)}`;
  const base = `${programPath}/events/${encodeURIComponent(eventId)}`;
  return (
    <AreaShell
      areaContext={
        <Anchor component={Link} to={programPath} inherit>
          {event?.programName ?? t('programEvent.backToProgram')}
        </Anchor>
      }
      areaTitle={event?.title}
      navLabel={t('programEvent.area')}
      nav={[
        { label: t('programEvent.nav.event'), to: base },
        { label: t('programEvent.nav.attendance'), to: `${base}/attendance` },
        { label: t('programEvent.nav.match'), to: `${base}/match` },
        { label: t('programEvent.nav.edit'), to: `${base}/edit` },
      ]}
    />
  );
}
