import { Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';

/** Props of {@link PageTitle}. */
export interface PageTitleProps {
  /** The page's heading, also used in the document title ("<title> · Rally"). */
  title: string;
}

/** The page's one `h1`, and the browser tab's title. */
export function PageTitle({ title }: PageTitleProps) {
  const { t } = useTranslation();
  useDocumentTitle(`${title} · ${t('app.name')}`);
  return (
    <Title order={1} size="h2">
      {title}
    </Title>
  );
}
