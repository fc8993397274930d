import { Anchor, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { QueryState } from '../../../components/query-state';
import { programQueryOptions, programSubscriptionsQueryOptions } from '../api';
import { programPath, useProgramId } from '../use-program-id';

/**
 * A program's conversations (route `program-conversations`, DESIGN.md §2: the
 * program's staff with one profile's family). Staff see one entry per enrolled
 * profile; families find theirs on their profile's pages.
 */
export function ProgramConversationsPage() {
  const { t } = useTranslation();
  const programId = useProgramId();
  const program = useQuery(programQueryOptions(programId));
  const isStaff =
    program.data?.permissions.canManageSubscriptions === true ||
    program.data?.permissions.canViewRoster === true;
  const subscriptions = useQuery({
    ...programSubscriptionsQueryOptions(programId),
    enabled: isStaff,
  });

  return (
    <Stack gap="md">
      <PageTitle title={t('programConversations.title')} />
      <QueryState query={program} notFoundIsPage>
        {() =>
          isStaff ? (
            <QueryState query={subscriptions}>
              {(list) =>
                list.length === 0 ? (
                  <Text c="dimmed">{t('programConversations.empty')}</Text>
                ) : (
                  <Stack component="ul" gap="xs" pl="md" m={0}>
                    {list.map((subscription) => (
                      <li key={subscription.id}>
                        <Anchor
                          component={Link}
                          to={programPath(
                            programId,
                            `/conversations/${encodeURIComponent(subscription.profileId)}`,
                          )}
                        >
                          {subscription.profileName}
                        </Anchor>
                      </li>
                    ))}
                  </Stack>
                )
              }
            </QueryState>
          ) : (
            <Text>{t('programConversations.familyHint')}</Text>
          )
        }
      </QueryState>
    </Stack>
  );
}
