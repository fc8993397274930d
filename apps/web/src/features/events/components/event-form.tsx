import type { CreateEvent, EditScope, EventKind, EventSeriesInfo } from '@rally/shared/events';
import {
  Anchor,
  Button,
  NativeSelect,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { lazyPart } from '../../../lib/lazy-part';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { mapsSearchUrl } from '../../../lib/format';
import { hasErrors, validateWithSchema } from '../../../lib/schema-validation';
import type { EditScopeChoice } from './edit-scope-modal';
import {
  EVENT_FORM_FIELDS,
  eventPayloadOf,
  fieldMapOf,
  missingDateFields,
  type EventFormValues,
} from './event-form-values';
import { followUpChanges } from './event-form-follow-up';
import { RecurrenceFields } from './recurrence-fields';
import { rsvpCloseOptions } from './rsvp-close-options';

const KINDS: readonly EventKind[] = ['training', 'match', 'meeting', 'other'];

// Only saving an occurrence of a series asks the scope: the dialog's code (Modal) loads when
// the form is first focused, not with the page.
const loadScopeModal = () => import('./edit-scope-modal');
const EditScopeModal = lazyPart(() => loadScopeModal().then((module) => module.EditScopeModal));

const loadSchema = () => import('@rally/shared/events').then((module) => module.createEventSchema);

/** Props of {@link EventForm}. */
export interface EventFormProps {
  /** The values to start from (an empty form, or the event being edited). */
  initialValues: EventFormValues;
  /** The IANA zone the wall-clock times are in, named next to the time fields. */
  timeZone: string;
  /** Text of the submit button ("Create event", "Save changes"). */
  submitLabel: string;
  /**
   * The series of the occurrence being edited: saving first asks which
   * events the changes apply to. Null for a new or a one-off event.
   */
  series?: EventSeriesInfo | null;
  /**
   * Sends the form (the body of `createEventSchema`, and the chosen scope
   * when `series` is set). Rejects with the `ApiError`, whose field issues
   * are shown on their fields.
   */
  onSubmit: (body: CreateEvent, scope: EditScope | null) => Promise<unknown>;
}

/**
 * The event form shared by "New event" and "Edit event": title, kind,
 * all-day switch (dates instead of date-times), start and end as wall-clock
 * times in `timeZone`, location with a map preview link, description,
 * capacity (empty = unlimited), RSVP deadline and the repeat (docs/decisions/006).
 * Checked with the shared `createEventSchema` before sending (loaded on
 * first focus); the server's field errors land on the same fields.
 */
export function EventForm({
  initialValues,
  timeZone,
  submitLabel,
  series,
  onSubmit,
}: EventFormProps) {
  const { t } = useTranslation();
  const [formError, setFormError] = useState<unknown>(null);
  const [isSending, setIsSending] = useState(false);
  // The checked body waiting for the scope dialog (an occurrence of a series only).
  const [pendingBody, setPendingBody] = useState<CreateEvent | null>(null);
  const form = useForm<EventFormValues>({
    initialValues,
    onValuesChange: (values, previous) => {
      const changes = followUpChanges(values, previous);
      if (Object.keys(changes).length > 0) form.setValues(changes);
    },
  });
  const values = form.getValues();

  const send = async (body: CreateEvent, scope: EditScope | null) => {
    setIsSending(true);
    setFormError(null);
    try {
      await onSubmit(body, scope);
    } catch (error) {
      setPendingBody(null);
      const fieldMap = fieldMapOf(body.isAllDay === true);
      if (!applyServerFieldErrors(form, error, EVENT_FORM_FIELDS, fieldMap)) setFormError(error);
    } finally {
      setIsSending(false);
    }
  };

  const submit = form.onSubmit(async (submitted) => {
    setFormError(null);
    const missing = missingDateFields(submitted);
    if (missing.length > 0) {
      form.setErrors(
        Object.fromEntries(
          missing.map((field) => [
            field,
            field === 'startLocal' || field === 'endLocal'
              ? t('eventForm.chooseDateTime')
              : t('eventForm.chooseDate'),
          ]),
        ),
      );
      return;
    }
    const body = eventPayloadOf(submitted);
    const errors = await validateWithSchema(loadSchema, body);
    if (hasErrors(errors)) {
      const fieldMap = fieldMapOf(submitted.isAllDay);
      form.setErrors(
        Object.fromEntries(
          Object.entries(errors).map(([path, message]) => [fieldMap[path] ?? path, message]),
        ),
      );
      return;
    }
    if (series) {
      setPendingBody(body);
      return;
    }
    await send(body, null);
  });

  const confirmScope = ({ scope, count }: EditScopeChoice) => {
    const body = pendingBody;
    if (!body) return;
    const recurrence =
      count !== undefined && body.recurrence ? { ...body.recurrence, count } : body.recurrence;
    void send({ ...body, recurrence }, scope);
  };

  const zoneNote = t('eventForm.zoneNote', { timeZone });
  const followingCount =
    values.repeat !== 'none' && values.ends === 'count'
      ? form.isDirty('count') || series?.remainingCount == null
        ? values.count
        : String(series.remainingCount)
      : null;

  return (
    <>
      <form
        onSubmit={submit}
        onFocus={() => preload(series !== null && series !== undefined)}
        noValidate
      >
        <Stack gap="md">
          <TextInput
            label={t('eventForm.title')}
            placeholder={t('eventForm.titlePlaceholder')}
            required
            maxLength={120}
            {...form.getInputProps('title')}
          />
          <NativeSelect
            label={t('eventForm.kind')}
            data={KINDS.map((kind) => ({ value: kind, label: t(`event.kind.${kind}`) }))}
            required
            {...form.getInputProps('kind')}
          />
          <Switch
            label={t('eventForm.allDay')}
            {...form.getInputProps('isAllDay', { type: 'checkbox' })}
          />
          {values.isAllDay ? (
            <>
              <TextInput
                type="date"
                label={t('eventForm.firstDay')}
                required
                {...form.getInputProps('startDate')}
              />
              <TextInput
                type="date"
                label={t('eventForm.lastDay')}
                min={values.startDate || undefined}
                required
                {...form.getInputProps('endDate')}
              />
            </>
          ) : (
            <>
              <TextInput
                type="datetime-local"
                label={t('eventForm.starts')}
                description={zoneNote}
                required
                {...form.getInputProps('startLocal')}
              />
              <TextInput
                type="datetime-local"
                label={t('eventForm.ends')}
                description={zoneNote}
                required
                {...form.getInputProps('endLocal')}
              />
            </>
          )}
          <Stack gap={4}>
            <TextInput
              label={t('fields.location')}
              maxLength={200}
              {...form.getInputProps('location')}
            />
            {values.location.trim() !== '' && (
              <Anchor
                size="sm"
                href={mapsSearchUrl(values.location.trim())}
                target="_blank"
                rel="noopener noreferrer"
              >
                {t('eventForm.mapPreview')}
              </Anchor>
            )}
          </Stack>
          <Textarea
            label={t('fields.description')}
            autosize
            minRows={2}
            maxLength={4000}
            {...form.getInputProps('description')}
          />
          <TextInput
            label={t('eventForm.capacity')}
            description={t('eventForm.capacityHint')}
            inputMode="numeric"
            maxLength={5}
            {...form.getInputProps('capacity')}
          />
          <NativeSelect
            label={t('eventForm.rsvpClose')}
            description={t('eventForm.rsvpCloseHint')}
            data={rsvpCloseOptions(t, values.rsvpClose)}
            {...form.getInputProps('rsvpClose')}
          />
          <Stack gap="sm" component="section" aria-labelledby="event-form-repeat">
            <Title order={2} size="h4" id="event-form-repeat">
              {t('eventForm.repeatTitle')}
            </Title>
            <RecurrenceFields form={form} />
          </Stack>
          {formError !== null && <ErrorAlert error={formError} />}
          <Button type="submit" loading={isSending} style={{ alignSelf: 'flex-start' }}>
            {submitLabel}
          </Button>
          {series && (
            <Text size="sm" c="dimmed">
              {t('eventForm.seriesNote')}
            </Text>
          )}
        </Stack>
      </form>
      {series && pendingBody !== null && (
        // Outside the <form>: React events bubble out of the modal's portal.
        <EditScopeModal
          opened
          isPending={isSending}
          followingCount={followingCount}
          onClose={() => setPendingBody(null)}
          onConfirm={confirmScope}
        />
      )}
    </>
  );
}

/** Loads what saving needs ahead of the click: the shared schema, and the scope dialog for a series. */
function preload(isSeries: boolean): void {
  void loadSchema().catch(() => undefined);
  if (isSeries) void loadScopeModal().catch(() => undefined);
}
