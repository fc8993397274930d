import { Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmModal } from '../../../components/confirm-modal';
import { notify } from '../../../lib/notify';
import { useDeleteProfile } from '../api';

/** Props of {@link DeleteProfileSection}. */
export interface DeleteProfileSectionProps {
  profileId: string;
  profileName: string;
}

/**
 * "Delete profile": confirmed by typing the profile's exact name; the 409
 * (it still has live enrolments) shows in the dialog. Then goes to `/`.
 */
export function DeleteProfileSection({ profileId, profileName }: DeleteProfileSectionProps) {
  const { t } = useTranslation();
  const remove = useDeleteProfile(profileId);
  const navigate = useNavigate();
  const [isOpen, setIsOpen] = useState(false);
  const [typed, setTyped] = useState('');
  return (
    <Stack gap="sm" component="section" aria-labelledby="delete-profile">
      <Title order={2} size="h3" id="delete-profile">
        {t('profileSettings.deleteTitle')}
      </Title>
      <Text>{t('profileSettings.deleteIntro')}</Text>
      <div>
        <Button
          color="red"
          variant="light"
          onClick={() => {
            remove.reset();
            setTyped('');
            setIsOpen(true);
          }}
        >
          {t('profileSettings.delete')}
        </Button>
      </div>
      <ConfirmModal
        opened={isOpen}
        title={t('profileSettings.deleteConfirmTitle', { name: profileName })}
        confirmLabel={t('profileSettings.delete')}
        onClose={() => setIsOpen(false)}
        isPending={remove.isPending}
        error={remove.error}
        isConfirmDisabled={typed !== profileName}
        onConfirm={() =>
          remove.mutate(typed, {
            onSuccess: () => {
              setIsOpen(false);
              notify(t('profileSettings.deleted', { name: profileName }));
              void navigate('/');
            },
          })
        }
      >
        <Stack gap="sm">
          <Text>{t('profileSettings.deleteBody', { name: profileName })}</Text>
          <TextInput
            label={t('profileSettings.typeName', { name: profileName })}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            autoComplete="off"
          />
        </Stack>
      </ConfirmModal>
    </Stack>
  );
}
