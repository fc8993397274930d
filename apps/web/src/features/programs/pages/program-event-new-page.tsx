import type { EventKind } from '@rally/shared/events';
import type { Program } from '@rally/shared/programs';
import { Alert, Button, NativeSelect, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { PageTitle } from '../../../components/page-title';
import { QueryState } from '../../../components/query-state';
import { SignInPrompt } from '../../../components/sign-in-prompt';
import { useAuth } from '../../../lib/auth';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { addMinutesToLocal } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { hasErrors, validateWithSchema } from '../../../lib/schema-validation';
import { programQueryOptions, useCreateEvent } from '../api';
import { programPath, useProgramId } from '../use-program-id';

const KINDS: readonly EventKind[] = ['training', 'match', 'meeting', 'other'];
const DEFAULT_DURATION_MINUTES = 60;

/**
 * "New event" (route `program-event-new`, no sign-in flag in SPEC.md §2):
 * signed out it asks to sign in and come back; signed in, program staff get
 * the form (times are wall-clock in the program's zone, sent as
 * `startLocal`/`endLocal`), others are told they cannot create events here.
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

const loadSchema = () => import('@rally/shared/events').then((module) => module.createEventSchema);

const FIELDS = ['title', 'kind', 'startLocal', 'endLocal', 'location', 'description'] as const;

function NewEventForm({ program }: { program: Program }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const createEvent = useCreateEvent(program.id);
  const [formError, setFormError] = useState<unknown>(null);
  const form = useForm({
    initialValues: {
      title: '',
      kind: 'training' as EventKind,
      startLocal: '',
      endLocal: '',
      location: program.location,
      description: '',
    },
    onValuesChange: (values, previous) => {
      // Suggest an end an hour after a newly chosen start, unless the end is already later.
      if (values.startLocal === previous.startLocal || values.startLocal === '') return;
      if (values.endLocal !== '' && values.endLocal > values.startLocal) return;
      const end = addMinutesToLocal(values.startLocal, DEFAULT_DURATION_MINUTES);
      if (end) form.setFieldValue('endLocal', end);
    },
  });

  const submit = form.onSubmit(async (values) => {
    setFormError(null);
    const errors = await validateWithSchema(loadSchema, values);
    if (hasErrors(errors)) {
      form.setErrors(errors);
      return;
    }
    createEvent.mutate(values, {
      onSuccess: ({ event }) => {
        notify(t('eventNew.created', { title: event.title }));
        void navigate(programPath(program.id, `/events/${encodeURIComponent(event.id)}`));
      },
      onError: (error) => {
        if (!applyServerFieldErrors(form, error, FIELDS)) setFormError(error);
      },
    });
  });

  const zoneNote = t('eventNew.zoneNote', { timeZone: program.timeZone });
  return (
    <form onSubmit={submit} onFocus={() => void loadSchema().catch(() => undefined)} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('eventNew.intro', { program: program.name, timeZone: program.timeZone })}
        </Text>
        <TextInput
          label={t('eventNew.titleLabel')}
          placeholder={t('eventNew.titlePlaceholder')}
          required
          maxLength={120}
          {...form.getInputProps('title')}
        />
        <NativeSelect
          label={t('eventNew.kind')}
          data={KINDS.map((kind) => ({ value: kind, label: t(`event.kind.${kind}`) }))}
          required
          {...form.getInputProps('kind')}
        />
        <TextInput
          type="datetime-local"
          label={t('eventNew.starts')}
          description={zoneNote}
          required
          {...form.getInputProps('startLocal')}
        />
        <TextInput
          type="datetime-local"
          label={t('eventNew.ends')}
          description={zoneNote}
          required
          {...form.getInputProps('endLocal')}
        />
        <TextInput
          label={t('fields.location')}
          maxLength={200}
          {...form.getInputProps('location')}
        />
        <Textarea
          label={t('fields.description')}
          autosize
          minRows={2}
          maxLength={4000}
          {...form.getInputProps('description')}
        />
        {formError !== null && <ErrorAlert error={formError} />}
        <Button type="submit" loading={createEvent.isPending} style={{ alignSelf: 'flex-start' }}>
          {t('eventNew.submit')}
        </Button>
      </Stack>
    </form>
  );
}
