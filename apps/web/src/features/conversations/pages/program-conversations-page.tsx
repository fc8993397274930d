import { Group, Stack, Tabs, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title';
import { QueryState } from '../../../components/query-state';
import { useProgramId } from '../../../lib/use-program-id';
import { programQueryOptions } from '../../programs/api';
import { AnnouncementButton } from '../components/announcement-button';
import { AnnouncementList } from '../components/announcement-list';
import { InboxView } from '../components/inbox-view';
import { NewMessageButton } from '../components/new-message-button';

/**
 * A program's inbox (route `program-conversations`, docs/decisions/007): for
 * the program's staff, every thread with a family newest first (search in
 * `?q=`, unread badges, live), "New message" to any enrolled profile
 * (found by name) and "Announcement" to all families or one event's roster;
 * a second tab lists the announcements sent (who, when, to whom, how many).
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
            <Tabs defaultValue="conversations" keepMounted={false}>
              <Tabs.List aria-label={t('programConversations.sectionsLabel')}>
                <Tabs.Tab value="conversations">
                  {t('programConversations.conversationsTab')}
                </Tabs.Tab>
                <Tabs.Tab value="announcements">
                  {t('programConversations.announcementsTab')}
                </Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="conversations" pt="md">
                <InboxView
                  scope="program"
                  ownerId={programId}
                  emptyText={t('programConversations.empty')}
                  actions={
                    detail.program.status === 'active' && (
                      <Group gap="xs">
                        <NewMessageButton programId={programId} />
                        <AnnouncementButton programId={programId} />
                      </Group>
                    )
                  }
                />
              </Tabs.Panel>
              <Tabs.Panel value="announcements" pt="md">
                <Stack gap="md">
                  {detail.program.status === 'active' && (
                    <Group>
                      <AnnouncementButton programId={programId} />
                    </Group>
                  )}
                  <AnnouncementList programId={programId} timeZone={detail.program.timeZone} />
                </Stack>
              </Tabs.Panel>
            </Tabs>
          ) : (
            <Text>{t('programConversations.familyHint')}</Text>
          )
        }
      </QueryState>
    </Stack>
  );
}
