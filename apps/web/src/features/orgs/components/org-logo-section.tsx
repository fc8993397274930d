import type { Org } from '@rally/shared/orgs';
import type { UploadImageType } from '@rally/shared/files';
import { Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/confirm-modal';
import { ErrorAlert } from '../../../components/error-alert';
import { notify } from '../../../lib/notify';
import { useRemoveOrgLogo, useUploadOrgLogo } from '../api';
import { OrgLogo } from './org-logo';

// The types `UPLOAD_IMAGE_TYPES` of @rally/shared/files lists, for the picker only: the
// server checks the bytes. Written out because that module carries zod.
const ACCEPTED_TYPES: readonly UploadImageType[] = [
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/gif',
];

/** Props of {@link OrgLogoSection}. */
export interface OrgLogoSectionProps {
  org: Org;
}

/**
 * The org's logo with "Upload a logo" (PNG, JPEG, WebP or GIF up to 5 MB,
 * sent as is: the server checks the bytes and its message, e.g. "The image is
 * larger than 5 MB", is shown) and "Remove logo" (after confirmation).
 */
export function OrgLogoSection({ org }: OrgLogoSectionProps) {
  const { t } = useTranslation();
  const upload = useUploadOrgLogo(org.id);
  const remove = useRemoveOrgLogo(org.id);
  const [isConfirming, confirm] = useDisclosure(false);
  const resetRef = useRef<() => void>(null);

  const onPick = (file: File | null) => {
    if (!file) return;
    remove.reset();
    upload.mutate(file, {
      onSuccess: () => notify(t('orgSettings.logo.uploaded')),
      onSettled: () => resetRef.current?.(),
    });
  };

  return (
    <Stack gap="sm">
      <Group gap="md" align="center">
        <OrgLogo name={org.name} logoUrl={org.logoUrl} size={64} />
        <Stack gap={4}>
          <Group gap="xs">
            <FileButton
              onChange={onPick}
              accept={ACCEPTED_TYPES.join(',')}
              resetRef={resetRef}
              inputProps={{ 'aria-label': t('orgSettings.logo.fileLabel') }}
            >
              {(props) => (
                <Button
                  {...props}
                  variant="light"
                  loading={upload.isPending}
                  leftSection={<IconUpload size={16} aria-hidden />}
                >
                  {org.logoUrl ? t('orgSettings.logo.replace') : t('orgSettings.logo.upload')}
                </Button>
              )}
            </FileButton>
            {org.logoUrl && (
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={16} aria-hidden />}
                onClick={() => {
                  remove.reset();
                  confirm.open();
                }}
              >
                {t('orgSettings.logo.remove')}
              </Button>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {t('orgSettings.logo.hint')}
          </Text>
        </Stack>
      </Group>
      {upload.isError && (
        <ErrorAlert error={upload.error} title={t('orgSettings.logo.uploadFailed')} />
      )}
      <ConfirmModal
        opened={isConfirming}
        title={t('orgSettings.logo.removeTitle')}
        confirmLabel={t('orgSettings.logo.remove')}
        onClose={confirm.close}
        isPending={remove.isPending}
        error={remove.error}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              confirm.close();
              notify(t('orgSettings.logo.removed'));
            },
          })
        }
      >
        {t('orgSettings.logo.removeBody', { name: org.name })}
      </ConfirmModal>
    </Stack>
  );
}
