import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { currentPlatform } from '../../../lib/platform';
import {
  currentPushState,
  disablePush,
  enablePush,
  pushSupport,
  PushUnavailableError,
  ServiceWorkerNotReadyError,
  type PushState,
} from '../push';

/**
 * "On this device" of the account page's notifications (docs/decisions/029):
 * whether this browser or phone gets push notifications, with a button to
 * turn them on (asking permission) or off, and what to do when they are
 * blocked, need the web app installed (iOS), or cannot work here.
 */
export function PushSection() {
  const { t } = useTranslation();
  const [platform] = useState(currentPlatform);
  const support = pushSupport(platform);
  const [state, setState] = useState<PushState | 'checking'>('checking');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    if (support !== 'web' && support !== 'native') return;
    let live = true;
    currentPushState(platform).then(
      (next) => live && setState(next),
      () => live && setState('off'),
    );
    return () => {
      live = false;
    };
  }, [platform, support]);

  if (support === 'install-first' || support === 'unsupported') {
    return (
      <Text size="sm" c="dimmed">
        {t(
          support === 'install-first'
            ? 'notificationPreferences.device.installFirst'
            : 'notificationPreferences.device.unsupported',
        )}
      </Text>
    );
  }

  const run = (action: () => Promise<PushState>) => {
    setBusy(true);
    setError(null);
    action()
      .then(setState, (failure: unknown) => setError(failure))
      .finally(() => setBusy(false));
  };

  return (
    <Stack gap="xs" aria-live="polite">
      <Title order={3} size="h5">
        {t('notificationPreferences.device.title')}
      </Title>
      {state === 'checking' ? (
        <Group gap="xs">
          <Loader size="xs" aria-hidden />
          <Text size="sm">{t('notificationPreferences.device.checking')}</Text>
        </Group>
      ) : state === 'blocked' ? (
        <Alert color="yellow">
          {t(
            support === 'native'
              ? 'notificationPreferences.device.blockedApp'
              : 'notificationPreferences.device.blocked',
          )}
        </Alert>
      ) : (
        <Text size="sm">
          {t(
            state === 'on'
              ? 'notificationPreferences.device.on'
              : 'notificationPreferences.device.off',
          )}
        </Text>
      )}
      {error instanceof PushUnavailableError ? (
        <Alert color="yellow">{t('notificationPreferences.device.unavailable')}</Alert>
      ) : error instanceof ServiceWorkerNotReadyError ? (
        <Alert color="yellow">{t('notificationPreferences.device.notReady')}</Alert>
      ) : (
        error !== null && <ErrorAlert error={error} />
      )}
      {state === 'off' || state === 'blocked' ? (
        <Group>
          <Button loading={busy} onClick={() => run(() => enablePush(platform))}>
            {t('notificationPreferences.device.turnOn')}
          </Button>
        </Group>
      ) : (
        state === 'on' &&
        support === 'web' && (
          <Group>
            <Button
              variant="default"
              loading={busy}
              onClick={() => run(() => disablePush().then(() => 'off' as const))}
            >
              {t('notificationPreferences.device.turnOff')}
            </Button>
          </Group>
        )
      )}
    </Stack>
  );
}
