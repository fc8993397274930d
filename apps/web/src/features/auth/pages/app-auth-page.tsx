import { appHandoffSchema, type AppHandoff } from '@rally/shared/auth';
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { PageTitle } from '../../../components/page-title';
import { isApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { leaveApp } from '../../../lib/leave-app';
import { loginPathFor } from '../../../lib/login-path';
import { useAppHandoff, useAppRedirectCheck } from '../api';

/** sessionStorage key: this tab sent the person to sign in for exactly this app request. */
const SIGN_IN_FOR_APP_KEY = 'rally.appHandoff';

/**
 * The app's request from the query (RFC 6749 §4.1.1 names, RFC 7636 §4.3):
 * `code_challenge`, `code_challenge_method` (S256 only), `state` and
 * `redirect_uri`; null when something is missing or malformed.
 */
function readRequest(searchParams: URLSearchParams): AppHandoff | null {
  const parsed = appHandoffSchema.safeParse({
    codeChallenge: searchParams.get('code_challenge') ?? '',
    codeChallengeMethod: searchParams.get('code_challenge_method') ?? 'S256',
    state: searchParams.get('state') ?? '',
    redirectUri: searchParams.get('redirect_uri') ?? '',
  });
  return parsed.success ? parsed.data : null;
}

function rememberSignInFor(search: string): void {
  try {
    sessionStorage.setItem(SIGN_IN_FOR_APP_KEY, search);
  } catch {
    // Without storage the page asks "Continue to the app?" after sign-in instead.
  }
}

/** Whether this tab itself sent the person to sign in for `search` (then no second question); forgets it. */
function takeSignInFor(search: string): boolean {
  try {
    const saved = sessionStorage.getItem(SIGN_IN_FOR_APP_KEY);
    sessionStorage.removeItem(SIGN_IN_FOR_APP_KEY);
    return saved === search;
  } catch {
    return false;
  }
}

/**
 * The app-authentication start page (route `app-auth`, SPEC.md §2;
 * DESIGN.md §3, RFC 8252 with PKCE S256): the native app opens it in the
 * system browser with `code_challenge`, `code_challenge_method=S256`,
 * `state` and `redirect_uri`. An incomplete request or a redirect URI that
 * is not the app's own is refused before anyone signs in. Signed out, the
 * person signs in here (phone code, then authenticator code when they have
 * one) and comes back to go on at once; with a live browser session the
 * page asks "Continue to the Rally app as +91...?" first, so a page that
 * opened this address cannot hand the session over unseen. Continuing mints
 * a 2-minute token bound to the challenge (`POST /api/auth/app-handoff`) and
 * sends the browser to the app's redirect URI with the token and `state`.
 */
export function AppAuthPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const [appRequest] = useState(() => readRequest(searchParams));
  const check = useAppRedirectCheck(appRequest?.redirectUri ?? null);
  const { user, signOut } = useAuth();
  const handoff = useAppHandoff();
  const [openedApp, setOpenedApp] = useState(false);
  const started = useRef(false);
  const returnTo = `${location.pathname}${location.search}`;

  const goToApp = () =>
    appRequest &&
    handoff.mutate(appRequest, {
      onSuccess: (answer) => {
        setOpenedApp(true);
        leaveApp(answer.location);
      },
    });

  const signInAgain = async () => {
    rememberSignInFor(location.search);
    if (user) await signOut();
    void navigate(loginPathFor(returnTo), { replace: true });
  };

  const allowed = check.data?.allowed === true;
  useEffect(() => {
    if (!allowed || started.current) return;
    if (!user) {
      started.current = true;
      rememberSignInFor(location.search);
      void navigate(loginPathFor(returnTo), { replace: true });
    } else if (takeSignInFor(location.search)) {
      // Back from signing in for this very request: no second question.
      started.current = true;
      goToApp();
    }
    // Runs when the check answers; the request and the user are fixed for the page's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [allowed]);

  let body;
  if (!appRequest) {
    body = (
      <Alert color="yellow" role="alert" title={t('appAuth.invalidTitle')}>
        {t('appAuth.invalid')}
      </Alert>
    );
  } else if (check.isPending || (allowed && !user)) {
    body = <Waiting text={t('appAuth.checking')} />;
  } else if (check.isError) {
    body = <ErrorAlert error={check.error} onRetry={() => void check.refetch()} />;
  } else if (!allowed) {
    body = (
      <Alert color="red" role="alert" title={t('appAuth.refusedTitle')}>
        {t('appAuth.refused')}
      </Alert>
    );
  } else if (openedApp) {
    body = (
      <Stack gap="sm" role="status">
        <Waiting text={t('appAuth.opening')} />
        <Text size="sm" c="dimmed">
          {t('appAuth.openingHint')}
        </Text>
      </Stack>
    );
  } else if (isApiError(handoff.error, 'totp_required')) {
    body = (
      <>
        <Alert color="yellow" role="alert" title={t('appAuth.totpTitle')}>
          {t('appAuth.totp')}
        </Alert>
        <Button onClick={() => void signInAgain()}>{t('appAuth.signInAgain')}</Button>
      </>
    );
  } else {
    body = (
      <>
        <Text fw={600}>{t('appAuth.continueQuestion', { phone: user?.phoneNumber ?? '' })}</Text>
        <Text size="sm" c="dimmed">
          {t('appAuth.continueHint')}
        </Text>
        {handoff.error ? <ErrorAlert error={handoff.error} /> : null}
        <Button onClick={goToApp} loading={handoff.isPending} fullWidth>
          {t('appAuth.continue')}
        </Button>
        <Button variant="default" onClick={() => void signInAgain()} fullWidth>
          {t('appAuth.useAnother')}
        </Button>
      </>
    );
  }

  return (
    <Stack gap="md">
      <PageTitle title={t('appAuth.title')} />
      <Text>{t('appAuth.explanation')}</Text>
      {body}
    </Stack>
  );
}

function Waiting({ text }: { text: string }) {
  return (
    <Group gap="sm" role="status">
      <Loader size="sm" aria-hidden />
      <Text>{text}</Text>
    </Group>
  );
}
