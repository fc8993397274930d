import type { OrgInvite, OrgMember, OrgMembers, OrgPermissions, OrgRole } from '@rally/shared/orgs';
import { Badge, Button, Card, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ConfirmModal, useConfirmTarget } from '../../../components/confirm-modal';
import { ErrorAlert } from '../../../components/error-alert';
import { notify } from '../../../lib/notify';
import { useChangeMemberRole, useRemoveMember, useRevokeInvite } from '../api';
import { memberName } from '../member-name';

const ROLES: readonly OrgRole[] = ['owner', 'admin', 'staff'];

/** Props of {@link MembersSection}. */
export interface MembersSectionProps {
  orgId: string;
  orgName: string;
  /** `GET /api/orgs/:orgId/members`. */
  members: OrgMembers;
  permissions: OrgPermissions;
  /** The signed-in user's id: their own row gets no role or remove controls (see "Leave"). */
  myUserId: string;
}

/**
 * The members of an organisation with their roles and, for those who manage
 * members, a role select (owners only: admins may neither grant nor take the
 * owner and admin roles) and "Remove" (owners: anyone; admins: staff), each
 * removal confirmed; then the invites by phone (docs/decisions/009): a pending
 * one is revocable after confirmation, a declined one can be removed from the list.
 */
export function MembersSection({
  orgId,
  orgName,
  members,
  permissions,
  myUserId,
}: MembersSectionProps) {
  const { t } = useTranslation();
  const changeRole = useChangeMemberRole(orgId);
  const removeMember = useRemoveMember(orgId);
  const revokeInvite = useRevokeInvite(orgId);
  const toRemove = useConfirmTarget<OrgMember>();
  const toRevoke = useConfirmTarget<OrgInvite>();

  const canChangeRole = (member: OrgMember) =>
    permissions.canManageAdmins && member.userId !== myUserId;
  const canRemove = (member: OrgMember) =>
    permissions.canManageMembers &&
    member.userId !== myUserId &&
    (permissions.canManageAdmins || member.role === 'staff');

  const onRoleChange = (member: OrgMember, role: OrgRole) => {
    changeRole.mutate(
      { userId: member.userId, role },
      {
        onSuccess: () =>
          notify(
            t('members.roleChanged', {
              name: memberName(t, member),
              role: t(`org.role.${role}`),
            }),
          ),
      },
    );
  };

  return (
    <Stack gap="sm">
      {changeRole.isError && (
        <ErrorAlert error={changeRole.error} title={t('members.roleChangeFailed')} />
      )}
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
        {members.members.map((member) => {
          const name = memberName(t, member);
          const isMe = member.userId === myUserId;
          return (
            <Card component="li" key={member.userId} withBorder padding="sm">
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text fw={600} truncate="end">
                    {isMe ? t('members.you', { name }) : name}
                  </Text>
                  {member.phoneNumber && member.phoneNumber !== name && (
                    <Text size="sm" c="dimmed">
                      {member.phoneNumber}
                    </Text>
                  )}
                </Stack>
                <Group gap="xs" wrap="nowrap">
                  {canChangeRole(member) ? (
                    <NativeSelect
                      aria-label={t('members.roleOf', { name })}
                      value={member.role}
                      disabled={changeRole.isPending}
                      data={ROLES.map((role) => ({ value: role, label: t(`org.role.${role}`) }))}
                      onChange={(event) =>
                        onRoleChange(member, event.currentTarget.value as OrgRole)
                      }
                    />
                  ) : (
                    <Badge variant="light">{t(`org.role.${member.role}`)}</Badge>
                  )}
                  {canRemove(member) && (
                    <Button
                      variant="subtle"
                      color="red"
                      aria-label={t('members.removeNamed', { name })}
                      onClick={() => {
                        removeMember.reset();
                        toRemove.open(member);
                      }}
                    >
                      {t('members.remove')}
                    </Button>
                  )}
                </Group>
              </Group>
            </Card>
          );
        })}
      </Stack>

      {members.invites.length > 0 && (
        <Stack gap="xs" component="section" aria-labelledby="org-invites">
          <Title order={3} size="h4" id="org-invites">
            {t('members.invites')}
          </Title>
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
            {members.invites.map((invite) => (
              <Card component="li" key={invite.id} withBorder padding="sm">
                <Group justify="space-between" gap="xs">
                  <Group gap="xs">
                    <Text>
                      {t('members.inviteLine', {
                        phone: invite.phoneNumber,
                        role: t(`org.role.${invite.role}`),
                      })}
                    </Text>
                    <Badge variant="light" color={invite.status === 'declined' ? 'gray' : 'blue'}>
                      {invite.status === 'declined'
                        ? t('members.inviteDeclined')
                        : t('members.invitePending')}
                    </Badge>
                  </Group>
                  {permissions.canManageMembers && invite.status === 'pending' && (
                    <Button
                      variant="subtle"
                      color="red"
                      aria-label={t('members.revokeNamed', { phone: invite.phoneNumber })}
                      onClick={() => {
                        revokeInvite.reset();
                        toRevoke.open(invite);
                      }}
                    >
                      {t('members.revoke')}
                    </Button>
                  )}
                  {permissions.canManageMembers && invite.status === 'declined' && (
                    <Button
                      variant="subtle"
                      color="gray"
                      loading={revokeInvite.isPending && revokeInvite.variables === invite.id}
                      aria-label={t('members.dismissNamed', { phone: invite.phoneNumber })}
                      onClick={() => revokeInvite.mutate(invite.id)}
                    >
                      {t('members.dismiss')}
                    </Button>
                  )}
                </Group>
              </Card>
            ))}
          </Stack>
          {!toRevoke.isOpen && revokeInvite.error !== null && (
            <ErrorAlert error={revokeInvite.error} />
          )}
        </Stack>
      )}

      <ConfirmModal
        opened={toRemove.isOpen}
        title={t('members.removeTitle', {
          name: toRemove.target ? memberName(t, toRemove.target) : '',
        })}
        confirmLabel={t('members.remove')}
        onClose={toRemove.close}
        isPending={removeMember.isPending}
        error={removeMember.error}
        onConfirm={() => {
          const member = toRemove.target;
          if (!member) return;
          removeMember.mutate(member.userId, {
            onSuccess: () => {
              notify(t('members.removed', { name: memberName(t, member), org: orgName }));
              toRemove.close();
            },
          });
        }}
      >
        {t('members.removeBody', { org: orgName })}
      </ConfirmModal>

      <ConfirmModal
        opened={toRevoke.isOpen}
        title={t('members.revokeTitle')}
        confirmLabel={t('members.revoke')}
        onClose={toRevoke.close}
        isPending={revokeInvite.isPending}
        error={revokeInvite.error}
        onConfirm={() => {
          const invite = toRevoke.target;
          if (!invite) return;
          revokeInvite.mutate(invite.id, {
            onSuccess: () => {
              notify(t('members.revoked', { phone: invite.phoneNumber }));
              toRevoke.close();
            },
          });
        }}
      >
        {t('members.revokeBody', { phone: toRevoke.target?.phoneNumber ?? '', org: orgName })}
      </ConfirmModal>
    </Stack>
  );
}
