import { Alert } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CodePinInput } from '../../../components/code-pin-input';
import { ErrorAlert } from '../../../components/error-alert';
import { isApiError } from '../../../lib/api-client';

/**
 * Digits of an authenticator code: `TOTP.digits` of `@rally/shared/auth`
 * (RFC 6238), not imported from there because that module builds zod
 * schemas at import and the account page loads zod only with a form
 * (docs/decisions/004).
 */
export const TOTP_DIGITS = 6;

/** True when `code` is a whole authenticator code: {@link TOTP_DIGITS} digits. */
export function isWholeCode(code: string): boolean {
  return code.length === TOTP_DIGITS && /^\d+$/.test(code);
}

/** Props of {@link TotpCodeField}. */
export interface TotpCodeFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** Marks the boxes invalid (a wrong or incomplete code). */
  isInvalid: boolean;
  /** Focuses the first box when it appears (in a dialog). */
  autoFocus?: boolean;
}

/**
 * The 6 boxes of an authenticator code (RFC 6238, `TOTP.digits`), as the
 * sign-in code page has them: digits only, `autocomplete="one-time-code"`,
 * the first box named after the whole code and the others "Digit n of 6"
 * for screen readers.
 */
export function TotpCodeField({ value, onChange, isInvalid, autoFocus }: TotpCodeFieldProps) {
  const { t } = useTranslation();
  return (
    <CodePinInput
      length={TOTP_DIGITS}
      label={t('authenticator.codeLabel')}
      digitLabel={(position, total) => t('authenticator.digitLabel', { position, total })}
      value={value}
      onChange={onChange}
      isInvalid={isInvalid}
      autoFocus={autoFocus}
    />
  );
}

/**
 * Why a code was refused (`problem`: the string `'incomplete'` before
 * sending, else the request's error), in words a person can act on: "Enter all 6
 * digits" before sending; the server's own sentence for `invalid_code`
 * (wrong, or already used: wait for the next one); any other failure
 * (429 "try again in N minutes", offline...) as the shared error alert.
 * Every variant is an `role="alert"` so screen readers announce it.
 */
export function CodeProblemAlert({ problem }: { problem: unknown }) {
  const { t } = useTranslation();
  if (problem === null || problem === undefined) return null;
  if (problem === 'incomplete') {
    return (
      <Alert color="red" role="alert">
        {t('authenticator.incomplete')}
      </Alert>
    );
  }
  if (isApiError(problem, 'invalid_code')) {
    return (
      <Alert color="red" role="alert" title={t('authenticator.wrongCodeTitle')}>
        {problem.detail ?? t('authenticator.wrongCode')}
      </Alert>
    );
  }
  return <ErrorAlert error={problem} />;
}

/**
 * A ref that moves keyboard and screen-reader focus to its element when it
 * mounts (give the element `tabIndex={-1}`), so a person who pressed a
 * button that replaced a part of the section lands on the new part.
 */
export function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return ref;
}
