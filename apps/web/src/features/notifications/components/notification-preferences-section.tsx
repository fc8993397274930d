import type { NotificationPreferences } from '@rally/shared/notifications';
import { Stack, Switch, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { QueryState } from '../../../components/query-state';
import { notificationPreferencesQueryOptions, useUpdateNotificationPreferences } from '../api';
import { PushSection } from './push-section';

/** The four preferences, in the order the page lists them. */
const PREFERENCES: readonly (keyof NotificationPreferences)[] = [
  'messages',
  'announcements',
  'eventChanges',
  'enrolments',
];

/**
 * The account page's "Notifications" section (docs/decisions/007): one
 * switch per kind of in-app notification, each with what it covers; a
 * change is saved at once (`PUT /api/notifications/preferences`). The same
 * kinds reach this device as push notifications once they are turned on
 * here (`PushSection`).
 */
export function NotificationPreferencesSection() {
  const { t } = useTranslation();
  const preferences = useQuery(notificationPreferencesQueryOptions());
  const update = useUpdateNotificationPreferences();
  return (
    <Stack gap="sm" component="section" aria-labelledby="notification-preferences-title">
      <Title order={2} size="h3" id="notification-preferences-title">
        {t('notificationPreferences.title')}
      </Title>
      <Text size="sm">{t('notificationPreferences.intro')}</Text>
      <PushSection />
      <QueryState query={preferences}>
        {(current) => {
          const shown =
            update.isPending && update.variables ? { ...current, ...update.variables } : current;
          return (
            <Stack gap="md">
              {PREFERENCES.map((key) => (
                <Switch
                  key={key}
                  checked={shown[key]}
                  onChange={(event) => update.mutate({ [key]: event.currentTarget.checked })}
                  label={t(`notificationPreferences.${key}.label`)}
                  description={t(`notificationPreferences.${key}.description`)}
                />
              ))}
              {update.isError && <ErrorAlert error={update.error} />}
            </Stack>
          );
        }}
      </QueryState>
    </Stack>
  );
}
