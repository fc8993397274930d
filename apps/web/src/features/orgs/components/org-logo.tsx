import type { MantineSize } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FileAvatar } from '../../../components/file-avatar';

/** Props of {@link OrgLogo}. */
export interface OrgLogoProps {
  /** The organisation's name: the image's alt text, or the initials when there is no logo. */
  name: string;
  /** `GET /api/files/{fileId}` of the logo, or null. */
  logoUrl: string | null;
  size?: MantineSize | number;
}

/** An organisation's logo, or its initials on a coloured square when it has none. */
export function OrgLogo({ name, logoUrl, size = 'lg' }: OrgLogoProps) {
  const { t } = useTranslation();
  return (
    <FileAvatar
      src={logoUrl}
      alt={logoUrl ? t('org.logoAlt', { name }) : undefined}
      name={name}
      color="initials"
      radius="md"
      size={size}
      aria-hidden={logoUrl ? undefined : true}
    />
  );
}
