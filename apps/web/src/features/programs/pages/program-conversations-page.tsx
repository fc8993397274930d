import { Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title';
import { QueryState } from '../../../components/query-state';
import { AnnouncementButton } from '../../conversations/components/announcement-button';
import { InboxView } from '../../conversations/components/inbox-view';
import { NewMessageButton } from '../../conversations/components/new-message-button';
import { programQueryOptions } from '../api';
import { useProgramId } from '../use-program-id';

/**
 * A program's inbox (route `program-conversations`, docs/decisions/007): for
 * the program's staff, every thread with a family newest first (search in
 * `?q=`, unread badges, live), "New message" to an enrolled profile without
 * a thread and "Announcement" to all families or one event's roster.
 * Families find their threads on their profile's pages.
 */
export function ProgramConversationsPage() {
  const { t } = useTranslation();
  const programId = useProgramId();
  const program = useQuery(programQueryOptions(programId));
  return (
    <Stack gap="md">
      <PageTitle title={t('programConversations.title')} />
      <QueryState query={program} notFoundIsPage>
        {(detail) =>
          detail.permissions.canViewRoster ? (
            <InboxView
              scope="program"
              ownerId={programId}
              emptyText={t('programConversations.empty')}
              actions={(withoutThread) =>
                detail.program.status === 'active' && (
                  <Group gap="xs">
                    <NewMessageButton programId={programId} profiles={withoutThread} />
                    <AnnouncementButton programId={programId} />
                  </Group>
                )
              }
            />
          ) : (
            <Text>{t('programConversations.familyHint')}</Text>
          )
        }
      </QueryState>
    </Stack>
  );
}
