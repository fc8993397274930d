import { profilesRoutes } from '@rally/shared/api/profiles';
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { QueryState } from '../../../components/query-state';
import { request } from '../../../lib/api-request';
import { useAuth } from '../../../lib/auth';

/** `GET /api/profiles`: the profiles the signed-in user manages. */
const profilesQuery = queryOptions({
  queryKey: ['profiles', 'mine'] as const,
  queryFn: ({ signal }) => request(profilesRoutes.list, { signal }),
});

/**
 * Deleting the account (route `delete-account`): what the account holds (the
 * phone number and the profiles it manages). The API cannot delete accounts
 * yet, so the page says so rather than offering a button that would fail.
 */
export function DeleteAccountPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const profiles = useQuery(profilesQuery);
  if (!user) return null;
  return (
    <Stack gap="md" maw={560}>
      <PageTitle title={t('deleteAccount.title')} />
      <Text>{t('deleteAccount.intro', { phone: user.phoneNumber })}</Text>
      <QueryState query={profiles}>
        {({ profiles: list }) =>
          list.length === 0 ? (
            <Text c="dimmed">{t('deleteAccount.noProfiles')}</Text>
          ) : (
            <Stack component="ul" gap={4} pl="md" m={0}>
              {list.map((profile) => (
                <li key={profile.id}>
                  {profile.displayName}{' '}
                  <Text span size="sm" c="dimmed">
                    ({t(`profileSettings.relationshipValue.${profile.relationship}`)})
                  </Text>
                </li>
              ))}
            </Stack>
          )
        }
      </QueryState>
      <Alert color="yellow" title={t('deleteAccount.unavailableTitle')}>
        {t('deleteAccount.unavailable')}
      </Alert>
      <Anchor component={Link} to="/account">
        {t('deleteAccount.back')}
      </Anchor>
    </Stack>
  );
}
