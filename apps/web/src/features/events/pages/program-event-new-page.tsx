import type { Program } from '@rally/shared/programs';
import { Alert, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { QueryState } from '../../../components/query-state';
import { SignInPrompt } from '../../../components/sign-in-prompt';
import { useAuth } from '../../../lib/auth';
import { notify } from '../../../lib/notify';
import { programPath, useProgramId } from '../../../lib/use-program-id';
import { programQueryOptions } from '../../programs/api';
import { useCreateEvent } from '../api';
import { EventForm } from '../components/event-form';
import { newEventValues } from '../components/event-form-values';

/**
 * "New event" (route `program-event-new`, no sign-in flag in SPEC.md §2):
 * signed out it asks to sign in and come back (never a form); signed in,
 * program staff get the event form (times are wall-clock in the program's
 * zone, optionally repeating), others are told they cannot create events here.
 */
export function ProgramEventNewPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const programId = useProgramId();
  const program = useQuery({ ...programQueryOptions(programId), enabled: user !== null });

  if (!user) {
    return (
      <Stack gap="md">
        <PageTitle title={t('eventNew.title')} />
        <SignInPrompt message={t('eventNew.signIn')} />
      </Stack>
    );
  }
  return (
    <QueryState query={program} notFoundIsPage>
      {({ program: details, permissions }) => (
        <Stack gap="md" maw={560}>
          <PageTitle title={t('eventNew.title')} />
          {permissions.canManageEvents ? (
            <NewEventForm program={details} />
          ) : (
            <Alert color="yellow" title={t('eventNew.notAllowedTitle')}>
              {t('eventNew.notAllowed', { program: details.name })}
            </Alert>
          )}
        </Stack>
      )}
    </QueryState>
  );
}

function NewEventForm({ program }: { program: Program }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const createEvent = useCreateEvent(program.id);
  const [initialValues] = useState(() => newEventValues(program));
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('eventNew.intro', { program: program.name, timeZone: program.timeZone })}
      </Text>
      <EventForm
        initialValues={initialValues}
        timeZone={program.timeZone}
        submitLabel={t('eventNew.submit')}
        onSubmit={async (body) => {
          const { event } = await createEvent.mutateAsync(body);
          notify(t('eventNew.created', { title: event.title }));
          await navigate(programPath(program.id, `/events/${encodeURIComponent(event.id)}`));
        }}
      />
    </Stack>
  );
}
