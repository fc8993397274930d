import type { Announcement } from '@rally/shared/conversations';
import { routePath } from '@rally/shared/routes';
import { Anchor, Card, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryState } from '../../../components/query-state';
import { formatDateTime } from '../../../lib/format';
import { announcementsQueryOptions } from '../announcements-api';
import { LinkifiedText } from './linkified-text';

/** Props of {@link AnnouncementList}. */
export interface AnnouncementListProps {
  programId: string;
  /** The program's zone (IANA): when each was sent is said in it. */
  timeZone: string;
}

/**
 * The announcements staff sent in a program (docs/decisions/007), newest
 * first: the text, who sent it and when, whether it went to every family or
 * to one event's roster (linking to the event), and how many families it
 * reached. Each family reads it in its thread with the program.
 */
export function AnnouncementList({ programId, timeZone }: AnnouncementListProps) {
  const { t } = useTranslation();
  const list = useQuery(announcementsQueryOptions(programId));
  return (
    <QueryState query={list}>
      {(announcements) =>
        announcements.length === 0 ? (
          <Text c="dimmed">{t('conversations.announcements.empty')}</Text>
        ) : (
          <Stack
            component="ul"
            gap="sm"
            m={0}
            p={0}
            aria-label={t('conversations.announcements.listLabel')}
          >
            {announcements.map((announcement) => (
              <AnnouncementItem
                key={announcement.id}
                announcement={announcement}
                programId={programId}
                timeZone={timeZone}
              />
            ))}
          </Stack>
        )
      }
    </QueryState>
  );
}

function AnnouncementItem({
  announcement,
  programId,
  timeZone,
}: {
  announcement: Announcement;
  programId: string;
  timeZone: string;
}) {
  const { t } = useTranslation();
  const { event } = announcement;
  const sent = formatDateTime(announcement.createdAt, timeZone);
  return (
    <Card component="li" withBorder padding="sm" style={{ listStyle: 'none' }}>
      <Stack gap={6}>
        <Text size="sm" c="dimmed">
          {t('conversations.announcements.sentBy', {
            name: announcement.sender?.displayName ?? t('conversations.formerMember'),
            when: sent,
          })}
        </Text>
        <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          <LinkifiedText text={announcement.body} />
        </Text>
        <Text size="sm" c="dimmed">
          {event ? (
            <>
              {t('conversations.announcements.toEvent')}{' '}
              <Anchor
                component={Link}
                to={routePath('program-event', { programId, eventId: event.id })}
                size="sm"
              >
                {event.title}, {formatDateTime(event.startsAt, event.timeZone)}
              </Anchor>
            </>
          ) : announcement.eventId ? (
            t('conversations.announcements.toDeletedEvent')
          ) : (
            t('conversations.announcements.toAll')
          )}
          {' · '}
          {t('conversations.announcements.reached', { count: announcement.recipientCount })}
        </Text>
      </Stack>
    </Card>
  );
}
