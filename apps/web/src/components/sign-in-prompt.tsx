import { Button, Card, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { loginPathFor } from '../lib/login-path';

/** Props of {@link SignInPrompt}. */
export interface SignInPromptProps {
  /** Why signing in is needed here, e.g. "Sign in to create an event." */
  message: string;
}

/**
 * Asks a signed-out visitor to sign in, with a button to login that returns to
 * the current full path (`?redirect=`). Used by the routes without a sign-in
 * flag (SPEC.md §2: program-event-new, program-subscription-new).
 */
export function SignInPrompt({ message }: SignInPromptProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const to = loginPathFor(location.pathname + location.search + location.hash);
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm" align="flex-start">
        <Text>{message}</Text>
        <Button component={Link} to={to}>
          {t('auth.signIn')}
        </Button>
      </Stack>
    </Card>
  );
}
