import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/page-title';

/**
 * The app-authentication start page (route `app-auth`, DESIGN.md §3): the
 * native app opens it in the system browser to sign in there and receive a
 * custom token back. That hand-over does not exist yet, so the page says so
 * plainly and offers phone sign-in in the browser.
 */
export function AppAuthPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <PageTitle title={t('appAuth.title')} />
      <Text>{t('appAuth.explanation')}</Text>
      <Alert color="yellow" title={t('appAuth.unavailableTitle')}>
        {t('appAuth.unavailable')}
      </Alert>
      <Button component={Link} to="/auth/login">
        {t('auth.signInWithPhone')}
      </Button>
    </Stack>
  );
}
