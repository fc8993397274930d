import type { ProfileManager, ProfileRelationship } from '@rally/shared/profiles';
import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmModal, useConfirmTarget } from '../../../components/confirm-modal';
import { ErrorAlert } from '../../../components/error-alert';
import { QueryState } from '../../../components/query-state';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import {
  profileManagersQueryOptions,
  useAddProfileManager,
  useRemoveProfileManager,
  useRevokeProfileInvite,
} from '../api';
import { PhoneNumberInput } from '../../../components/phone-number-input';

/** Props of {@link ProfileManagersSection}. */
export interface ProfileManagersSectionProps {
  profileId: string;
  profileName: string;
  canEdit: boolean;
  canGiveOwnLogin: boolean;
}

/**
 * "Managers" of a profile: who manages it (self first, "(you)"), "Remove"
 * each (or "Leave" for yourself; confirmed, the 409 "last manager" shown in
 * the dialog), invites by phone (pending with "Revoke", declined with
 * "Remove"; docs/decisions/009), "Invite a guardian" by phone and, while
 * the person has no login, "Give {name} their own login".
 */
export function ProfileManagersSection({
  profileId,
  profileName,
  canEdit,
  canGiveOwnLogin,
}: ProfileManagersSectionProps) {
  const { t } = useTranslation();
  const managers = useQuery(profileManagersQueryOptions(profileId));
  const remove = useRemoveProfileManager(profileId);
  const revoke = useRevokeProfileInvite(profileId);
  const confirm = useConfirmTarget<ProfileManager>();
  const navigate = useNavigate();
  const target = confirm.target;
  const nameOf = (manager: ProfileManager) => manager.displayName ?? manager.phoneNumber;
  return (
    <Stack gap="sm" component="section" aria-labelledby="profile-managers">
      <Title order={2} size="h3" id="profile-managers">
        {t('profileSettings.managers')}
      </Title>
      <QueryState query={managers}>
        {({ managers: list, invites }) => (
          <Stack gap="sm">
            <Stack component="ul" gap="xs" pl={0} m={0} style={{ listStyle: 'none' }}>
              {list.map((manager) => (
                <Group component="li" key={manager.userId} gap="sm" justify="space-between">
                  <Text>
                    {manager.isYou ? t('members.you', { name: nameOf(manager) }) : nameOf(manager)}{' '}
                    · {t(`profileSettings.managerRelationship.${manager.relationship}`)} ·{' '}
                    {manager.phoneNumber}
                  </Text>
                  {canEdit && (
                    <Button
                      size="xs"
                      variant="default"
                      aria-label={
                        manager.isYou
                          ? t('profileSettings.leave')
                          : t('members.removeNamed', { name: nameOf(manager) })
                      }
                      onClick={() => {
                        remove.reset();
                        confirm.open(manager);
                      }}
                    >
                      {manager.isYou ? t('profileSettings.leave') : t('members.remove')}
                    </Button>
                  )}
                </Group>
              ))}
            </Stack>
            {invites.length > 0 && (
              <Stack gap="xs">
                <Text fw={600}>{t('members.invites')}</Text>
                {invites.map((invite) => (
                  <Group key={invite.id} gap="sm" justify="space-between">
                    <Group gap="xs">
                      <Text>
                        {invite.phoneNumber} ·{' '}
                        {t(`profileSettings.managerRelationship.${invite.relationship}`)}
                      </Text>
                      <Badge variant="light" color={invite.status === 'declined' ? 'gray' : 'blue'}>
                        {invite.status === 'declined'
                          ? t('members.inviteDeclined')
                          : t('members.invitePending')}
                      </Badge>
                    </Group>
                    {canEdit && (
                      <Button
                        size="xs"
                        variant="default"
                        loading={revoke.isPending && revoke.variables === invite.id}
                        aria-label={
                          invite.status === 'declined'
                            ? t('members.dismissNamed', { phone: invite.phoneNumber })
                            : t('profileSettings.revokeNamed', { phone: invite.phoneNumber })
                        }
                        onClick={() => revoke.mutate(invite.id)}
                      >
                        {invite.status === 'declined'
                          ? t('members.dismiss')
                          : t('profileSettings.revoke')}
                      </Button>
                    )}
                  </Group>
                ))}
                {revoke.error !== null && <ErrorAlert error={revoke.error} />}
              </Stack>
            )}
          </Stack>
        )}
      </QueryState>
      {canEdit && (
        <AddManagerForm
          profileId={profileId}
          relationship="guardian"
          title={t('profileSettings.inviteGuardian')}
        />
      )}
      {canGiveOwnLogin && (
        <AddManagerForm
          profileId={profileId}
          relationship="self"
          title={t('profileSettings.giveOwnLogin', { name: profileName })}
        />
      )}
      <ConfirmModal
        opened={confirm.isOpen}
        title={
          target?.isYou
            ? t('profileSettings.leaveTitle', { name: profileName })
            : t('members.removeTitle', { name: target ? nameOf(target) : '' })
        }
        confirmLabel={
          target?.isYou
            ? t('profileSettings.leave')
            : t('members.removeNamed', { name: target ? nameOf(target) : '' })
        }
        onClose={confirm.close}
        isPending={remove.isPending}
        error={remove.error}
        onConfirm={() => {
          if (!target) return;
          remove.mutate(target.userId, {
            onSuccess: () => {
              confirm.close();
              if (target.isYou) void navigate('/');
            },
          });
        }}
      >
        {target?.isYou
          ? t('profileSettings.leaveBody', { name: profileName })
          : t('profileSettings.removeBody', {
              name: target ? nameOf(target) : '',
              profile: profileName,
            })}
      </ConfirmModal>
    </Stack>
  );
}

interface AddManagerFormProps {
  profileId: string;
  relationship: ProfileRelationship;
  title: string;
}

function AddManagerForm({ profileId, relationship, title }: AddManagerFormProps) {
  const { t } = useTranslation();
  const add = useAddProfileManager(profileId);
  const [phoneNumber, setPhoneNumber] = useState('');
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (phoneNumber.trim() === '') {
      setPhoneError(t('profileSettings.phoneRequired'));
      return;
    }
    setPhoneError(null);
    add.mutate(
      { phoneNumber: phoneNumber.trim(), relationship },
      {
        onSuccess: ({ invite }) => {
          notify(t('profileSettings.invited', { phone: invite.phoneNumber }));
          setPhoneNumber('');
        },
        onError: (error) => {
          const issue = error instanceof ApiError ? error.errors[0] : undefined;
          if (issue?.path === 'phoneNumber') setPhoneError(issue.message);
          else setFailure(error);
        },
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate aria-label={title}>
      <Stack gap="xs">
        <Group align="flex-end" gap="sm">
          <PhoneNumberInput
            whose="other"
            label={t('profileSettings.phoneFor', { action: title })}
            value={phoneNumber}
            onChange={(event) => setPhoneNumber(event.currentTarget.value)}
            error={phoneError}
            style={{ flex: '1 1 220px' }}
          />
          <Button type="submit" loading={add.isPending}>
            {title}
          </Button>
        </Group>
        {failure !== null && <ErrorAlert error={failure} />}
      </Stack>
    </form>
  );
}
