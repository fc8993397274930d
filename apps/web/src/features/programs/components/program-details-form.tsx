import type { DefaultRsvp, JoinPolicy, Program, UpdateProgram } from '@rally/shared/programs';
import { Button, Radio, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { TimeZoneSelect } from '../../../components/time-zone-select';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useUpdateProgram } from '../api';

const loadSchema = () =>
  import('@rally/shared/programs').then((module) => module.updateProgramSchema);

const JOIN_POLICIES: readonly JoinPolicy[] = ['open', 'approval', 'invite'];
const DEFAULT_RSVPS: readonly DefaultRsvp[] = ['none', 'going'];
const TEXT_FIELDS = ['name', 'description', 'category', 'location', 'timeZone'] as const;

/** The form's values: capacity as typed ('' = no limit). */
interface Values {
  name: string;
  description: string;
  category: string;
  location: string;
  timeZone: string;
  capacity: string;
  joinPolicy: JoinPolicy;
  defaultRsvp: DefaultRsvp;
}

function valuesOf(program: Program): Values {
  return {
    name: program.name,
    description: program.description,
    category: program.category,
    location: program.location,
    timeZone: program.timeZone,
    capacity: program.capacity === null ? '' : String(program.capacity),
    joinPolicy: program.joinPolicy,
    defaultRsvp: program.defaultRsvp,
  };
}

/** Reads a typed capacity: '' is no limit (null), digits a number, anything else undefined. */
export function parseCapacity(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : undefined;
}

/** Props of {@link ProgramDetailsForm}. */
export interface ProgramDetailsFormProps {
  program: Program;
}

/**
 * Edits a program's name, description, category, location, time zone,
 * capacity (empty = unlimited), join policy and the default answer to new
 * events (`defaultRsvp`; each explained in a sentence) with
 * `PATCH /api/programs/:programId`, sending only what changed.
 */
export function ProgramDetailsForm({ program }: ProgramDetailsFormProps) {
  const { t } = useTranslation();
  const update = useUpdateProgram(program.id);
  const { form, formProps, formError } = useSchemaForm({
    initialValues: valuesOf(program),
    toBody: (values, form) => {
      const capacity = parseCapacity(values.capacity);
      if (capacity === undefined) {
        form.setFieldError('capacity', t('programSettings.capacityInvalid'));
        return null;
      }
      const changes: UpdateProgram = {};
      for (const field of TEXT_FIELDS) {
        if (form.isDirty(field)) changes[field] = values[field];
      }
      if (form.isDirty('capacity')) changes.capacity = capacity;
      if (form.isDirty('joinPolicy')) changes.joinPolicy = values.joinPolicy;
      if (form.isDirty('defaultRsvp')) changes.defaultRsvp = values.defaultRsvp;
      return Object.keys(changes).length === 0 ? null : changes;
    },
    loadSchema,
    mutation: update,
    savedValues: ({ program: saved }) => valuesOf(saved),
    notice: () => t('programSettings.saved'),
  });

  return (
    <form {...formProps}>
      <Stack gap="md" maw={560}>
        <TextInput
          label={t('programSettings.nameLabel')}
          required
          maxLength={100}
          {...form.getInputProps('name')}
        />
        <Textarea
          label={t('fields.description')}
          autosize
          minRows={2}
          maxLength={2000}
          {...form.getInputProps('description')}
        />
        <TextInput
          label={t('fields.category')}
          placeholder={t('programSettings.categoryPlaceholder')}
          maxLength={60}
          {...form.getInputProps('category')}
        />
        <TextInput
          label={t('fields.location')}
          maxLength={200}
          {...form.getInputProps('location')}
        />
        <TimeZoneSelect label={t('fields.timeZone')} {...form.getInputProps('timeZone')} />
        <TextInput
          label={t('programSettings.capacity')}
          description={t('programSettings.capacityHint')}
          inputMode="numeric"
          maxLength={6}
          {...form.getInputProps('capacity')}
        />
        <Radio.Group label={t('programSettings.joinPolicy')} {...form.getInputProps('joinPolicy')}>
          <Stack gap="sm" mt="xs">
            {JOIN_POLICIES.map((policy) => (
              <Radio
                key={policy}
                value={policy}
                label={t(`program.joinPolicy.${policy}`)}
                description={t(`programSettings.joinPolicyHint.${policy}`)}
              />
            ))}
          </Stack>
        </Radio.Group>
        <Radio.Group
          label={t('programSettings.defaultRsvp')}
          description={t('programSettings.defaultRsvpHint')}
          {...form.getInputProps('defaultRsvp')}
        >
          <Stack gap="sm" mt="xs">
            {DEFAULT_RSVPS.map((answer) => (
              <Radio
                key={answer}
                value={answer}
                label={t(`programSettings.defaultRsvpValue.${answer}`)}
              />
            ))}
          </Stack>
        </Radio.Group>
        {formError !== null && <ErrorAlert error={formError} />}
        <Button
          type="submit"
          loading={update.isPending}
          disabled={!form.isDirty()}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('actions.saveChanges')}
        </Button>
        {form.isDirty() && (
          <Text size="sm" c="dimmed">
            {t('programSettings.unsaved')}
          </Text>
        )}
      </Stack>
    </form>
  );
}
