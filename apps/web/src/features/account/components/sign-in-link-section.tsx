import type { SignInLink } from '@rally/shared/auth';
import { Alert, Button, CopyButton, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { QrCode } from '../../../components/qr-code';
import { dateTimeFormat } from '../../../lib/format';
import { useCreateSignInLink } from '../api';
import { publicOrigin } from '../../../lib/native-session';

/** True once `expiresAt` (ISO) has passed, re-rendering at that moment. */
function useHasExpired(expiresAt: string | undefined): boolean {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!expiresAt) return;
    const left = Date.parse(expiresAt) - Date.now();
    if (left <= 0) return;
    const timer = window.setTimeout(() => setNow(Date.now()), left + 50);
    return () => window.clearTimeout(timer);
  }, [expiresAt]);
  return expiresAt !== undefined && Date.parse(expiresAt) <= now;
}

/**
 * The account page's "Sign in on another device" (DESIGN.md §3): makes a
 * single-use sign-in link, valid 5 minutes (`POST /api/auth/sign-in-links`),
 * shown as a QR code to scan with the other device's camera and as an
 * address to copy, with a warning to open it only on one's own device.
 * When it expires the section says so and offers a new one.
 */
export function SignInLinkSection() {
  const { t, i18n } = useTranslation();
  const create = useCreateSignInLink();
  const [link, setLink] = useState<SignInLink | null>(null);
  const hasExpired = useHasExpired(link?.expiresAt);
  const url = link ? new URL(link.path, publicOrigin()).toString() : '';
  const make = () => create.mutate(undefined, { onSuccess: setLink });

  return (
    <Stack gap="sm" component="section" aria-labelledby="sign-in-link-title">
      <Title order={2} size="h3" id="sign-in-link-title">
        {t('signInLink.title')}
      </Title>
      <Text size="sm">{t('signInLink.intro')}</Text>
      {link && !hasExpired && (
        <Stack gap="sm">
          <QrCode
            value={url}
            label={t('signInLink.qrLabel')}
            failedMessage={t('signInLink.qrFailed')}
            size={200}
          />
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              label={t('signInLink.linkLabel')}
              value={url}
              readOnly
              onFocus={(event) => event.currentTarget.select()}
              style={{ flex: 1 }}
            />
            <CopyButton value={url}>
              {({ copied, copy }) => (
                <Button
                  variant="default"
                  onClick={copy}
                  leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                >
                  {copied ? t('signInLink.copied') : t('signInLink.copy')}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Alert color="yellow" title={t('signInLink.warningTitle')}>
            {t('signInLink.warning', {
              time: dateTimeFormat(i18n.language, { timeStyle: 'short' }).format(
                new Date(link.expiresAt),
              ),
            })}
          </Alert>
        </Stack>
      )}
      {link && hasExpired && <Text c="dimmed">{t('signInLink.expired')}</Text>}
      {create.isError && <ErrorAlert error={create.error} />}
      {(!link || hasExpired) && (
        <Button
          variant="default"
          onClick={make}
          loading={create.isPending}
          style={{ alignSelf: 'flex-start' }}
        >
          {link ? t('signInLink.makeAnother') : t('signInLink.make')}
        </Button>
      )}
    </Stack>
  );
}
