import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { needsSecondFactor } from '@rally/shared/auth';
import { REDIRECT_QUERY_PARAM } from '@rally/shared/constants';
import type { TFunction } from 'i18next';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { PageTitle } from '../../../components/page-title';
import { ApiError } from '../../../lib/api-client';
import { loginPathFor, safeRedirectTarget } from '../../../lib/login-path';
import { useTokenExchange } from '../api';
import { codeVerifierFor, forgetCodeVerifier } from '../app-handoff';
import { saveTotpChallenge } from '../pending-sign-in';
import { verifyTotpPath } from '../sign-in-paths';

/** Title and sentence for a refused link, by the problem's `reason` (DESIGN.md §3). */
function refusal(t: TFunction, error: ApiError): { title: string; message: string } {
  switch (error.reason) {
    case 'used':
      return { title: t('verifyToken.usedTitle'), message: t('verifyToken.used') };
    case 'expired':
      return { title: t('verifyToken.expiredTitle'), message: t('verifyToken.expired') };
    default:
      return { title: t('verifyToken.unknownTitle'), message: t('verifyToken.unknown') };
  }
}

/**
 * The sign-in link page (route `verify-token`, SPEC.md §2, DESIGN.md §3):
 * exchanges the link's custom token for a session as soon as it opens
 * (`POST /api/auth/token`), takes the token out of the address bar and the
 * history, and goes on to `redirect` (a same-origin path) or home. A used,
 * expired or unknown link gets a page that says which and offers phone
 * sign-in; a network failure offers "Try again" (the token is not spent).
 * A user with an authenticator app goes on to its page. In the native app
 * it also finishes the browser sign-in (the handoff's return opens it with
 * the returned token, which it exchanges with its PKCE verifier).
 */
export function VerifyTokenPage() {
  const { t } = useTranslation();
  const { customToken = '' } = useParams();
  const [searchParams] = useSearchParams();
  const redirect = searchParams.get(REDIRECT_QUERY_PARAM);
  const navigate = useNavigate();
  const exchange = useTokenExchange();
  const started = useRef(false);

  const run = () =>
    exchange.mutate(
      // The app's own handoff token carries its PKCE verifier (docs/decisions/028).
      { customToken, codeVerifier: codeVerifierFor(customToken) },
      {
        onSuccess: (answer) => {
          forgetCodeVerifier(customToken);
          if (!needsSecondFactor(answer)) {
            void navigate(safeRedirectTarget(redirect), { replace: true });
            return;
          }
          // The link replaces the phone code, not the authenticator code (docs/decisions/024).
          saveTotpChallenge(answer);
          void navigate(verifyTotpPath(redirect), { replace: true });
        },
      },
    );

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // The token is a key to the account: keep it out of the history and of any later Referer.
    window.history.replaceState(window.history.state, '', '/auth/token/-');
    run();
    // Runs once per page: the token is single use.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const error = exchange.error;
  const isRefused = error instanceof ApiError && error.code === 'invalid_token';
  return (
    <Stack gap="md">
      <PageTitle title={t('verifyToken.title')} />
      {isRefused ? (
        <>
          <Alert color="yellow" role="alert" title={refusal(t, error).title}>
            {refusal(t, error).message}
          </Alert>
          <Button component={Link} to={loginPathFor(redirect ?? undefined)}>
            {t('auth.signInWithPhone')}
          </Button>
        </>
      ) : error ? (
        <>
          <ErrorAlert error={error} onRetry={run} />
          <Button component={Link} to={loginPathFor(redirect ?? undefined)} variant="default">
            {t('auth.signInWithPhone')}
          </Button>
        </>
      ) : (
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden />
          <Text>{t('verifyToken.signingIn')}</Text>
        </Group>
      )}
    </Stack>
  );
}
