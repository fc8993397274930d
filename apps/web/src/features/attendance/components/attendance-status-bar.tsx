import type { AttendanceSummary } from '@rally/shared/attendance';
import { Alert, Button, Paper, SimpleGrid, Text } from '@mantine/core';
import { IconCloudOff, IconCloudUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { STATUS_COLORS } from './attendance-row';

const SUMMARY_ORDER = ['present', 'late', 'absent', 'excused', 'unmarked'] as const;

/** Props of {@link AttendanceSummaryBar}. */
export interface AttendanceSummaryBarProps {
  summary: AttendanceSummary;
}

/** Present / late / absent / excused / unmarked counts of an event, waiting marks included. */
export function AttendanceSummaryBar({ summary }: AttendanceSummaryBarProps) {
  const { t } = useTranslation();
  return (
    <SimpleGrid
      cols={5}
      spacing={4}
      role="group"
      aria-label={t('attendance.summary.label')}
      data-testid="attendance-summary"
    >
      {SUMMARY_ORDER.map((key) => (
        <Paper key={key} withBorder p={4} ta="center" radius="sm">
          <Text fw={700} size="lg" c={key === 'unmarked' ? undefined : STATUS_COLORS[key]}>
            {summary[key]}
          </Text>
          <Text size="xs" c="dimmed">
            {t(`attendance.summary.${key}`)}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/** Props of {@link SyncBanner}. */
export interface SyncBannerProps {
  /** Marks of this event waiting in the outbox. */
  waiting: number;
  isOffline: boolean;
  isSending: boolean;
  onSyncNow: () => void;
}

/**
 * Says how many marks wait to sync, in a live region so a screen reader hears
 * it change: offline ("Offline — 5 marks will sync when you're back online"),
 * saving, or waiting for a retry (with "Sync now"). Empty when all is synced.
 */
export function SyncBanner({ waiting, isOffline, isSending, onSyncNow }: SyncBannerProps) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite">
      {waiting > 0 &&
        (isOffline ? (
          <Alert role="none" color="orange" variant="light" icon={<IconCloudOff aria-hidden />}>
            {t('attendance.sync.offline', { count: waiting })}
          </Alert>
        ) : (
          <Alert role="none" color="blue" variant="light" icon={<IconCloudUpload aria-hidden />}>
            {isSending
              ? t('attendance.sync.saving', { count: waiting })
              : t('attendance.sync.waiting', { count: waiting })}
            {!isSending && (
              <div>
                <Button mt="xs" size="xs" variant="light" onClick={onSyncNow}>
                  {t('attendance.sync.now')}
                </Button>
              </div>
            )}
          </Alert>
        ))}
    </div>
  );
}
