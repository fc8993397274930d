import type { AccountSession } from '@rally/shared/auth';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconDeviceDesktop, IconDeviceMobile, IconDeviceTablet } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal, useConfirmTarget } from '../../../components/confirm-modal';
import { QueryState } from '../../../components/query-state';
import { dateTimeFormat } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { sessionsQueryOptions, useRevokeOtherSessions, useRevokeSession } from '../api';

/**
 * What a session is, in words: "Rally app on iOS", "Chrome on Android",
 * "Firefox", "A browser on Windows" or "An unknown device" when the user
 * agent said nothing.
 */
export function sessionLabel(t: TFunction, session: AccountSession): string {
  if (session.clientKind === 'app') {
    return session.os ? t('sessions.appOn', { os: session.os }) : t('sessions.app');
  }
  if (session.browser && session.os) {
    return t('sessions.browserOn', { browser: session.browser, os: session.os });
  }
  if (session.browser) return session.browser;
  if (session.os) return t('sessions.someBrowserOn', { os: session.os });
  return t('sessions.unknown');
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** "today", "yesterday", "3 days ago" (Intl.RelativeTimeFormat) by calendar days on this device. */
function daysAgo(instant: string, locale: string, now = new Date()): string {
  const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const days = Math.round((startOfDay(now) - startOfDay(new Date(instant))) / DAY_MS);
  return new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(-Math.max(0, days), 'day');
}

function DeviceIcon({ session }: { session: AccountSession }) {
  const Icon =
    session.deviceType === 'desktop'
      ? IconDeviceDesktop
      : session.deviceType === 'tablet'
        ? IconDeviceTablet
        : IconDeviceMobile;
  return <Icon aria-hidden size={24} stroke={1.5} />;
}

/**
 * The account page's "Where you're signed in" section (DESIGN.md §3): every
 * live session (browser or app and the platform from its user agent, when
 * it signed in, when it was last active), this device marked; "Sign out" of
 * another one, or of all others at once, each after a confirmation. A
 * revoked device needs a new code to get back in.
 */
export function SessionsSection() {
  const { t, i18n } = useTranslation();
  const sessions = useQuery(sessionsQueryOptions());
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const toRevoke = useConfirmTarget<AccountSession>();
  const [isConfirmingOthers, setIsConfirmingOthers] = useState(false);
  const signedIn = (instant: string) =>
    dateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(instant));

  return (
    <Stack gap="sm" component="section" aria-labelledby="sessions-title">
      <Title order={2} size="h3" id="sessions-title">
        {t('sessions.title')}
      </Title>
      <Text size="sm">{t('sessions.intro')}</Text>
      <QueryState query={sessions}>
        {(list) => {
          const others = list.filter((session) => !session.isCurrent);
          return (
            <Stack gap="sm">
              <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
                {list.map((session) => (
                  <Card component="li" key={session.id} withBorder padding="sm">
                    <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
                      <Group
                        gap="sm"
                        wrap="nowrap"
                        align="flex-start"
                        style={{ flex: 1, minWidth: 0 }}
                      >
                        <DeviceIcon session={session} />
                        <div>
                          <Group gap="xs">
                            <Text fw={600}>{sessionLabel(t, session)}</Text>
                            {session.isCurrent && (
                              <Badge variant="light">{t('sessions.thisDevice')}</Badge>
                            )}
                          </Group>
                          <Text size="sm" c="dimmed">
                            {t('sessions.times', {
                              signedIn: signedIn(session.createdAt),
                              active: daysAgo(session.lastUsedAt, i18n.language),
                            })}
                          </Text>
                        </div>
                      </Group>
                      {!session.isCurrent && (
                        <Button
                          variant="default"
                          size="xs"
                          style={{ flexShrink: 0 }}
                          onClick={() => {
                            revoke.reset();
                            toRevoke.open(session);
                          }}
                          aria-label={t('sessions.signOutOf', { device: sessionLabel(t, session) })}
                        >
                          {t('sessions.signOut')}
                        </Button>
                      )}
                    </Group>
                  </Card>
                ))}
              </Stack>
              {others.length > 0 && (
                <Button
                  variant="default"
                  color="red"
                  style={{ alignSelf: 'flex-start' }}
                  onClick={() => {
                    revokeOthers.reset();
                    setIsConfirmingOthers(true);
                  }}
                >
                  {t('sessions.signOutOthers')}
                </Button>
              )}
            </Stack>
          );
        }}
      </QueryState>
      <ConfirmModal
        opened={toRevoke.isOpen}
        title={t('sessions.confirmTitle', {
          device: toRevoke.target ? sessionLabel(t, toRevoke.target) : '',
        })}
        confirmLabel={t('sessions.signOut')}
        onClose={toRevoke.close}
        isPending={revoke.isPending}
        error={revoke.error}
        onConfirm={() => {
          if (!toRevoke.target) return;
          revoke.mutate(toRevoke.target.id, {
            onSuccess: () => {
              toRevoke.close();
              notify(t('sessions.signedOut'));
            },
          });
        }}
      >
        <Text size="sm">{t('sessions.confirmBody')}</Text>
      </ConfirmModal>
      <ConfirmModal
        opened={isConfirmingOthers}
        title={t('sessions.confirmOthersTitle')}
        confirmLabel={t('sessions.signOutOthers')}
        onClose={() => setIsConfirmingOthers(false)}
        isPending={revokeOthers.isPending}
        error={revokeOthers.error}
        onConfirm={() =>
          revokeOthers.mutate(undefined, {
            onSuccess: (count) => {
              setIsConfirmingOthers(false);
              notify(t('sessions.signedOutOthers', { count }));
            },
          })
        }
      >
        <Text size="sm">{t('sessions.confirmOthersBody')}</Text>
      </ConfirmModal>
    </Stack>
  );
}
