import { Anchor } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { appRoutes } from '@rally/shared/routes';
import { Link, useMatch, useParams } from 'react-router';
import { useUnreadBadge } from '../../features/conversations/unread-badge';
import { programQueryOptions } from '../../features/programs/api';
import { publicProgramQueryOptions } from '../../features/subscriptions/api';
import { useAuth } from '../../lib/auth';
import { AreaNav, type AreaNavItem } from './area-nav';
import { AreaShell } from './area-shell';
import { programNavPages, programStanding, type ProgramNavPage } from './program-nav';

/** The path of the route whose page reads only the public program (SPEC.md §2 `program-subscription-new`). */
const JOIN_PATH = appRoutes.find((route) => route.name === 'program-subscription-new')!.path;

/**
 * Layout of the program area (SPEC.md §2: program and its attendance,
 * calendar, settings, conversations, subscriptions, new event): the program,
 * its organisation and the pages the caller may use (`programNavPages`).
 * The join page reads only `GET .../public` — an applicant does not see the
 * program itself, whose `GET` would answer 404 (docs/decisions/020) — and
 * shows the staff's tabs only to staff. Signed out (only the routes without a
 * sign-in flag get here) it shows no program data.
 */
export function ProgramLayout() {
  const { t } = useTranslation();
  const { programId = '' } = useParams();
  const { user } = useAuth();
  const isJoinPage = useMatch(JOIN_PATH) !== null;
  const detail = useQuery({
    ...programQueryOptions(programId),
    enabled: user !== null && !isJoinPage,
  });
  const joinPage = useQuery({
    ...publicProgramQueryOptions(programId, user?.id ?? null),
    enabled: isJoinPage,
  });
  const program = isJoinPage ? joinPage.data?.program : detail.data?.program;
  // On the join page staff (who may enrol anyone) keep their tabs; applicants get none.
  const pages = programNavPages(
    isJoinPage
      ? joinPage.data?.viewer?.canEnrolAnyone
        ? 'staff'
        : null
      : programStanding(detail.data?.permissions),
  );
  const base = `/programs/${encodeURIComponent(programId)}`;
  // The staff inbox's threads with unread messages badge "Conversations" (docs/decisions/007).
  const unread = useUnreadBadge('program', programId, pages.includes('conversations'));
  const items: Record<ProgramNavPage, AreaNavItem> = {
    overview: { label: t('program.nav.overview'), to: base },
    calendar: { label: t('program.nav.calendar'), to: `${base}/calendar` },
    attendance: { label: t('program.nav.attendance'), to: `${base}/attendance` },
    conversations: {
      label: t('program.nav.conversations'),
      to: `${base}/conversations`,
      badge: unread,
      badgeLabel: t('conversations.navUnread', { count: unread }),
    },
    settings: { label: t('program.nav.settings'), to: `${base}/settings` },
  };
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
      // Signed in, the program and its tabs come with the same answer.
      titlePending={user !== null && (isJoinPage ? joinPage.isPending : detail.isPending)}
      navigationPending={user !== null && !isJoinPage && detail.isPending}
      navigation={
        user && pages.length > 0 ? (
          <AreaNav label={t('program.area')} items={pages.map((page) => items[page])} />
        ) : undefined
      }
    />
  );
}
