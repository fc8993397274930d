import { REDIRECT_QUERY_PARAM } from '@rally/shared/constants';
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
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
 * keeping the number for "Resend".
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
