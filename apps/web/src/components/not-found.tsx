import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * The not-found content (SPEC.md §2: any other path shows a not-found page):
 * a "Page not found" heading and a link home. Also shown by pages whose API
 * answered 404 (DESIGN.md §2: what you may not see answers 404).
 */
export function NotFound() {
  const { t } = useTranslation();
  useDocumentTitle(`${t('notFound.title')} · ${t('app.name')}`);
  return (
    <Stack gap="md" align="flex-start" py="xl">
      <Title order={1}>{t('notFound.title')}</Title>
      <Text>{t('notFound.body')}</Text>
      <Anchor component={Link} to="/">
        {t('notFound.home')}
      </Anchor>
    </Stack>
  );
}
