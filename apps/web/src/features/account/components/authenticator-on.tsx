import type { TotpStatus } from '@rally/shared/auth';
import { Alert, Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/confirm-modal';
import { dateTimeFormat } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useDisableTotp, useRegenerateRecoveryCodes } from '../api';
import { CodeProblemAlert, isWholeCode, TotpCodeField } from './totp-code-field';

/** At or below this many unused recovery codes the section urges making new ones. */
export const FEW_RECOVERY_CODES = 3;

/** Props of {@link AuthenticatorOn}. */
export interface AuthenticatorOnProps {
  /** `GET /api/auth/totp` with `enabled: true`. */
  status: TotpStatus;
  /** Called with the 10 new recovery codes, to show them once. */
  onNewCodes: (recoveryCodes: string[]) => void;
}

/**
 * The authenticator app while it is on (DESIGN.md §3): "On since {date}",
 * the recovery codes left (a warning at {@link FEW_RECOVERY_CODES} or fewer),
 * "New recovery codes" (a dialog asking for a 6-digit authenticator code,
 * `POST /api/auth/totp/recovery-codes`) and "Turn off" (a dialog saying that
 * sign-in will need only the phone code, asking for an authenticator or
 * recovery code, `POST /api/auth/totp/disable`). Global admins
 * (`status.required`) are not offered "Turn off": they are told they must
 * keep it, as the server refuses it (409).
 */
export function AuthenticatorOn({ status, onNewCodes }: AuthenticatorOnProps) {
  const { t, i18n } = useTranslation();
  const regenerate = useRegenerateRecoveryCodes();
  const disable = useDisableTotp();
  const [dialog, setDialog] = useState<'newCodes' | 'turnOff' | null>(null);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<unknown>(null);
  const isFew = status.recoveryCodesLeft <= FEW_RECOVERY_CODES;

  const open = (which: 'newCodes' | 'turnOff') => {
    setCode('');
    setProblem(null);
    setDialog(which);
  };
  const fail = (error: unknown) => {
    setProblem(error);
    setCode('');
  };
  const makeNewCodes = () => {
    if (!isWholeCode(code)) {
      setProblem('incomplete');
      return;
    }
    setProblem(null);
    regenerate.mutate(code, {
      onSuccess: (codes) => {
        setDialog(null);
        onNewCodes(codes);
      },
      onError: fail,
    });
  };
  const turnOff = () => {
    if (code.trim() === '') {
      setProblem('empty');
      return;
    }
    setProblem(null);
    disable.mutate(code.trim(), {
      onSuccess: () => {
        setDialog(null);
        notify(t('authenticator.turnedOff'));
      },
      onError: fail,
    });
  };

  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Badge color="green" variant="light">
          {t('authenticator.onBadge')}
        </Badge>
        {status.enabledAt && (
          <Text size="sm">
            {t('authenticator.onSince', {
              date: dateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(
                new Date(status.enabledAt),
              ),
            })}
          </Text>
        )}
      </Group>
      {isFew ? (
        <Alert
          color="yellow"
          title={t('authenticator.fewCodesTitle')}
          icon={<IconAlertTriangle aria-hidden />}
        >
          {t('authenticator.codesLeft', { count: status.recoveryCodesLeft })}{' '}
          {t('authenticator.fewCodes')}
        </Alert>
      ) : (
        <Text size="sm">{t('authenticator.codesLeft', { count: status.recoveryCodesLeft })}</Text>
      )}
      {status.required && <Text size="sm">{t('authenticator.mustKeep')}</Text>}
      <Group gap="sm">
        <Button variant="default" onClick={() => open('newCodes')}>
          {t('authenticator.newCodes')}
        </Button>
        {!status.required && (
          <Button variant="default" color="red" onClick={() => open('turnOff')}>
            {t('authenticator.turnOff')}
          </Button>
        )}
      </Group>
      <ConfirmModal
        opened={dialog === 'newCodes'}
        title={t('authenticator.newCodesTitle')}
        confirmLabel={t('authenticator.makeNewCodes')}
        color="blue"
        onClose={() => setDialog(null)}
        isPending={regenerate.isPending}
        onConfirm={makeNewCodes}
      >
        <Stack gap="sm">
          <Text size="sm">{t('authenticator.newCodesBody')}</Text>
          <TotpCodeField value={code} onChange={setCode} isInvalid={problem !== null} autoFocus />
          <CodeProblemAlert problem={problem} />
        </Stack>
      </ConfirmModal>
      <ConfirmModal
        opened={dialog === 'turnOff'}
        title={t('authenticator.turnOffTitle')}
        confirmLabel={t('authenticator.turnOff')}
        onClose={() => setDialog(null)}
        isPending={disable.isPending}
        onConfirm={turnOff}
      >
        <Stack gap="sm">
          <Text size="sm">{t('authenticator.turnOffBody')}</Text>
          <TextInput
            label={t('authenticator.turnOffCodeLabel')}
            description={t('authenticator.turnOffCodeHint')}
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            data-autofocus
            error={problem === 'empty' ? t('authenticator.codeRequired') : problem !== null}
          />
          {problem !== 'empty' && <CodeProblemAlert problem={problem} />}
        </Stack>
      </ConfirmModal>
    </Stack>
  );
}
