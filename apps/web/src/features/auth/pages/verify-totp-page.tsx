import { TOTP } from '@rally/shared/auth';
import { REDIRECT_QUERY_PARAM } from '@rally/shared/constants';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CodePinInput } from '../../../components/code-pin-input';
import { ErrorAlert } from '../../../components/error-alert';
import { PageTitle } from '../../../components/page-title';
import { ApiError } from '../../../lib/api-client';
import { loginPathFor, safeRedirectTarget } from '../../../lib/login-path';
import { useTotpVerify } from '../api';
import { describeCodeError } from '../code-errors';
import { clearTotpChallenge, readTotpChallenge } from '../pending-sign-in';

/** Whether `error` ends this sign-in: the challenge is used, expired, unknown or burned. */
function endsSignIn(error: unknown): boolean {
  return (
    error instanceof ApiError && (error.code === 'invalid_token' || error.code === 'code_burned')
  );
}

/**
 * The authenticator-code page (route `auth-verify-totp`, the page SPEC.md
 * §1 hints at; DESIGN.md §3): after the phone code (or a sign-in link) of a
 * user with an authenticator app, asks for the app's 6-digit code, or one
 * of the recovery codes, and signs in (`POST /api/auth/totp/verify`) before
 * going on to `redirect`. The challenge comes from this tab's
 * sessionStorage, never the address; without one, or once the sign-in is
 * used up (finished, expired, 5 wrong codes), the page sends the person back
 * to phone sign-in.
 */
export function VerifyTotpPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const redirect = searchParams.get(REDIRECT_QUERY_PARAM);
  const [challenge] = useState(() => readTotpChallenge());
  const verify = useTotpVerify();
  const [mode, setMode] = useState<'app' | 'recovery'>('app');
  const [code, setCode] = useState('');
  const [recoveryCode, setRecoveryCode] = useState('');
  const [codeError, setCodeError] = useState<unknown>(null);

  if (!challenge) {
    return (
      <StartAgain
        redirect={redirect}
        title={t('verifyTotp.unknownTitle')}
        message={t('verifyTotp.unknown')}
      />
    );
  }
  if (endsSignIn(codeError)) {
    return (
      <StartAgain
        redirect={redirect}
        title={t('verifyTotp.startAgainTitle')}
        message={t('verifyTotp.startAgain')}
      />
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = mode === 'app' ? code : recoveryCode.replace(/[\s-]+/g, '');
    const complete = mode === 'app' ? /^\d{6}$/.test(value) : /^[0-9a-zA-Z]{12}$/.test(value);
    if (!complete) {
      setCodeError(mode === 'app' ? 'incomplete' : 'recoveryIncomplete');
      return;
    }
    setCodeError(null);
    verify.mutate(
      { challengeToken: challenge.challengeToken, code: value },
      {
        onSuccess: () => {
          clearTotpChallenge();
          void navigate(safeRedirectTarget(redirect), { replace: true });
        },
        onError: (error) => {
          if (endsSignIn(error)) clearTotpChallenge();
          setCodeError(error);
          setCode('');
        },
      },
    );
  };

  const problem = describeProblem();
  function describeProblem(): { title: string; message: string } | null {
    if (codeError === null) return null;
    if (codeError === 'incomplete') {
      return { title: t('verifyTotp.wrongTitle'), message: t('verifyTotp.incomplete') };
    }
    if (codeError === 'recoveryIncomplete') {
      return { title: t('verifyTotp.wrongTitle'), message: t('verifyTotp.recoveryIncomplete') };
    }
    if (codeError instanceof ApiError && codeError.code === 'invalid_code') {
      return { title: t('verifyTotp.wrongTitle'), message: codeError.message };
    }
    const known = describeCodeError(t, codeError);
    return known.isKnown ? known : null;
  }

  return (
    <Stack gap="md">
      <PageTitle title={t('verifyTotp.title')} />
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {mode === 'app' ? (
            <>
              <Text>{t('verifyTotp.intro')}</Text>
              <CodePinInput
                length={TOTP.digits}
                label={t('verifyTotp.codeLabel')}
                digitLabel={(position, total) => t('verifyTotp.digitLabel', { position, total })}
                value={code}
                onChange={setCode}
                isInvalid={problem !== null}
                autoFocus
              />
            </>
          ) : (
            <TextInput
              label={t('verifyTotp.recoveryLabel')}
              description={t('verifyTotp.recoveryHint')}
              value={recoveryCode}
              onChange={(event) => setRecoveryCode(event.currentTarget.value)}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              autoFocus
              ff="monospace"
              error={problem !== null}
            />
          )}
          {problem !== null ? (
            <Alert color="red" role="alert" title={problem.title}>
              {problem.message}
            </Alert>
          ) : codeError !== null ? (
            <ErrorAlert error={codeError} />
          ) : null}
          <Button type="submit" loading={verify.isPending} fullWidth>
            {t('verifyTotp.verify')}
          </Button>
        </Stack>
      </form>
      <Button
        variant="subtle"
        size="compact-sm"
        onClick={() => {
          setMode(mode === 'app' ? 'recovery' : 'app');
          setCodeError(null);
        }}
      >
        {mode === 'app' ? t('verifyTotp.useRecovery') : t('verifyTotp.useApp')}
      </Button>
      <Anchor component={Link} to={loginPathFor(redirect ?? undefined)} size="sm">
        {t('verify.useAnotherNumber')}
      </Anchor>
    </Stack>
  );
}

/** The page's end state: this sign-in cannot be finished, start again with the phone. */
function StartAgain(props: { redirect: string | null; title: string; message: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <PageTitle title={t('verifyTotp.title')} />
      <Alert color="yellow" role="alert" title={props.title}>
        {props.message}
      </Alert>
      <Button component={Link} to={loginPathFor(props.redirect ?? undefined)} fullWidth>
        {t('auth.signInWithPhone')}
      </Button>
    </Stack>
  );
}
