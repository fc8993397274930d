import type { OrgRole } from '@rally/shared/orgs';
import { Button, NativeSelect, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useInviteMember } from '../api';
import { PhoneNumberInput } from '../../../components/phone-number-input';

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
  const roles: readonly OrgRole[] = canManageAdmins ? ['staff', 'admin', 'owner'] : ['staff'];
  const { form, formProps, formError } = useSchemaForm({
    initialValues: { phoneNumber: '', role: 'staff' as OrgRole },
    toBody: (values) => ({ phoneNumber: values.phoneNumber.trim(), role: values.role }),
    loadSchema,
    codeFields: { invalid_phone: 'phoneNumber' },
    mutation: invite,
    notice: ({ invite: sent }, { role }) =>
      t('invite.sent', { phone: sent.phoneNumber, role: t(`org.role.${role}`) }),
    onSuccess: () => form.reset(),
  });

  return (
    <form {...formProps}>
      <Stack gap="md" maw={520}>
        <PhoneNumberInput
          whose="other"
          label={t('invite.phone')}
          description={t('invite.phoneHint')}
          required
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
