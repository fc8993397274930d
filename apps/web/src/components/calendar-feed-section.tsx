import type { CalendarFeedAnswer } from '@rally/shared/feeds';
import { Anchor, Button, CopyButton, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconBrandGoogle, IconCalendarPlus, IconCheck, IconCopy } from '@tabler/icons-react';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../lib/api-client';
import { ConfirmModal } from './confirm-modal';
import { ErrorAlert } from './error-alert';
import { LoadingLines } from './query-state';
import { publicOrigin } from '../lib/native-session';

/** The addresses of one feed: the absolute web URL, its `webcal://` twin, and Google Calendar's "add by URL" link. */
export interface FeedUrls {
  https: string;
  webcal: string;
  google: string;
}

/**
 * The addresses of the feed at `path` (`/api/feeds/{token}.ics`) on `origin`
 * (this site; the API's in the native app): calendar apps subscribe to `webcal://` (RFC 5545 feeds over
 * HTTP), Google Calendar through `calendar/r?cid=<webcal URL>`.
 */
export function feedUrls(path: string, origin: string = publicOrigin()): FeedUrls {
  const https = new URL(path, origin).toString();
  const webcal = https.replace(/^https?:/, 'webcal:');
  return {
    https,
    webcal,
    google: `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(webcal)}`,
  };
}

/** Props of {@link CalendarFeedSection}. */
export interface CalendarFeedSectionProps {
  /** `GET .../calendar-feed`; a 403/404 (not a manager) hides the section. */
  query: UseQueryResult<CalendarFeedAnswer>;
  /** `POST .../calendar-feed`: makes the feed, or rotates its secret. */
  rotate: UseMutationResult<CalendarFeedAnswer, unknown, void>;
  /** What the feed holds, e.g. "Kabir Rao's events". */
  intro: string;
}

/**
 * "Subscribe in your calendar app" (docs/decisions/006): a private feed address to copy,
 * open in Apple Calendar / Outlook (`webcal://`) or add to Google Calendar,
 * a warning that anyone with the link sees the events, and "Get a new link"
 * (after a confirmation: the old link stops working). Until a feed exists,
 * one button makes it. Shared by the profile and program calendars.
 */
export function CalendarFeedSection({ query, rotate, intro }: CalendarFeedSectionProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const [isConfirming, setIsConfirming] = useState(false);

  if (query.isError && isApiError(query.error) && [403, 404].includes(query.error.status)) {
    return null;
  }

  const body = () => {
    if (query.isPending) return <LoadingLines />;
    if (query.isError)
      return <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />;
    const { feed } = query.data;
    if (!feed) {
      return (
        <Stack gap="xs" align="flex-start">
          {rotate.isError && <ErrorAlert error={rotate.error} />}
          <Button
            variant="light"
            leftSection={<IconCalendarPlus size={18} aria-hidden />}
            loading={rotate.isPending}
            onClick={() => rotate.mutate()}
          >
            {t('calendarFeed.create')}
          </Button>
        </Stack>
      );
    }
    const urls = feedUrls(feed.path);
    return (
      <Stack gap="xs">
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            style={{ flex: 1, minWidth: 0 }}
            label={t('calendarFeed.link')}
            value={urls.https}
            readOnly
            onFocus={(event) => event.currentTarget.select()}
          />
          <CopyButton value={urls.https}>
            {({ copied, copy }) => (
              <Button
                variant={copied ? 'filled' : 'default'}
                color={copied ? 'teal' : undefined}
                leftSection={
                  copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />
                }
                onClick={copy}
              >
                {copied ? t('calendarFeed.copied') : t('calendarFeed.copy')}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Group gap="md">
          <Anchor href={urls.webcal}>{t('calendarFeed.openApple')}</Anchor>
          <Anchor href={urls.google} target="_blank" rel="noopener noreferrer">
            <Group gap={4} component="span" wrap="nowrap">
              <IconBrandGoogle size={16} aria-hidden />
              {t('calendarFeed.addGoogle')}
            </Group>
          </Anchor>
        </Group>
        <Text size="sm" c="dimmed">
          {t('calendarFeed.privacy')}
        </Text>
        <div>
          <Button variant="subtle" color="red" px={0} onClick={() => setIsConfirming(true)}>
            {t('calendarFeed.rotate')}
          </Button>
        </div>
        <ConfirmModal
          opened={isConfirming}
          title={t('calendarFeed.rotateTitle')}
          confirmLabel={t('calendarFeed.rotate')}
          isPending={rotate.isPending}
          error={rotate.error}
          onConfirm={() => rotate.mutate(undefined, { onSuccess: () => setIsConfirming(false) })}
          onClose={() => {
            setIsConfirming(false);
            rotate.reset();
          }}
        >
          {t('calendarFeed.rotateBody')}
        </ConfirmModal>
      </Stack>
    );
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId}>
        {t('calendarFeed.title')}
      </Title>
      <Text size="sm">{intro}</Text>
      {body()}
    </Stack>
  );
}
