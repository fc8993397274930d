import type { TotpStatus } from '@rally/shared/auth';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { QueryState } from '../../../components/query-state';
import { useSignOut } from '../../../lib/auth';
import { totpStatusQueryOptions } from '../../account/api';

/** Where the account page's authenticator section is (`AUTHENTICATOR_SECTION_ID`). */
const AUTHENTICATOR_SETUP_PATH = '/account#authenticator';

/** Props of {@link TotpRequiredPanel}. */
export interface TotpRequiredPanelProps {
  /** Loads the global-admin area again (the session has passed the step meanwhile). */
  onRetry: () => void;
}

/** A card with a heading, a sentence and one action. */
function Panel({ title, text, action }: { title: string; text: string; action: ReactNode }) {
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="totp-required-title">
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <IconShieldLock aria-hidden size={28} stroke={1.5} style={{ flexShrink: 0 }} />
          <Title order={2} size="h3" id="totp-required-title">
            {title}
          </Title>
        </Group>
        <Text>{text}</Text>
        {action}
      </Stack>
    </Card>
  );
}

/**
 * What the global-admin page shows when its API answered 403
 * `totp_required` (DESIGN.md §3: global admins must use an authenticator
 * app, and the admin area refuses a session that did not pass it), from
 * `GET /api/auth/totp`: no app yet -> "Set up an authenticator app" with a
 * link to `/account#authenticator`; an app but this session signed in
 * without it -> "Sign in again with your authenticator code", whose button
 * signs out (`POST /api/auth/signout`), after which the navigation guard
 * opens `/auth/login?redirect=/global-admin`; a session that has passed it
 * by now -> "Try again" (`onRetry`).
 */
export function TotpRequiredPanel({ onRetry }: TotpRequiredPanelProps) {
  const status = useQuery(totpStatusQueryOptions());
  return (
    <QueryState query={status}>
      {(current) => <StatusPanel status={current} onRetry={onRetry} />}
    </QueryState>
  );
}

function StatusPanel({ status, onRetry }: { status: TotpStatus; onRetry: () => void }) {
  const { t } = useTranslation();
  const signOut = useSignOut();

  if (!status.enabled) {
    return (
      <Panel
        title={t('admin.totpRequired.setUpTitle')}
        text={t('admin.totpRequired.setUp')}
        action={
          <Button
            component={Link}
            to={AUTHENTICATOR_SETUP_PATH}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('admin.totpRequired.setUpAction')}
          </Button>
        }
      />
    );
  }
  if (status.sessionVerified) {
    return (
      <Panel
        title={t('admin.totpRequired.verifiedTitle')}
        text={t('admin.totpRequired.verified')}
        action={
          <Button onClick={onRetry} style={{ alignSelf: 'flex-start' }}>
            {t('actions.retry')}
          </Button>
        }
      />
    );
  }

  // The guard sends the signed-out visitor to login with `?redirect=` this page (SPEC.md §2).
  return (
    <Panel
      title={t('admin.totpRequired.signInAgainTitle')}
      text={t('admin.totpRequired.signInAgain')}
      action={
        <Stack gap="sm">
          {signOut.error && <ErrorAlert error={signOut.error} />}
          <Button
            onClick={() => signOut.mutate()}
            loading={signOut.isPending}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('admin.totpRequired.signInAgainAction')}
          </Button>
        </Stack>
      }
    />
  );
}
