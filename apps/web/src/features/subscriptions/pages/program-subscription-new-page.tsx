import { Alert, Anchor, Button, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { QueryState } from '../../../components/query-state';
import { useAuth } from '../../../lib/auth';
import { loginPathFor } from '../../../lib/login-path';
import { useProgramId } from '../../../lib/use-program-id';
import { publicProgramQueryOptions } from '../api';
import { JoinForm } from '../components/join-form';
import { PublicProgramSummary } from '../components/public-program-summary';

/**
 * The public join page (route `program-subscription-new`, no sign-in flag in
 * SPEC.md §2), from `GET /api/programs/:programId/public`: signed out it shows
 * the program and "Sign in to join" (login returns here); signed in, the
 * form to pick or add a profile and a plan, and each profile's status.
 * 404 (not an open/approval program the visitor may see) is the not-found page.
 */
export function ProgramSubscriptionNewPage() {
  const { t } = useTranslation();
  const { user, isLoading } = useAuth();
  const location = useLocation();
  const programId = useProgramId();
  const answer = useQuery({
    ...publicProgramQueryOptions(programId, user?.id ?? null),
    enabled: !isLoading,
  });
  return (
    <QueryState query={answer} notFoundIsPage>
      {(data) => (
        <Stack gap="lg" maw={640}>
          <PageTitle title={t('subscriptionNew.joinProgram', { program: data.program.name })} />
          <PublicProgramSummary data={data} />
          {data.program.joinPolicy === 'approval' && (
            <Alert color="blue" variant="light">
              {t('subscriptionNew.approvalNote')}
            </Alert>
          )}
          {data.viewer === null ? (
            <div>
              <Button component={Link} to={loginPathFor(location.pathname + location.search)}>
                {t('join.signInToJoin')}
              </Button>
            </div>
          ) : data.viewer.canJoin || data.viewer.canEnrolAnyone ? (
            <JoinForm data={data} viewer={data.viewer} />
          ) : (
            <Alert color="yellow">{t('subscriptionNew.inviteOnly')}</Alert>
          )}
          {data.viewer?.canEnrolAnyone && (
            <Anchor component={Link} to={`/programs/${encodeURIComponent(programId)}`}>
              {t('join.staffLink')}
            </Anchor>
          )}
        </Stack>
      )}
    </QueryState>
  );
}
