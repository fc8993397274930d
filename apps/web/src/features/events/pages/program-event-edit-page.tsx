import type { EventDetail } from '@rally/shared/events';
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { QueryState } from '../../../components/query-state';
import { notify } from '../../../lib/notify';
import { programPath, useProgramId } from '../../../lib/use-program-id';
import { programEventQueryOptions, useUpdateEvent } from '../api';
import { EventForm } from '../components/event-form';
import { eventValues } from '../components/event-form-values';

/**
 * Editing an event (route `program-event-edit`): the event form prefilled
 * with its wall-clock times in its own zone and its series' rule. Saving an
 * occurrence of a series first asks which events the change applies to
 * (this / this and following / all; docs/decisions/006); a one-off given a
 * repeat becomes the first occurrence of a series. Those who may not edit it
 * are told so, with no form.
 */
export function ProgramEventEditPage() {
  const { t } = useTranslation();
  const programId = useProgramId();
  const { eventId = '' } = useParams();
  const detail = useQuery(programEventQueryOptions(programId, eventId));
  return (
    <QueryState query={detail} notFoundIsPage>
      {(data) => (
        <Stack gap="md" maw={560}>
          <PageTitle title={t('eventEdit.title', { title: data.event.title })} />
          {data.permissions.canEdit ? (
            <EditEventForm detail={data} />
          ) : (
            <Alert color="yellow" title={t('eventEdit.notAllowedTitle')}>
              {t('eventEdit.notAllowed')}{' '}
              <Anchor
                component={Link}
                to={programPath(programId, `/events/${encodeURIComponent(eventId)}`)}
              >
                {t('eventEdit.backToEvent')}
              </Anchor>
            </Alert>
          )}
        </Stack>
      )}
    </QueryState>
  );
}

function EditEventForm({ detail }: { detail: EventDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { event, series } = detail;
  const update = useUpdateEvent(event.programId, event.id);
  // The form starts from the event as it was when the page opened; a refetch does not reset typing.
  const [initialValues] = useState(() => eventValues(event, series));
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {series
          ? t('eventEdit.introSeries', { timeZone: event.timeZone })
          : t('eventEdit.intro', { timeZone: event.timeZone })}
      </Text>
      <EventForm
        initialValues={initialValues}
        timeZone={event.timeZone}
        submitLabel={t('actions.saveChanges')}
        series={series}
        onSubmit={async (body, scope) => {
          const { event: saved } = await update.mutateAsync({
            ...body,
            timeZone: event.timeZone,
            // A one-off given a repeat becomes the first occurrence of a series.
            scope: scope ?? (body.recurrence ? 'all' : 'this'),
          });
          notify(t('eventEdit.saved', { title: saved.title }));
          await navigate(programPath(saved.programId, `/events/${encodeURIComponent(saved.id)}`));
        }}
      />
    </Stack>
  );
}
