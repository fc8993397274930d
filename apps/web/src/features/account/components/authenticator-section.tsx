import type { TotpEnrolment, TotpStatus } from '@rally/shared/auth';
import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { QueryState } from '../../../components/query-state';
import { notify } from '../../../lib/notify';
import { totpStatusQueryOptions, useStartTotpEnrolment } from '../api';
import { AuthenticatorOn } from './authenticator-on';
import { AuthenticatorSetup } from './authenticator-setup';
import { RecoveryCodesPanel } from './recovery-codes-panel';

/** The section's element id: `/account#authenticator` (the global-admin page links there) scrolls to it. */
export const AUTHENTICATOR_SECTION_ID = 'authenticator';

/** What the section shows besides the status: adding an app, or recovery codes shown once. */
type Step =
  | { kind: 'status' }
  | { kind: 'setup'; enrolment: TotpEnrolment }
  | { kind: 'codes'; codes: string[] };

/**
 * The account page's "Authenticator app" section (DESIGN.md §3, RFC 6238),
 * from `GET /api/auth/totp`: when off, what it is for (and, for global
 * admins, that they must set one up) with "Set up authenticator app"
 * (`POST /api/auth/totp/enrolment`, then {@link AuthenticatorSetup}); the
 * recovery codes once, after turning it on or making new ones
 * ({@link RecoveryCodesPanel}); when on, {@link AuthenticatorOn}. Its id is
 * {@link AUTHENTICATOR_SECTION_ID}: opened with that hash, the page scrolls
 * to it once the status has loaded.
 */
export function AuthenticatorSection() {
  const { t } = useTranslation();
  const status = useQuery(totpStatusQueryOptions());
  const start = useStartTotpEnrolment();
  const [step, setStep] = useState<Step>({ kind: 'status' });
  const sectionRef = useRef<HTMLDivElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const { hash } = useLocation();
  const isLoaded = status.isSuccess;

  useEffect(() => {
    if (isLoaded && hash === `#${AUTHENTICATOR_SECTION_ID}`) {
      sectionRef.current?.scrollIntoView({ block: 'start' });
    }
  }, [isLoaded, hash]);

  /** Back to the status; focus goes to the section's heading, as the pressed button disappears. */
  const backToStatus = () => {
    titleRef.current?.focus();
    setStep({ kind: 'status' });
  };
  const setUp = () =>
    start.mutate(undefined, { onSuccess: (enrolment) => setStep({ kind: 'setup', enrolment }) });

  const showStatus = (current: TotpStatus) =>
    current.enabled ? (
      <AuthenticatorOn status={current} onNewCodes={(codes) => setStep({ kind: 'codes', codes })} />
    ) : (
      <Stack gap="sm">
        {current.required && (
          <Alert color="yellow" role="status">
            {t('authenticator.requiredNote')}
          </Alert>
        )}
        {start.isError && <ErrorAlert error={start.error} />}
        <Button onClick={setUp} loading={start.isPending} style={{ alignSelf: 'flex-start' }}>
          {t('authenticator.setUp')}
        </Button>
      </Stack>
    );

  return (
    <Stack
      gap="sm"
      component="section"
      id={AUTHENTICATOR_SECTION_ID}
      aria-labelledby="authenticator-title"
      ref={sectionRef}
      style={{ scrollMarginTop: 'calc(var(--app-shell-header-height, 0px) + 16px)' }}
    >
      <Title order={2} size="h3" id="authenticator-title" ref={titleRef} tabIndex={-1}>
        {t('authenticator.title')}
      </Title>
      <Text size="sm">{t('authenticator.intro')}</Text>
      {step.kind === 'setup' && (
        <AuthenticatorSetup
          enrolment={step.enrolment}
          onTurnedOn={(codes) => {
            notify(t('authenticator.turnedOn'));
            setStep({ kind: 'codes', codes });
          }}
          onCancel={backToStatus}
        />
      )}
      {step.kind === 'codes' && <RecoveryCodesPanel codes={step.codes} onDone={backToStatus} />}
      {step.kind === 'status' && <QueryState query={status}>{showStatus}</QueryState>}
    </Stack>
  );
}
