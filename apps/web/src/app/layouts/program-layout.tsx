import { Anchor } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useUnreadBadge } from '../../features/conversations/unread-badge';
import { programQueryOptions } from '../../features/programs/api';
import { useAuth } from '../../lib/auth';
import { AreaShell } from './area-shell';

/**
 * Layout of the program area (SPEC.md §2: program and its attendance,
 * calendar, settings, conversations, subscriptions, new event): the program,
 * its organisation and its pages. Signed out (only the routes without a
 * sign-in flag get here) it shows no program data.
 */
export function ProgramLayout() {
  const { t } = useTranslation();
  const { programId = '' } = useParams();
  const { user } = useAuth();
  const detail = useQuery({ ...programQueryOptions(programId), enabled: user !== null });
  const program = detail.data?.program;
  const base = `/programs/${encodeURIComponent(programId)}`;
  // The staff inbox's threads with unread messages badge "Conversations" (docs/decisions/007).
  const unread = useUnreadBadge(
    'program',
    programId,
    detail.data?.permissions.canViewRoster === true,
  );
  return (
    <AreaShell
      areaContext={
        program ? (
          <Anchor component={Link} to={`/orgs/${encodeURIComponent(program.orgId)}`} inherit>
            {program.orgName}
          </Anchor>
        ) : undefined
      }
      areaTitle={program?.name}
      navLabel={t('program.area')}
      nav={
        user
          ? [
              { label: t('program.nav.overview'), to: base },
              { label: t('program.nav.calendar'), to: `${base}/calendar` },
              { label: t('program.nav.attendance'), to: `${base}/attendance` },
              {
                label: t('program.nav.conversations'),
                to: `${base}/conversations`,
                badge: unread,
                badgeLabel: t('conversations.navUnread', { count: unread }),
              },
              { label: t('program.nav.settings'), to: `${base}/settings` },
            ]
          : undefined
      }
    />
  );
}
