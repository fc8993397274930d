import type { OrgDetail } from '@rally/shared/programs';
import { Skeleton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../components/error-alert';
import { downloadFailedError, lazyPart } from '../../lib/lazy-part';
import {
  OrgSettingsPage as OrgsSettingsPage,
  type OrgSettingsSection,
} from '../../features/orgs/pages/org-settings-page';

// The formats editor (its form, pitch preview and schema) loads after the
// settings above it: most visits here are about members and invites.
const MatchFormatsSection = lazyPart(() =>
  import('../../features/matches/components/match-formats-section').then(
    (module) => module.MatchFormatsSection,
  ),
);

/**
 * An organisation's settings (route `org-settings`): the orgs feature's
 * sections (details, logo, members, invites, membership, danger zone) with
 * the org's match format templates (DESIGN.md §9, docs/decisions/030
 * "Formats") among them, for its members and for whoever may edit the org.
 */
export function OrgSettingsPage() {
  const { t } = useTranslation();
  const extraSections = ({ org, permissions }: OrgDetail): OrgSettingsSection[] =>
    org.role !== null || permissions.canEdit
      ? [
          {
            id: 'match-formats',
            title: t('matchFormats.title'),
            content: (
              <MatchFormatsSection
                orgId={org.id}
                fallback={<Skeleton height="8rem" radius="md" />}
                failed={(retry) => <ErrorAlert error={downloadFailedError} onRetry={retry} />}
              />
            ),
          },
        ]
      : [];
  return <OrgsSettingsPage extraSections={extraSections} />;
}
