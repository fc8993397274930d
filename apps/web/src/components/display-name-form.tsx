import { Button, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useUpdateAccount, type UpdateAccountResponse } from '../lib/auth';
import { useSchemaForm } from '../lib/use-schema-form';
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
  const { form, formProps, formError } = useSchemaForm({
    initialValues: { displayName: initialName },
    toBody: (values) => ({ displayName: values.displayName.trim() }),
    loadSchema,
    mutation: updateAccount,
    onSuccess: (answer) => onSaved?.(answer),
  });

  return (
    <form {...formProps}>
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
