import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { orgQueryOptions } from '../../features/orgs/api';
import { useAuth } from '../../lib/auth';
import { AreaNav } from './area-nav';
import { AreaShell } from './area-shell';

/** Layout of the organisation area (SPEC.md §2: org, org-settings): the org's name and its pages. */
export function OrgLayout() {
  const { t } = useTranslation();
  const { orgId = '' } = useParams();
  const { user } = useAuth();
  const org = useQuery({ ...orgQueryOptions(orgId), enabled: user !== null });
  const base = `/orgs/${encodeURIComponent(orgId)}`;
  return (
    <AreaShell
      areaContext={t('org.area')}
      areaTitle={org.data?.org.name}
      titlePending={org.isPending}
      navigation={
        <AreaNav
          label={t('org.area')}
          items={[
            { label: t('org.nav.overview'), to: base },
            { label: t('org.nav.settings'), to: `${base}/settings` },
          ]}
        />
      }
    />
  );
}
