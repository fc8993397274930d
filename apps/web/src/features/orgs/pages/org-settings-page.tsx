import type { Org } from '@rally/shared/orgs';
import type { OrgDetail } from '@rally/shared/programs';
import { Stack, Table, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { QueryState } from '../../../components/query-state';
import { useAuth } from '../../../lib/auth';
import { countryName } from '../../../lib/countries';
import { orgMembersQueryOptions, orgQueryOptions } from '../api';
import { DeleteOrgSection } from '../components/delete-org-section';
import { InviteForm } from '../components/invite-form';
import { MembersSection } from '../components/members-section';
import { MembershipSection } from '../components/membership-section';
import { OrgDetailsForm } from '../components/org-details-form';
import { OrgLogoSection } from '../components/org-logo-section';

/**
 * An organisation's settings (route `org-settings`). Each section shows only
 * to those whose `permissions` allow it: details and logo (owners, admins;
 * read-only for staff), members and pending invites (everyone; managing them
 * for owners and admins), "Invite someone" (owners and admins; `#invite`
 * scrolls to it), the caller's own membership (leave, transfer ownership) and
 * the danger zone (owners: delete the organisation). Sections of other
 * features come from `extraSections` (the route table composes them,
 * CONVENTIONS.md "pages that compose several features"), shown before the
 * caller's membership.
 */
export function OrgSettingsPage({ extraSections }: OrgSettingsPageProps = {}) {
  const { t } = useTranslation();
  const { orgId = '' } = useParams();
  const org = useQuery(orgQueryOptions(orgId));
  return (
    <Stack gap="md">
      <PageTitle title={t('orgSettings.title')} />
      <QueryState query={org} notFoundIsPage>
        {(detail) => <OrgSettings detail={detail} extraSections={extraSections} />}
      </QueryState>
    </Stack>
  );
}

/** A section another feature adds to the settings page (CONVENTIONS.md: composed by the route table). */
export interface OrgSettingsSection {
  /** The section's `id` (a `#id` link scrolls to it). */
  id: string;
  /** Its heading. */
  title: string;
  content: ReactNode;
}

/** Props of {@link OrgSettingsPage}. */
export interface OrgSettingsPageProps {
  /** The sections of other features for this organisation (none by default). */
  extraSections?: (detail: OrgDetail) => readonly OrgSettingsSection[];
}

function OrgSettings({
  detail,
  extraSections,
}: {
  detail: OrgDetail;
  extraSections: OrgSettingsPageProps['extraSections'];
}) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const { hash } = useLocation();
  const { org, permissions } = detail;
  const members = useQuery(orgMembersQueryOptions(org.id));
  const myUserId = user?.id ?? '';

  useEffect(() => {
    if (hash === '#invite') document.getElementById('invite')?.scrollIntoView();
  }, [hash]);

  return (
    <Stack gap="xl">
      <Section id="details" title={t('orgSettings.details')}>
        {permissions.canEdit ? <OrgDetailsForm org={org} /> : <OrgDetailsTable org={org} />}
      </Section>

      {permissions.canEdit && (
        <Section id="logo" title={t('orgSettings.logo.title')}>
          <OrgLogoSection org={org} />
        </Section>
      )}

      <Section id="members" title={t('members.title')}>
        <QueryState query={members}>
          {(list) => (
            <MembersSection
              orgId={org.id}
              orgName={org.name}
              members={list}
              permissions={permissions}
              myUserId={myUserId}
            />
          )}
        </QueryState>
      </Section>

      {permissions.canManageMembers && (
        <Section id="invite" title={t('invite.title')}>
          <InviteForm orgId={org.id} canManageAdmins={permissions.canManageAdmins} />
        </Section>
      )}

      {extraSections?.(detail).map((section) => (
        <Section key={section.id} id={section.id} title={section.title}>
          {section.content}
        </Section>
      ))}

      {org.role !== null && (
        <Section id="membership" title={t('membership.title')}>
          <MembershipSection org={org} members={members.data?.members} myUserId={myUserId} />
        </Section>
      )}

      {permissions.canDelete && (
        <Section id="danger" title={t('deleteOrg.section')}>
          <DeleteOrgSection org={org} />
        </Section>
      )}
    </Stack>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    // The scroll margin keeps a section reached by `#id` clear of the fixed 56 px header.
    <Stack
      gap="sm"
      component="section"
      id={id}
      aria-labelledby={`${id}-title`}
      style={{ scrollMarginTop: 72 }}
    >
      <Title order={2} size="h3" id={`${id}-title`}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function OrgDetailsTable({ org }: { org: Org }) {
  const { t, i18n } = useTranslation();
  return (
    <Table variant="vertical" layout="fixed" withTableBorder>
      <Table.Tbody>
        <Table.Tr>
          <Table.Th w={140}>{t('orgSettings.name')}</Table.Th>
          <Table.Td>{org.name}</Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th>{t('orgSettings.slug')}</Table.Th>
          <Table.Td>{org.slug}</Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th>{t('fields.timeZone')}</Table.Th>
          <Table.Td>{org.timeZone}</Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th>{t('orgSettings.country')}</Table.Th>
          <Table.Td>
            {countryName(org.country, i18n.language)} ({org.country})
          </Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th>{t('orgSettings.yourRole')}</Table.Th>
          <Table.Td>{org.role ? t(`org.role.${org.role}`) : t('orgSettings.noRole')}</Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}
