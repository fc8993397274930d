import { Alert } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconWifiOff } from '@tabler/icons-react';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsOnline } from '../../lib/online';
import { oldestShownAnswerAt } from '../query-persistence';

/**
 * The offline marker of the layout shell (docs/decisions/017): while the
 * browser is offline, a small banner says the page shows what was saved on
 * the device and when ("Offline — showing what was saved at 14:05": the
 * oldest answer now on screen, in the person's time of day). Hidden online.
 * Queued attendance marks and messages say the rest on their own pages.
 */
export function OfflineBanner() {
  const isOnline = useIsOnline();
  if (isOnline) return null;
  return <OfflineNotice />;
}

function OfflineNotice() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const savedAt = useSyncExternalStore(
    (listener) => queryClient.getQueryCache().subscribe(listener),
    () => oldestShownAnswerAt(queryClient),
  );
  const text =
    savedAt === null
      ? t('offline.savedEarlier')
      : t('offline.savedAt', {
          time: new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short' }).format(savedAt),
        });
  return (
    <Alert
      role="status"
      variant="light"
      color="gray"
      p="xs"
      icon={<IconWifiOff size={18} aria-hidden />}
      styles={{ message: { color: 'var(--mantine-color-text)' } }}
    >
      {text}
    </Alert>
  );
}
