import { Button, Stack, Text, Title } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsOnline } from '../lib/online';

/** Props of {@link PageUnavailable}. */
export interface PageUnavailableProps {
  /** Tries the download again (the "Try again" button, and by itself when the connection returns). */
  onRetry: () => void;
}

/**
 * What a page (or layout) whose code failed to download shows instead of a
 * blank screen, inside the layout so the header and navigation stay
 * (docs/decisions/017): offline, "You're offline" and that the page opens by
 * itself when the connection returns; online, that it didn't download, with
 * "Try again". Whenever the browser comes back online it retries by itself.
 */
export function PageUnavailable({ onRetry }: PageUnavailableProps) {
  const { t } = useTranslation();
  const isOnline = useIsOnline();

  useEffect(() => {
    window.addEventListener('online', onRetry);
    return () => window.removeEventListener('online', onRetry);
  }, [onRetry]);

  return (
    <Stack gap="md" align="flex-start" py="lg" role="alert">
      <IconWifiOff size={32} aria-hidden />
      <Title order={1} size="h3">
        {isOnline ? t('offline.pageFailedTitle') : t('offline.pageTitle')}
      </Title>
      <Text>{isOnline ? t('offline.pageFailedBody') : t('offline.pageBody')}</Text>
      <Button mih={44} onClick={onRetry}>
        {t('actions.retry')}
      </Button>
    </Stack>
  );
}
