import type { ProgramDetail } from '@rally/shared/programs';
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { NotFound } from '../../../components/not-found';
import { PageTitle } from '../../../components/page-title';
import { LoadingLines } from '../../../components/query-state';
import { SignInPrompt } from '../../../components/sign-in-prompt';
import { isApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { programQueryOptions } from '../api';
import { EnrolForm } from '../components/enrol-form';
import { programPath, useProgramId } from '../use-program-id';

/**
 * Joining a program (route `program-subscription-new`, no sign-in flag in
 * SPEC.md §2): signed out it asks to sign in and come back. Signed in it shows
 * the program when the user may see it and enrols one of their profiles. An
 * `open` program's link works for enrolment even when the program itself is
 * not visible (docs/decisions/002); when the API answers 404 to the
 * enrolment too, the page shows the not-found content.
 */
export function ProgramSubscriptionNewPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const programId = useProgramId();
  const program = useQuery({ ...programQueryOptions(programId), enabled: user !== null });
  const [isMissing, setIsMissing] = useState(false);

  if (!user) {
    return (
      <Stack gap="md">
        <PageTitle title={t('subscriptionNew.title')} />
        <SignInPrompt message={t('subscriptionNew.signIn')} />
      </Stack>
    );
  }
  if (isMissing) return <NotFound />;
  if (program.isPending) return <LoadingLines />;
  if (program.isError && !isApiError(program.error, 'not_found')) {
    return <ErrorAlert error={program.error} onRetry={() => void program.refetch()} />;
  }
  const detail = program.data;
  return (
    <Stack gap="md" maw={560}>
      {detail ? (
        <ProgramSummary detail={detail} />
      ) : (
        <>
          <PageTitle title={t('subscriptionNew.title')} />
          <Text>{t('subscriptionNew.hiddenProgram')}</Text>
        </>
      )}
      {!detail ||
      detail.program.joinPolicy !== 'invite' ||
      detail.permissions.canManageSubscriptions ? (
        <EnrolForm
          programId={programId}
          programName={detail?.program.name ?? t('subscriptionNew.thisProgram')}
          onNotFound={() => setIsMissing(true)}
        />
      ) : (
        <Alert color="yellow">{t('subscriptionNew.inviteOnly')}</Alert>
      )}
    </Stack>
  );
}

function ProgramSummary({ detail }: { detail: ProgramDetail }) {
  const { t } = useTranslation();
  const { program, permissions } = detail;
  return (
    <>
      <PageTitle title={t('subscriptionNew.joinProgram', { program: program.name })} />
      <Text size="sm">
        <Anchor component={Link} to={programPath(program.id)}>
          {program.name}
        </Anchor>{' '}
        · {program.orgName}
        {program.location !== '' && ` · ${program.location}`}
      </Text>
      {program.description !== '' && (
        <Text style={{ whiteSpace: 'pre-wrap' }}>{program.description}</Text>
      )}
      {program.joinPolicy === 'approval' && !permissions.canManageSubscriptions && (
        <Text size="sm" c="dimmed">
          {t('subscriptionNew.approvalNote')}
        </Text>
      )}
    </>
  );
}
