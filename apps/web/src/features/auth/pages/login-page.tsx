import { REDIRECT_QUERY_PARAM } from '@rally/shared/constants';
import { Alert, Anchor, Button, Divider, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { currentPlatform } from '../../../lib/platform';
import { startAppHandoff } from '../app-handoff';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { PageTitle } from '../../../components/page-title';
import { isApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { safeRedirectTarget } from '../../../lib/login-path';
import { usePhoneStart } from '../api';
import { savePendingSignIn } from '../pending-sign-in';
import { verifyCodePath } from '../sign-in-paths';
import { PhoneNumberInput } from '../../../components/phone-number-input';

// libphonenumber-js's metadata is most of this page's weight: load it when the
// visitor starts typing rather than before the first paint.
const loadPhoneParser = () => import('../phone');

/**
 * The login page (route `login`): phone number -> "Send code"
 * (`POST /api/auth/phone/start`) -> the code page, carrying `?redirect=` and
 * keeping the number for "Resend". In the native app it first offers
 * signing in through the system browser (the app handoff, RFC 8252;
 * docs/decisions/028), which reuses a session the browser already has.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const redirect = searchParams.get(REDIRECT_QUERY_PARAM);
  const { user } = useAuth();
  const start = usePhoneStart();
  const [phone, setPhone] = useState('');
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [formError, setFormError] = useState<unknown>(null);
  // The native app can sign in through the system browser (docs/decisions/028).
  const [platform] = useState(currentPlatform);
  const [browserState, setBrowserState] = useState<'idle' | 'opening' | 'opened' | 'failed'>(
    'idle',
  );

  const signInWithBrowser = () => {
    setBrowserState('opening');
    startAppHandoff(platform, redirect).then(
      () => setBrowserState('opened'),
      (error: unknown) => {
        console.error('The browser could not be opened for sign-in', error);
        setBrowserState('failed');
      },
    );
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    let phoneNumber: string | null;
    try {
      phoneNumber = (await loadPhoneParser()).toE164(phone);
    } catch (error) {
      setFormError(error);
      return;
    }
    if (!phoneNumber) {
      setPhoneError(phone.trim() === '' ? t('login.phoneRequired') : t('login.phoneInvalid'));
      return;
    }
    setPhoneError(null);
    start.mutate(
      { phoneNumber },
      {
        onSuccess: (answer) => {
          savePendingSignIn(answer.verificationId, {
            phoneNumber: answer.phoneNumber,
            resendAvailableAt: Date.now() + answer.resendAfterSeconds * 1000,
          });
          void navigate(verifyCodePath(answer.verificationId, redirect), {
            state: { phoneNumber: answer.phoneNumber },
          });
        },
        onError: (error) => {
          if (isApiError(error, 'invalid_phone')) setPhoneError(t('login.phoneInvalid'));
          else setFormError(error);
        },
      },
    );
  };

  return (
    <Stack gap="md">
      <PageTitle title={t('login.title')} />
      {user && (
        <Alert color="blue" title={t('login.alreadySignedInTitle')}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              {t('login.alreadySignedIn', { name: user.displayName ?? user.phoneNumber })}
            </Text>
            <Anchor component={Link} to={safeRedirectTarget(redirect)} size="sm">
              {t('login.goToRally')}
            </Anchor>
          </Stack>
        </Alert>
      )}
      {platform.isNative && platform.browser && (
        <Stack gap="xs">
          <Button
            onClick={signInWithBrowser}
            loading={browserState === 'opening'}
            variant={browserState === 'failed' ? 'default' : 'filled'}
            fullWidth
          >
            {t('login.continueInBrowser')}
          </Button>
          <Text size="sm" c="dimmed" role={browserState === 'opened' ? 'status' : undefined}>
            {browserState === 'opened' ? t('login.browserOpened') : t('login.browserHint')}
          </Text>
          {browserState === 'failed' && (
            <Alert color="red" role="alert">
              {t('login.browserUnavailable')}
            </Alert>
          )}
          <Divider label={t('login.orWithCode')} labelPosition="center" />
        </Stack>
      )}
      <Text>{t('login.intro')}</Text>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <PhoneNumberInput
            whose="own"
            label={t('login.phoneLabel')}
            description={t('login.phoneHint')}
            placeholder={t('login.phonePlaceholder')}
            required
            value={phone}
            onChange={(event) => setPhone(event.currentTarget.value)}
            onFocus={() => void loadPhoneParser().catch(() => undefined)}
            error={phoneError}
          />
          {formError !== null && <ErrorAlert error={formError} />}
          <Button type="submit" loading={start.isPending} fullWidth>
            {t('login.sendCode')}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
