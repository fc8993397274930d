import { Alert, Button } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../lib/describe-error';

/** Props of {@link ErrorAlert}. */
export interface ErrorAlertProps {
  /** The failure to describe (an `ApiError` gets a specific message). */
  error: unknown;
  /** When given, a "Try again" button calls it. */
  onRetry?: () => void;
  /** Heading of the alert; defaults to "Something went wrong". */
  title?: string;
}

/** A red alert with a message a person can act on and, optionally, a retry button. */
export function ErrorAlert({ error, onRetry, title }: ErrorAlertProps) {
  const { t } = useTranslation();
  return (
    <Alert
      color="red"
      role="alert"
      title={title ?? t('errors.title')}
      icon={<IconAlertCircle aria-hidden />}
    >
      {describeError(t, error)}
      {onRetry && (
        <div>
          <Button mt="sm" size="xs" variant="light" color="red" onClick={onRetry}>
            {t('actions.retry')}
          </Button>
        </div>
      )}
    </Alert>
  );
}
