import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { FallbackProps } from 'react-error-boundary';
import { isDownloadFailure } from '../lib/downloads';
import { PageUnavailable } from './page-unavailable';

/**
 * What a route shows when its layout or page throws (the `FallbackComponent`
 * of each route's error boundary, router.tsx): logs the error to the
 * console only (SPEC.md §8) and shows a friendly message with a reload
 * button; a failed download of code (offline) shows the offline/retry
 * state, which reloads by itself when the connection returns
 * (docs/decisions/017). Around every layout and page, so the layout
 * (header, navigation) stays around a failed page.
 */
export function RouteError({ error }: Pick<FallbackProps, 'error'>) {
  const { t } = useTranslation();

  useEffect(() => {
    console.error('Route error', error);
  }, [error]);

  if (isDownloadFailure(error)) return <PageUnavailable onRetry={reloadPage} />;
  return (
    <Container size="sm" py="xl">
      <Stack gap="md" align="flex-start" role="alert">
        <Title order={1} size="h2">
          {t('routeError.title')}
        </Title>
        <Text>{t('routeError.body')}</Text>
        <Button onClick={() => window.location.reload()}>{t('routeError.reload')}</Button>
      </Stack>
    </Container>
  );
}

function reloadPage() {
  window.location.reload();
}
