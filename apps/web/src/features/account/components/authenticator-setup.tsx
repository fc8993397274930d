import type { TotpEnrolment } from '@rally/shared/auth';
import { Button, Code, CopyButton, Group, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { QrCode } from '../../../components/qr-code';
import { useConfirmTotpEnrolment } from '../api';
import { CodeProblemAlert, isWholeCode, TotpCodeField, useFocusOnMount } from './totp-code-field';

/** The Base32 setup key in groups of 4 (`JBSW Y3DP EHPK 3PXP`), as authenticator apps print it. */
export function groupKey(secret: string): string {
  return secret.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}

/** Props of {@link AuthenticatorSetup}. */
export interface AuthenticatorSetupProps {
  /** The pending secret `POST /api/auth/totp/enrolment` answered. */
  enrolment: TotpEnrolment;
  /** Called with the 10 recovery codes once the app is on. */
  onTurnedOn: (recoveryCodes: string[]) => void;
  onCancel: () => void;
}

/**
 * Adding an authenticator app (DESIGN.md §3, RFC 6238): step 1, the QR code
 * of the `otpauth://` URI to scan, or the setup key (Base32, grouped in 4s,
 * with a copy button) to type; step 2, the 6-digit code the app shows,
 * sent with "Turn on" (`POST /api/auth/totp/enrolment/confirm`). A wrong
 * code shows the server's sentence and empties the boxes; "Cancel" leaves
 * the pending secret unused (a later start replaces it).
 */
export function AuthenticatorSetup({ enrolment, onTurnedOn, onCancel }: AuthenticatorSetupProps) {
  const { t } = useTranslation();
  const confirm = useConfirmTotpEnrolment();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<unknown>(null);
  const headingRef = useFocusOnMount<HTMLHeadingElement>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isWholeCode(code)) {
      setProblem('incomplete');
      return;
    }
    setProblem(null);
    confirm.mutate(code, {
      onSuccess: onTurnedOn,
      onError: (error) => {
        setProblem(error);
        setCode('');
      },
    });
  };

  return (
    <Stack gap="md">
      <Title order={3} size="h4" ref={headingRef} tabIndex={-1}>
        {t('authenticator.setupTitle')}
      </Title>
      <Text size="sm">{t('authenticator.scanStep')}</Text>
      <QrCode
        value={enrolment.otpauthUri}
        label={t('authenticator.qrLabel')}
        failedMessage={t('authenticator.qrFailed')}
        size={200}
      />
      <Stack gap={4}>
        <Text size="sm">{t('authenticator.keyStep')}</Text>
        <Group gap="xs" wrap="wrap">
          <Code fz="md" style={{ userSelect: 'all' }}>
            {groupKey(enrolment.secret)}
          </Code>
          <CopyButton value={enrolment.secret}>
            {({ copied, copy }) => (
              <Button
                variant="default"
                size="xs"
                onClick={copy}
                leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              >
                {copied ? t('authenticator.copied') : t('authenticator.copyKey')}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Stack>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm">{t('authenticator.codeStep')}</Text>
          <TotpCodeField value={code} onChange={setCode} isInvalid={problem !== null} />
          <CodeProblemAlert problem={problem} />
          <Group gap="sm">
            <Button type="submit" loading={confirm.isPending}>
              {t('authenticator.turnOn')}
            </Button>
            <Button variant="default" onClick={onCancel} disabled={confirm.isPending}>
              {t('actions.cancel')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
