import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFound } from '../components/not-found';

/**
 * The router's error element: logs the error to the console only (SPEC.md §8)
 * and shows a friendly message with a reload button. A 404 route response
 * shows the not-found content instead.
 */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();

  useEffect(() => {
    console.error('Route error', error);
  }, [error]);

  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
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
