import { Button, Modal, Stack, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useCreateProgram } from '../api';
import { TimeZoneSelect } from '../../../components/time-zone-select';

/** Props of {@link NewProgramModal}. */
export interface NewProgramModalProps {
  orgId: string;
  /** The organisation's time zone, the new program's default. */
  defaultTimeZone: string;
  opened: boolean;
  onClose: () => void;
}

const loadSchema = () =>
  import('@rally/shared/programs').then((module) => module.createProgramSchema);

/**
 * "New program": name, time zone (default the org's), location, description
 * -> `POST /api/orgs/:orgId/programs` -> the program's page.
 */
export function NewProgramModal({ orgId, defaultTimeZone, opened, onClose }: NewProgramModalProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const createProgram = useCreateProgram(orgId);
  const { form, formProps, formError, reset } = useSchemaForm({
    initialValues: { name: '', timeZone: defaultTimeZone, location: '', description: '' },
    toBody: (values) => values,
    loadSchema,
    mutation: createProgram,
    notice: ({ program }) => t('newProgram.created', { name: program.name }),
    onSuccess: ({ program }) => void navigate(`/programs/${encodeURIComponent(program.id)}`),
  });

  const close = () => {
    reset();
    onClose();
  };

  return (
    <Modal opened={opened} onClose={close} title={t('newProgram.title')} centered>
      <form {...formProps}>
        <Stack gap="md">
          <TextInput
            label={t('newProgram.name')}
            placeholder={t('newProgram.namePlaceholder')}
            required
            maxLength={100}
            data-autofocus
            {...form.getInputProps('name')}
          />
          <TimeZoneSelect label={t('fields.timeZone')} {...form.getInputProps('timeZone')} />
          <TextInput
            label={t('fields.location')}
            placeholder={t('newProgram.locationPlaceholder')}
            maxLength={200}
            {...form.getInputProps('location')}
          />
          <Textarea
            label={t('fields.description')}
            autosize
            minRows={2}
            maxLength={2000}
            {...form.getInputProps('description')}
          />
          {formError !== null && <ErrorAlert error={formError} />}
          <Button type="submit" loading={createProgram.isPending}>
            {t('newProgram.submit')}
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
