import { recommendedBundleId } from '@rally/shared/client-config';
import { Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/query-state';
import { clientConfigQueryOptions } from '../../../lib/client-config';
import { useLiveUpdateStatus } from '../../../lib/live-update';
import { currentPlatform } from '../../../lib/platform';

/**
 * "App updates" on the account page: the package the config record `client`
 * recommends (SPEC.md §3, §4: the `{id}` of `bundle-{id}.zip`), whether
 * over-the-air updates are off, and what that means here — in a browser the
 * newest web version is always served; in the native app, which package runs
 * and whether the recommended one is ready for the next start. The record is
 * followed live (the root view's `config:client` subscription replaces the
 * cached record on `config.updated`), so a global admin's change shows
 * without a reload.
 */
export function AppUpdatesSection() {
  const { t } = useTranslation();
  const config = useQuery(clientConfigQueryOptions());
  const status = useLiveUpdateStatus();
  const [isNative] = useState(() => currentPlatform().isNative);
  return (
    <Stack gap="xs" component="section" aria-labelledby="app-updates-title">
      <Title order={2} size="h3" id="app-updates-title">
        {t('appUpdates.title')}
      </Title>
      <QueryState query={config}>
        {(record) => {
          const recommended = recommendedBundleId(record.url);
          return (
            <Stack gap={4} aria-live="polite">
              <Text size="sm">
                {recommended
                  ? t('appUpdates.recommended', { id: recommended })
                  : t('appUpdates.noneRecommended')}
              </Text>
              {record.disableLiveUpdate && <Text size="sm">{t('appUpdates.disabled')}</Text>}
              <Text size="sm" c="dimmed">
                {isNative
                  ? t('appUpdates.nativeCurrent', {
                      id: status.currentBundleId ?? t('appUpdates.builtIn'),
                    })
                  : t('appUpdates.browserNote')}
              </Text>
              {isNative && status.lastOutcome?.kind === 'updated' && (
                <Text size="sm">{t('appUpdates.nativeUpdated')}</Text>
              )}
              {isNative &&
                status.lastOutcome?.kind === 'skipped' &&
                status.lastOutcome.reason === 'rolled-back' && (
                  <Text size="sm">
                    {t('appUpdates.nativeRolledBack', {
                      id: status.lastOutcome.recommendedBundleId,
                    })}
                  </Text>
                )}
            </Stack>
          );
        }}
      </QueryState>
    </Stack>
  );
}
