import type { OrgRole } from '@rally/shared/orgs';
import { Button, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { isApiError } from '../../../lib/api-client';
import { describeError } from '../../../lib/describe-error';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { hasErrors, validateWithSchema } from '../../../lib/schema-validation';
import { useInviteMember } from '../api';

const loadSchema = () => import('@rally/shared/orgs').then((module) => module.createInviteSchema);

/** Props of {@link InviteForm}. */
export interface InviteFormProps {
  orgId: string;
  /** `permissions.canManageAdmins`: owners may invite any role, admins only staff. */
  canManageAdmins: boolean;
}

/**
 * "Invite someone": a phone number (as a person types it; the server reads it
 * as Indian unless it starts with + and a country code) and a role ->
 * `POST /api/orgs/:orgId/invites`. The person joins once they accept the
 * invite in Rally, whether or not they already use it (docs/decisions/009).
 * Admins can pick only "Staff".
 */
export function InviteForm({ orgId, canManageAdmins }: InviteFormProps) {
  const { t } = useTranslation();
  const invite = useInviteMember(orgId);
  const [formError, setFormError] = useState<unknown>(null);
  const roles: readonly OrgRole[] = canManageAdmins ? ['staff', 'admin', 'owner'] : ['staff'];
  const form = useForm({ initialValues: { phoneNumber: '', role: 'staff' as OrgRole } });

  const submit = form.onSubmit(async (values) => {
    setFormError(null);
    const errors = await validateWithSchema(loadSchema, values);
    if (hasErrors(errors)) {
      form.setErrors(errors);
      return;
    }
    invite.mutate(
      { phoneNumber: values.phoneNumber.trim(), role: values.role },
      {
        onSuccess: ({ invite: sent }) => {
          const role = t(`org.role.${values.role}`);
          notify(t('invite.sent', { phone: sent.phoneNumber, role }));
          form.reset();
        },
        onError: (error) => {
          if (isApiError(error, 'invalid_phone')) {
            form.setFieldError('phoneNumber', describeError(t, error));
            return;
          }
          if (!applyServerFieldErrors(form, error, ['phoneNumber', 'role'])) setFormError(error);
        },
      },
    );
  });

  return (
    <form onSubmit={submit} onFocus={() => void loadSchema().catch(() => undefined)} noValidate>
      <Stack gap="md" maw={520}>
        <TextInput
          label={t('invite.phone')}
          description={t('invite.phoneHint')}
          type="tel"
          inputMode="tel"
          autoComplete="off"
          required
          maxLength={32}
          {...form.getInputProps('phoneNumber')}
        />
        <NativeSelect
          label={t('invite.role')}
          description={canManageAdmins ? t('invite.roleHint') : t('invite.staffOnlyHint')}
          data={roles.map((role) => ({ value: role, label: t(`org.role.${role}`) }))}
          {...form.getInputProps('role')}
        />
        {formError !== null && <ErrorAlert error={formError} />}
        <Button type="submit" loading={invite.isPending} style={{ alignSelf: 'flex-start' }}>
          {t('invite.submit')}
        </Button>
      </Stack>
    </form>
  );
}
