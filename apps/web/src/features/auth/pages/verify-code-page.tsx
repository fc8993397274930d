import { PHONE_CODE, REDIRECT_QUERY_PARAM } from '@rally/shared/constants';
import { needsSecondFactor, type User } from '@rally/shared/auth';
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { CodePinInput } from '../../../components/code-pin-input';
import { DisplayNameForm } from '../../../components/display-name-form';
import { ErrorAlert } from '../../../components/error-alert';
import { PageTitle } from '../../../components/page-title';
import { isApiError } from '../../../lib/api-client';
import { loginPathFor, safeRedirectTarget } from '../../../lib/login-path';
import { notify } from '../../../lib/notify';
import { usePhoneStart, usePhoneVerify } from '../api';
import { describeCodeError } from '../code-errors';
import {
  clearPendingSignIn,
  readPendingSignIn,
  savePendingSignIn,
  saveTotpChallenge,
} from '../pending-sign-in';
import { verifyCodePath, verifyTotpPath } from '../sign-in-paths';
import { useCountdown } from '../../../lib/use-countdown';

/**
 * The code page (route `auth-verify-code`): the 6-digit code -> "Verify"
 * (`POST /api/auth/phone/verify`). Wrong, expired or burned codes and rate
 * limits get messages a person can act on; a new code can be asked for once
 * the 60 s cooldown is over. A user without a name is asked for it
 * ("What's your name?") before going to the `redirect` target. A
 * `verificationId` this tab never started (no pending sign-in in
 * sessionStorage, no phone number in the history state: a stale bookmark, a
 * link from elsewhere) is said to be unknown or expired, with a way back to
 * phone sign-in, instead of asking for a code (docs/decisions/021). A user
 * with an authenticator app goes on to its page (`/auth/verify-totp`,
 * DESIGN.md §3) with the sign-in challenge kept in this tab.
 */
export function VerifyCodePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { verificationId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const redirect = searchParams.get(REDIRECT_QUERY_PARAM);
  const target = safeRedirectTarget(redirect);
  const [pending] = useState(() => readPendingSignIn(verificationId));
  const statePhone = (location.state as { phoneNumber?: unknown } | null)?.phoneNumber;
  const phoneNumber = typeof statePhone === 'string' ? statePhone : pending?.phoneNumber;
  const [resendAt] = useState(
    () => pending?.resendAvailableAt ?? Date.now() + PHONE_CODE.resendCooldownMs,
  );
  const secondsToResend = useCountdown(resendAt);

  const verify = usePhoneVerify();
  const resend = usePhoneStart();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<unknown>(null);
  const [signedInUser, setSignedInUser] = useState<User | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code)) {
      setCodeError('incomplete');
      return;
    }
    setCodeError(null);
    verify.mutate(
      { verificationId, code },
      {
        onSuccess: (answer) => {
          clearPendingSignIn(verificationId);
          if (needsSecondFactor(answer)) {
            saveTotpChallenge(answer);
            void navigate(verifyTotpPath(redirect), { replace: true });
          } else if (answer.user.displayName === null) setSignedInUser(answer.user);
          else void navigate(target, { replace: true });
        },
        onError: (error) => {
          setCodeError(error);
          setCode('');
        },
      },
    );
  };

  const sendNewCode = () => {
    if (!phoneNumber) return;
    resend.mutate(
      { phoneNumber },
      {
        onSuccess: (answer) => {
          savePendingSignIn(answer.verificationId, {
            phoneNumber: answer.phoneNumber,
            resendAvailableAt: Date.now() + answer.resendAfterSeconds * 1000,
          });
          notify(t('verify.newCodeSent', { phone: answer.phoneNumber }));
          void navigate(verifyCodePath(answer.verificationId, redirect), {
            replace: true,
            state: { phoneNumber: answer.phoneNumber },
          });
        },
        onError: (error) => setCodeError(error),
      },
    );
  };

  if (!phoneNumber && !signedInUser) return <UnknownCodeRequest redirect={redirect} />;

  if (signedInUser) {
    return (
      <Stack gap="md">
        <PageTitle title={t('onboarding.title')} />
        <Text>{t('onboarding.intro')}</Text>
        <DisplayNameForm
          submitLabel={t('onboarding.continue')}
          onSaved={() => void navigate(target, { replace: true })}
        />
      </Stack>
    );
  }

  const problem = codeError === null ? null : describeCodeError(t, codeError);
  const isStartAgain = isApiError(codeError, 'not_found');
  return (
    <Stack gap="md">
      <PageTitle title={t('verify.title')} />
      <Text>
        {phoneNumber ? t('verify.sentTo', { phone: phoneNumber }) : t('verify.sentToYourPhone')}
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <CodePinInput
            length={PHONE_CODE.digits}
            label={t('verify.codeLabel')}
            digitLabel={(position, total) => t('verify.digitLabel', { position, total })}
            value={code}
            onChange={setCode}
            isInvalid={problem !== null}
            autoFocus
          />
          {problem !== null &&
            (problem.isKnown ? (
              <Alert color="red" role="alert" title={problem.title}>
                {problem.message}
              </Alert>
            ) : (
              <ErrorAlert error={codeError} />
            ))}
          <Button type="submit" loading={verify.isPending} fullWidth>
            {t('verify.verify')}
          </Button>
        </Stack>
      </form>
      <Group gap="xs" justify="space-between">
        {phoneNumber && !isStartAgain ? (
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={sendNewCode}
            disabled={secondsToResend > 0}
            loading={resend.isPending}
          >
            {secondsToResend > 0
              ? t('verify.resendIn', { count: secondsToResend })
              : t('verify.resend')}
          </Button>
        ) : (
          <span />
        )}
        <Anchor component={Link} to={loginPathFor(redirect ?? undefined)} size="sm">
          {t('verify.useAnotherNumber')}
        </Anchor>
      </Group>
    </Stack>
  );
}

/** What `/auth/verify-code/{id}` shows for a code request this tab does not know. */
function UnknownCodeRequest({ redirect }: { redirect: string | null }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <PageTitle title={t('verify.unknownRequest.title')} />
      <Text>{t('verify.unknownRequest.message')}</Text>
      <Button component={Link} to={loginPathFor(redirect ?? undefined)} fullWidth>
        {t('auth.signInWithPhone')}
      </Button>
    </Stack>
  );
}
