import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFound } from '../components/not-found';
import { isDownloadFailure } from '../lib/downloads';
import { PageUnavailable } from './page-unavailable';

/**
 * The router's error element: logs the error to the console only (SPEC.md §8)
 * and shows a friendly message with a reload button. A 404 route response
 * shows the not-found content instead; a failed download of code (offline)
 * shows the offline/retry state, which reloads by itself when the connection
 * returns (docs/decisions/017). Set on every layout's child routes, so the
 * layout (header, navigation) stays around it.
 */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();

  useEffect(() => {
    console.error('Route error', error);
  }, [error]);

  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
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
