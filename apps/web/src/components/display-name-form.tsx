import { Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerFieldErrors } from '../lib/form-errors';
import { useUpdateAccount, type UpdateAccountResponse } from '../lib/auth';
import { hasErrors, validateWithSchema } from '../lib/schema-validation';
import { ErrorAlert } from './error-alert';

const loadSchema = () =>
  import('@rally/shared/profiles').then((module) => module.updateAccountSchema);

/** Props of {@link DisplayNameForm}. */
export interface DisplayNameFormProps {
  /** The current name, if any. */
  initialName?: string;
  /** Text of the submit button, e.g. "Continue" (onboarding) or "Save". */
  submitLabel: string;
  /** Called after the server saved the name. */
  onSaved?: (answer: UpdateAccountResponse) => void;
}

/**
 * Asks for the user's name ("Your name") and saves it with `PUT /api/account`;
 * the first save also creates the user's own profile. Used by onboarding after
 * sign-in, the home page (when the name is missing) and the account page.
 */
export function DisplayNameForm({ initialName = '', submitLabel, onSaved }: DisplayNameFormProps) {
  const { t } = useTranslation();
  const updateAccount = useUpdateAccount();
  const [formError, setFormError] = useState<unknown>(null);
  const form = useForm({
    initialValues: { displayName: initialName },
  });

  const submit = form.onSubmit(async (values) => {
    setFormError(null);
    const errors = await validateWithSchema(loadSchema, values);
    if (hasErrors(errors)) {
      form.setErrors(errors);
      return;
    }
    updateAccount.mutate(
      { displayName: values.displayName.trim() },
      {
        onSuccess: (answer) => onSaved?.(answer),
        onError: (error) => {
          if (!applyServerFieldErrors(form, error, ['displayName'])) setFormError(error);
        },
      },
    );
  });

  return (
    <form onSubmit={submit} onFocus={() => void loadSchema().catch(() => undefined)} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('account.yourName')}
          description={t('account.yourNameHint')}
          autoComplete="name"
          required
          maxLength={80}
          {...form.getInputProps('displayName')}
        />
        {formError !== null && <ErrorAlert error={formError} />}
        <Button type="submit" loading={updateAccount.isPending} style={{ alignSelf: 'flex-start' }}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
