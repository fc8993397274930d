import { Anchor, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { QueryState } from '../../../components/query-state';
import { profileQueryOptions } from '../api';
import { profilePath, useProfileId } from '../use-profile-id';

/**
 * A profile's conversations (route `profile-conversations`, DESIGN.md §2): one
 * per program the profile is in, with that program's staff.
 */
export function ProfileConversationsPage() {
  const { t } = useTranslation();
  const profileId = useProfileId();
  const profile = useQuery(profileQueryOptions(profileId));
  return (
    <Stack gap="md">
      <PageTitle title={t('profileConversations.title')} />
      <QueryState query={profile} notFoundIsPage>
        {({ profile: details, programs }) =>
          programs.length === 0 ? (
            <Text c="dimmed">{t('profileConversations.empty', { name: details.displayName })}</Text>
          ) : (
            <Stack gap="xs">
              <Text size="sm" c="dimmed">
                {t('profileConversations.intro', { name: details.displayName })}
              </Text>
              <Stack component="ul" gap="xs" pl="md" m={0}>
                {programs.map((program) => (
                  <li key={program.subscriptionId}>
                    <Anchor
                      component={Link}
                      to={profilePath(
                        profileId,
                        `/conversations/${encodeURIComponent(program.programId)}`,
                      )}
                    >
                      {program.programName}
                    </Anchor>{' '}
                    <Text span size="sm" c="dimmed">
                      · {program.orgName}
                    </Text>
                  </li>
                ))}
              </Stack>
            </Stack>
          )
        }
      </QueryState>
    </Stack>
  );
}
