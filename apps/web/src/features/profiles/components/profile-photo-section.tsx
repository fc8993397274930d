import type { ManagedProfile } from '@rally/shared/profiles';
import { Button, FileButton, Group, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { FileAvatar } from '../../../components/file-avatar';
import { useSetProfilePhoto } from '../api';

/** Props of {@link ProfilePhotoSection}. */
export interface ProfilePhotoSectionProps {
  profile: ManagedProfile;
}

/** "Photo": the profile's picture, "Upload photo" (multipart `file`) and "Remove photo". */
export function ProfilePhotoSection({ profile }: ProfilePhotoSectionProps) {
  const { t } = useTranslation();
  const setPhoto = useSetProfilePhoto(profile.id);
  return (
    <Stack gap="sm" component="section" aria-labelledby="profile-photo">
      <Title order={2} size="h3" id="profile-photo">
        {t('profileSettings.photo')}
      </Title>
      <Group gap="md">
        <FileAvatar
          src={profile.photoUrl}
          size="lg"
          alt={t('profileSettings.photoOf', { name: profile.displayName })}
        >
          {profile.displayName.slice(0, 1)}
        </FileAvatar>
        <FileButton
          accept="image/png,image/jpeg,image/webp"
          onChange={(file) => file && setPhoto.mutate(file)}
        >
          {(props) => (
            <Button {...props} variant="default" loading={setPhoto.isPending}>
              {t('profileSettings.uploadPhoto')}
            </Button>
          )}
        </FileButton>
        {profile.photoUrl && (
          <Button variant="subtle" color="red" onClick={() => setPhoto.mutate(null)}>
            {t('profileSettings.removePhoto')}
          </Button>
        )}
      </Group>
      {setPhoto.error !== null && <ErrorAlert error={setPhoto.error} />}
    </Stack>
  );
}
