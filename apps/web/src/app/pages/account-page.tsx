import { Anchor, Button, Card, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DisplayNameForm } from '../../components/display-name-form';
import { ErrorAlert } from '../../components/error-alert';
import { PageTitle } from '../../components/page-title';
import { AppUpdatesSection } from '../../features/account/components/app-updates-section';
import { AuthenticatorSection } from '../../features/account/components/authenticator-section';
import { SessionsSection } from '../../features/account/components/sessions-section';
import { SignInLinkSection } from '../../features/account/components/sign-in-link-section';
import { NotificationPreferencesSection } from '../../features/notifications/components/notification-preferences-section';
import { useAuth, useSignOut } from '../../lib/auth';
import { notify } from '../../lib/notify';

/**
 * The account page (route `account`): the user's phone number and name (which
 * they can change, `PUT /api/account`), which in-app notifications they get,
 * app updates (the live config's recommended package; global admins only, who
 * set it — a parent has no use for a package id, docs/decisions/021), the
 * authenticator app asked for after the phone code (TOTP, DESIGN.md §3;
 * `#authenticator` scrolls to it), where they are signed in (sessions they
 * can end, DESIGN.md §3), a sign-in link for another device (link and QR
 * code), "Sign out", and the way to delete the account.
 */
export function AccountPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const signOut = useSignOut();
  if (!user) return null;

  return (
    <Stack gap="lg" maw={560}>
      <PageTitle title={t('account.title')} />
      <Card withBorder padding="lg">
        <Stack gap="md">
          <div>
            <Text size="sm" c="dimmed">
              {t('account.phone')}
            </Text>
            <Text fw={600}>{user.phoneNumber}</Text>
          </div>
          <DisplayNameForm
            initialName={user.displayName ?? ''}
            submitLabel={t('actions.save')}
            onSaved={() => notify(t('account.saved'))}
          />
        </Stack>
      </Card>
      <NotificationPreferencesSection />
      {user.isGlobalAdmin && <AppUpdatesSection />}
      <AuthenticatorSection />
      <SessionsSection />
      <SignInLinkSection />
      <Stack gap="sm" component="section">
        <Title order={2} size="h3">
          {t('account.sessionTitle')}
        </Title>
        <Text size="sm">{t('account.signOutHint')}</Text>
        {signOut.error && <ErrorAlert error={signOut.error} />}
        <Button
          variant="default"
          onClick={() => signOut.mutate()}
          loading={signOut.isPending}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('auth.signOut')}
        </Button>
      </Stack>
      <Stack gap="xs" component="section">
        <Title order={2} size="h3">
          {t('account.deleteTitle')}
        </Title>
        <Anchor component={Link} to="/account/delete" c="red">
          {t('account.deleteLink')}
        </Anchor>
      </Stack>
    </Stack>
  );
}
