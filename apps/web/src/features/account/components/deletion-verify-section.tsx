import { PHONE_CODE } from '@rally/shared/constants';
import { Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CodePinInput } from '../../../components/code-pin-input';
import { ErrorAlert } from '../../../components/error-alert';
import { useCountdown } from '../../../lib/use-countdown';
import { useSendDeletionCode } from '../api';
import { fieldId, type FieldErrors, type SentCode } from '../deletion-form';

/** Props of {@link DeletionVerifySection}. */
export interface DeletionVerifySectionProps {
  /** The user's own phone number, where the code goes. */
  phoneNumber: string;
  /** The account has an authenticator app: its code (or a recovery code) is asked for too. */
  totpEnabled: boolean;
  /** The last code texted, null before the first. */
  sent: SentCode | null;
  onSent: (sent: SentCode) => void;
  code: string;
  onCodeChange: (code: string) => void;
  totpCode: string;
  onTotpCodeChange: (code: string) => void;
  /** `code` and `totpCode` are shown here. */
  errors: FieldErrors;
}

const CODE_ERROR_ID = 'delete-account-code-error';

/**
 * The deletion page's "Confirm it's you" (DESIGN.md §3, docs/decisions/025):
 * "Text a code to {phone}" (`POST /api/account/deletion/code`), then the 6
 * boxes of that code, "Text a new code" once the cooldown the server gave
 * (`resendAfterSeconds`) is over, and, with an authenticator app, a field
 * for its code or a recovery code. A refused send (SMS provider down, too
 * many codes) says when to try again.
 */
export function DeletionVerifySection(props: DeletionVerifySectionProps) {
  const { t } = useTranslation();
  const { sent, errors } = props;
  const send = useSendDeletionCode();
  const secondsToResend = useCountdown(sent?.resendAt ?? 0);

  const sendCode = () =>
    send.mutate(undefined, {
      onSuccess: (answer) =>
        props.onSent({
          verificationId: answer.verificationId,
          phoneNumber: answer.phoneNumber,
          resendAt: Date.now() + answer.resendAfterSeconds * 1000,
        }),
    });

  return (
    <Stack gap="sm" component="section" aria-labelledby="deletion-verify-title">
      <Title order={2} size="h3" id="deletion-verify-title">
        {t('deleteAccount.verify.title')}
      </Title>
      {sent === null ? (
        <>
          <Text size="sm">{t('deleteAccount.verify.intro')}</Text>
          <Button
            id={fieldId('code')}
            variant="default"
            onClick={sendCode}
            loading={send.isPending}
            aria-describedby={errors.code ? CODE_ERROR_ID : undefined}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('deleteAccount.verify.send', { phone: props.phoneNumber })}
          </Button>
        </>
      ) : (
        <>
          <Text size="sm" role="status">
            {t('deleteAccount.verify.sent', { phone: sent.phoneNumber })}
          </Text>
          <div id={fieldId('code')}>
            <CodePinInput
              length={PHONE_CODE.digits}
              label={t('deleteAccount.verify.codeLabel')}
              // Shown once the code is sent: the next thing to do is type it.
              autoFocus
              digitLabel={(position, total) => t('verify.digitLabel', { position, total })}
              value={props.code}
              onChange={props.onCodeChange}
              isInvalid={errors.code !== undefined}
              describedBy={errors.code ? CODE_ERROR_ID : undefined}
            />
          </div>
        </>
      )}
      {errors.code && (
        <Text size="sm" c="red" role="alert" id={CODE_ERROR_ID}>
          {errors.code}
        </Text>
      )}
      {sent !== null && (
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={sendCode}
          disabled={secondsToResend > 0}
          loading={send.isPending}
          style={{ alignSelf: 'flex-start' }}
        >
          {secondsToResend > 0
            ? t('deleteAccount.verify.resendIn', { count: secondsToResend })
            : t('deleteAccount.verify.resend')}
        </Button>
      )}
      {send.isError && (
        <ErrorAlert error={send.error} title={t('deleteAccount.verify.sendFailed')} />
      )}
      {props.totpEnabled && (
        <TextInput
          id={fieldId('totpCode')}
          label={t('deleteAccount.verify.totpLabel')}
          description={t('deleteAccount.verify.totpHint')}
          value={props.totpCode}
          onChange={(event) => props.onTotpCodeChange(event.currentTarget.value)}
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          error={errors.totpCode}
          errorProps={{ role: 'alert' }}
          withAsterisk
        />
      )}
    </Stack>
  );
}
