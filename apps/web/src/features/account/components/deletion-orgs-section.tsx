import type { DeletionOrg } from '@rally/shared/account-deletion';
import { routePath } from '@rally/shared/routes';
import { Alert, Anchor, Badge, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * The deletion page's "In your organisations" (docs/decisions/025): a card
 * per organisation with the user's role ("Family" when only their profiles
 * are enrolled) and the live enrolments of their profiles ("Arjun · U12
 * Football"); "You leave {org}" for a member, and for its only owner a red
 * alert linking to the organisation's settings, where ownership is
 * transferred or the organisation deleted (the server refuses the deletion
 * until then).
 */
export function DeletionOrgsSection({ orgs }: { orgs: DeletionOrg[] }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" component="section" aria-labelledby="deletion-orgs-title">
      <Title order={2} size="h3" id="deletion-orgs-title">
        {t('deleteAccount.orgs.title')}
      </Title>
      {orgs.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('deleteAccount.orgs.none')}
        </Text>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {orgs.map((org) => (
            <Card component="li" key={org.orgId} withBorder padding="sm">
              <OrgCard org={org} />
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function OrgCard({ org }: { org: DeletionOrg }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Group gap="xs" wrap="wrap">
        <Text fw={600}>{org.name}</Text>
        <Badge variant="light" color={org.role === null ? 'gray' : 'blue'}>
          {org.role === null ? t('deleteAccount.orgs.family') : t(`org.role.${org.role}`)}
        </Badge>
      </Group>
      {org.enrolments.length > 0 && (
        <List
          size="sm"
          spacing={2}
          aria-label={t('deleteAccount.orgs.enrolments', { org: org.name })}
        >
          {org.enrolments.map((enrolment) => (
            <List.Item key={`${enrolment.profileId}:${enrolment.programId}`}>
              {t('deleteAccount.orgs.enrolment', {
                profile: enrolment.profileName,
                program: enrolment.programName,
              })}
            </List.Item>
          ))}
        </List>
      )}
      {org.isSoleOwner ? (
        <Alert color="red" icon={<IconAlertCircle aria-hidden />}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('deleteAccount.orgs.soleOwner', { org: org.name })}</Text>
            <Anchor component={Link} to={routePath('org-settings', { orgId: org.orgId })} size="sm">
              {t('deleteAccount.orgs.openSettings', { org: org.name })}
            </Anchor>
          </Stack>
        </Alert>
      ) : (
        org.role !== null && (
          <Text size="sm">{t('deleteAccount.orgs.leave', { org: org.name })}</Text>
        )
      )}
    </Stack>
  );
}

/**
 * The deletion page's "What organisations keep" (docs/decisions/025):
 * attendance, dues and match records stay as "Former member" with no name
 * or phone; sent messages stay in their conversations from "Former member"
 * (as Slack keeps a deactivated member's messages), so the person deletes
 * first any message they don't want kept.
 */
export function WhatOrgsKeepSection() {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" component="section" aria-labelledby="deletion-keeps-title">
      <Title order={2} size="h3" id="deletion-keeps-title">
        {t('deleteAccount.keeps.title')}
      </Title>
      <List size="sm" spacing="xs">
        <List.Item>{t('deleteAccount.keeps.records')}</List.Item>
        <List.Item>{t('deleteAccount.keeps.messages')}</List.Item>
      </List>
      <Text size="sm" fw={600}>
        {t('deleteAccount.keeps.deleteMessages')}
      </Text>
    </Stack>
  );
}
