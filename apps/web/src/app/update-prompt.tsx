import { Button, Group, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useWaitingUpdate } from './service-worker';

/**
 * The "Update available - reload" banner (docs/decisions/017): shown when a
 * new version of the web app is installed and waiting; nothing swaps under
 * the person until they tap "Reload", which activates the new service worker
 * and reloads the page. Fixed above the bottom edge, clear of the toasts'
 * position; the button is a 44 px tap target (WCAG 2.2 SC 2.5.8).
 */
export function UpdatePrompt() {
  const { t } = useTranslation();
  const waiting = useWaitingUpdate();
  if (!waiting) return null;
  return (
    <Paper
      role="status"
      aria-live="polite"
      shadow="md"
      withBorder
      p="sm"
      pos="fixed"
      left="50%"
      bottom={16}
      style={{ transform: 'translateX(-50%)', zIndex: 400, maxWidth: 'calc(100vw - 32px)' }}
    >
      <Group gap="sm" wrap="nowrap">
        <Text size="sm">{t('appUpdate.available')}</Text>
        <Button mih={44} onClick={() => void waiting.apply()}>
          {t('appUpdate.reload')}
        </Button>
      </Group>
    </Paper>
  );
}
