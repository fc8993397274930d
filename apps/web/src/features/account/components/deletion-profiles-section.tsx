import type { DeletionProfile } from '@rally/shared/account-deletion';
import { Card, Radio, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  actionKey,
  fieldId,
  NO_CHOICE,
  phoneKey,
  type FieldErrors,
  type ProfileChoice,
} from '../deletion-form';
import { PhoneNumberInput } from '../../../components/phone-number-input';

/** Props of {@link DeletionProfilesSection}. */
export interface DeletionProfilesSectionProps {
  profiles: DeletionProfile[];
  /** The choices made so far for `decide` profiles, by profile id. */
  choices: Record<string, ProfileChoice>;
  onChoiceChange: (profileId: string, choice: ProfileChoice) => void;
  errors: FieldErrors;
}

/**
 * The deletion page's "Profiles you manage" (docs/decisions/025): what
 * happens to each one. A profile another manager keeps "Stays with
 * {names}"; the user's own, managed by nobody else, is erased (kept by
 * organisations as "Former member"); for a child nobody else manages, a
 * required choice named after the child: delete their profile, or hand them
 * to another guardian, which asks for that guardian's phone number.
 */
export function DeletionProfilesSection({
  profiles,
  choices,
  onChoiceChange,
  errors,
}: DeletionProfilesSectionProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" component="section" aria-labelledby="deletion-profiles-title">
      <Title order={2} size="h3" id="deletion-profiles-title">
        {t('deleteAccount.profiles.title')}
      </Title>
      {profiles.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('deleteAccount.profiles.none')}
        </Text>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {profiles.map((profile) => (
            <Card component="li" key={profile.profileId} withBorder padding="sm">
              {profile.outcome === 'decide' ? (
                <ProfileDecision
                  profile={profile}
                  choice={choices[profile.profileId] ?? NO_CHOICE}
                  onChange={(choice) => onChoiceChange(profile.profileId, choice)}
                  errors={errors}
                />
              ) : (
                <ProfileOutcome profile={profile} />
              )}
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** A profile that stays with its other managers, or the user's own profile that is erased. */
function ProfileOutcome({ profile }: { profile: DeletionProfile }) {
  const { t, i18n } = useTranslation();
  const names = profile.otherManagers.map(
    (name) => name ?? t('deleteAccount.profiles.anotherManager'),
  );
  return (
    <Stack gap={2}>
      <Text fw={600}>{profile.displayName}</Text>
      <Text size="sm">
        {profile.outcome === 'stays'
          ? t('deleteAccount.profiles.staysWith', {
              names: new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(names),
            })
          : t('deleteAccount.profiles.erased')}
      </Text>
    </Stack>
  );
}

interface ProfileDecisionProps {
  profile: DeletionProfile;
  choice: ProfileChoice;
  onChange: (choice: ProfileChoice) => void;
  errors: FieldErrors;
}

/** "Delete {name}'s profile" or "Hand {name} to another guardian" (with the guardian's phone). */
function ProfileDecision({ profile, choice, onChange, errors }: ProfileDecisionProps) {
  const { t } = useTranslation();
  const name = profile.displayName;
  const phoneError = errors[phoneKey(profile.profileId)];
  return (
    <Stack gap="sm">
      <Radio.Group
        label={name}
        description={t('deleteAccount.profiles.decideHint', { name })}
        value={choice.action ?? ''}
        onChange={(value) =>
          onChange({ ...choice, action: value === 'handover' ? 'handover' : 'delete' })
        }
        error={errors[actionKey(profile.profileId)]}
        errorProps={{ role: 'alert' }}
        labelProps={{ fw: 600 }}
        withAsterisk
      >
        <Stack gap="sm" mt="xs">
          <Radio
            id={fieldId(actionKey(profile.profileId))}
            value="delete"
            label={t('deleteAccount.profiles.delete', { name })}
            description={t('deleteAccount.profiles.deleteHint')}
          />
          <Radio
            value="handover"
            label={t('deleteAccount.profiles.handover', { name })}
            description={t('deleteAccount.profiles.handoverHint', { name })}
          />
        </Stack>
      </Radio.Group>
      {choice.action === 'handover' && (
        <PhoneNumberInput
          whose="other"
          id={fieldId(phoneKey(profile.profileId))}
          label={t('deleteAccount.profiles.phoneLabel', { name })}
          value={choice.phoneNumber}
          onChange={(event) => onChange({ ...choice, phoneNumber: event.currentTarget.value })}
          error={phoneError}
          errorProps={{ role: 'alert' }}
          withAsterisk
        />
      )}
    </Stack>
  );
}
