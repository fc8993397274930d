import type { AccountDeletionPreview } from '@rally/shared/account-deletion';
import { routePath } from '@rally/shared/routes';
import { Anchor, Button, List, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ConfirmModal } from '../../../components/confirm-modal';
import { ErrorAlert } from '../../../components/error-alert';
import { PageTitle } from '../../../components/page-title';
import { QueryState } from '../../../components/query-state';
import { forgetSignedInUser } from '../../../lib/auth';
import { LOGIN_PATH } from '../../../lib/login-path';
import { notify } from '../../../lib/notify';
import { deletionPreviewQueryOptions, useDeleteAccount } from '../api';
import { DeletionOrgsSection, WhatOrgsKeepSection } from '../components/deletion-orgs-section';
import { DeletionProfilesSection } from '../components/deletion-profiles-section';
import { DeletionVerifySection } from '../components/deletion-verify-section';
import {
  actionKey,
  deletionRequest,
  fieldId,
  phoneKey,
  placeDeletionError,
  validateDeletion,
  type DeletionFormValues,
  type FieldErrors,
  type ProfileChoice,
} from '../deletion-form';

/**
 * Deleting the account (route `delete-account`, docs/decisions/025), from
 * `GET /api/account/deletion`: what goes at once and what organisations
 * keep, the organisations (the only owner of one is sent to its settings
 * first), a choice for each child nobody else manages, the user's phone
 * code (and authenticator code), then "Delete my account" and a
 * confirmation.
 */
export function DeleteAccountPage() {
  const { t } = useTranslation();
  const preview = useQuery(deletionPreviewQueryOptions());
  return (
    <Stack gap="lg" maw={560}>
      <PageTitle title={t('deleteAccount.title')} />
      <QueryState query={preview}>{(data) => <DeleteAccountForm preview={data} />}</QueryState>
      <Anchor component={Link} to={routePath('account')}>
        {t('deleteAccount.back')}
      </Anchor>
    </Stack>
  );
}

const EMPTY_VALUES: DeletionFormValues = { choices: {}, sent: null, code: '', totpCode: '' };

/** Focuses the input of the field `key` (the first box or radio of a group). */
function focusField(key: string) {
  const element = document.getElementById(fieldId(key));
  const input = element?.matches('input, button') ? element : element?.querySelector('input');
  input?.focus();
}

/**
 * The form of the page. Nothing typed is lost on a refusal (or when the
 * preview is fetched again after a 409): each problem shows next to its
 * field, or in the alert above the button. On success the user is
 * forgotten on this device as after signing out (every session already
 * ended on the server), and the sign-in page replaces this one.
 */
function DeleteAccountForm({ preview }: { preview: AccountDeletionPreview }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const remove = useDeleteAccount();
  const [values, setValues] = useState(EMPTY_VALUES);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<unknown>(null);
  const [isConfirming, setIsConfirming] = useState(false);
  const [isDeleted, setIsDeleted] = useState(false);

  // Forgotten only once the sign-in page has replaced this one: navigations are
  // transitions that keep this page until the next one's code is there, and a
  // signed-out user on this page would be sent to sign in with `?redirect=` back here.
  useEffect(() => {
    if (!isDeleted) return;
    return () => void forgetSignedInUser(queryClient);
  }, [isDeleted, queryClient]);

  const update = (change: Partial<DeletionFormValues>, clears: string[]) => {
    setValues((current) => ({ ...current, ...change }));
    setErrors((current) => {
      const next = { ...current };
      for (const key of clears) delete next[key];
      return next;
    });
  };
  const setChoice = (profileId: string, choice: ProfileChoice) =>
    update({ choices: { ...values.choices, [profileId]: choice } }, [
      actionKey(profileId),
      phoneKey(profileId),
    ]);

  const askToConfirm = () => {
    setFailure(null);
    const problems = validateDeletion(t, preview, values);
    setErrors(problems);
    const first = Object.keys(problems)[0];
    if (first !== undefined) {
      focusField(first);
      return;
    }
    remove.reset();
    setIsConfirming(true);
  };

  const deleteAccount = () => {
    const { sent } = values;
    if (sent === null) return;
    remove.mutate(deletionRequest(preview, { ...values, sent }), {
      onSuccess: () => {
        setIsDeleted(true);
        notify(t('deleteAccount.deleted'));
        void navigate(LOGIN_PATH, { replace: true });
      },
      onError: (error) => {
        setIsConfirming(false);
        const placed = placeDeletionError(t, preview, error);
        setErrors(placed.fields);
        setFailure(placed.alert);
      },
    });
  };

  return (
    <Stack gap="xl">
      <Stack gap="xs">
        <Text>{t('deleteAccount.intro')}</Text>
        <List size="sm" spacing={2}>
          <List.Item>{t('deleteAccount.removesPhone', { phone: preview.phoneNumber })}</List.Item>
          <List.Item>{t('deleteAccount.removesName')}</List.Item>
          <List.Item>{t('deleteAccount.removesSessions')}</List.Item>
          {preview.totpEnabled && <List.Item>{t('deleteAccount.removesAuthenticator')}</List.Item>}
          <List.Item>{t('deleteAccount.removesFeeds')}</List.Item>
        </List>
        <Text fw={600}>{t('deleteAccount.permanent')}</Text>
        <Text size="sm">{t('deleteAccount.signUpAgain')}</Text>
      </Stack>
      <DeletionOrgsSection orgs={preview.orgs} />
      <DeletionProfilesSection
        profiles={preview.profiles}
        choices={values.choices}
        onChoiceChange={setChoice}
        errors={errors}
      />
      <WhatOrgsKeepSection />
      <DeletionVerifySection
        phoneNumber={preview.phoneNumber}
        totpEnabled={preview.totpEnabled}
        sent={values.sent}
        onSent={(sent) => update({ sent, code: '' }, ['code'])}
        code={values.code}
        onCodeChange={(code) => update({ code }, ['code'])}
        totpCode={values.totpCode}
        onTotpCodeChange={(totpCode) => update({ totpCode }, ['totpCode'])}
        errors={errors}
      />
      <Stack gap="sm">
        {failure !== null && <ErrorAlert error={failure} />}
        {!preview.canDelete && (
          <Text size="sm" c="dimmed" id="delete-account-blocked">
            {t('deleteAccount.blocked')}
          </Text>
        )}
        <Button
          color="red"
          onClick={askToConfirm}
          disabled={!preview.canDelete}
          aria-describedby={preview.canDelete ? undefined : 'delete-account-blocked'}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('deleteAccount.submit')}
        </Button>
      </Stack>
      <ConfirmModal
        opened={isConfirming}
        title={t('deleteAccount.confirmTitle')}
        confirmLabel={t('deleteAccount.confirm')}
        onClose={() => setIsConfirming(false)}
        isPending={remove.isPending}
        onConfirm={deleteAccount}
      >
        {t('deleteAccount.confirmBody')}
      </ConfirmModal>
    </Stack>
  );
}
