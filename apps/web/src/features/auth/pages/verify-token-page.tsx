import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/page-title';

/**
 * The custom-token sign-in page (route `verify-token`, DESIGN.md §3): a link
 * from the native app or a message signs the person in. The exchange endpoint
 * does not exist yet, so the page says so plainly and offers phone sign-in.
 */
export function VerifyTokenPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <PageTitle title={t('verifyToken.title')} />
      <Text>{t('verifyToken.explanation')}</Text>
      <Alert color="yellow" title={t('verifyToken.unavailableTitle')}>
        {t('verifyToken.unavailable')}
      </Alert>
      <Button component={Link} to="/auth/login">
        {t('auth.signInWithPhone')}
      </Button>
    </Stack>
  );
}
