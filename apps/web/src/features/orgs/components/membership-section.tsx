import type { Org, OrgMember } from '@rally/shared/orgs';
import { Button, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmModal } from '../../../components/confirm-modal';
import { notify } from '../../../lib/notify';
import { useForgetOrgWhenGone, useLeaveOrg, useTransferOwnership } from '../api';
import { memberName } from '../member-name';

/** Props of {@link MembershipSection}. */
export interface MembershipSectionProps {
  /** The org; `role` is the caller's (this section is shown to members only). */
  org: Org;
  /** The org's members, to pick the new owner from; undefined while they load. */
  members: readonly OrgMember[] | undefined;
  myUserId: string;
}

/**
 * The caller's own membership: "Leave organisation" (confirmed; the last
 * owner is told to make someone else an owner first, the server's 409) and,
 * for owners, "Transfer ownership" to another member (confirmed; the caller
 * becomes an admin).
 */
export function MembershipSection({ org, members, myUserId }: MembershipSectionProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const markGone = useForgetOrgWhenGone(org.id);
  const leave = useLeaveOrg(org.id);
  const transfer = useTransferOwnership(org.id);
  const [isLeaving, leaveModal] = useDisclosure(false);
  const [isTransferring, transferModal] = useDisclosure(false);
  const [newOwnerId, setNewOwnerId] = useState('');
  const others = (members ?? []).filter((member) => member.userId !== myUserId);
  const newOwner = others.find((member) => member.userId === newOwnerId);

  const onLeave = () =>
    leave.mutate(undefined, {
      onSuccess: async () => {
        leaveModal.close();
        notify(t('membership.left', { org: org.name }));
        markGone();
        await navigate('/', { replace: true });
      },
    });

  const onTransfer = () => {
    if (!newOwner) return;
    transfer.mutate(newOwner.userId, {
      onSuccess: () => {
        transferModal.close();
        setNewOwnerId('');
        notify(t('membership.transferred', { name: memberName(t, newOwner), org: org.name }));
      },
    });
  };

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Text>
          {org.role
            ? t('membership.yourRole', { role: t(`org.role.${org.role}`), org: org.name })
            : null}
        </Text>
        <Button
          variant="light"
          color="red"
          style={{ alignSelf: 'flex-start' }}
          onClick={() => {
            leave.reset();
            leaveModal.open();
          }}
        >
          {t('membership.leave')}
        </Button>
      </Stack>

      {org.role === 'owner' && (
        <Stack gap="xs" component="section" aria-labelledby="org-transfer">
          <Title order={3} size="h4" id="org-transfer">
            {t('membership.transferTitle')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('membership.transferHint')}
          </Text>
          {members === undefined ? null : others.length === 0 ? (
            <Text size="sm">{t('membership.noOneToTransferTo')}</Text>
          ) : (
            <Group gap="sm" align="flex-end">
              <NativeSelect
                label={t('membership.newOwner')}
                value={newOwnerId}
                onChange={(event) => setNewOwnerId(event.currentTarget.value)}
                data={[
                  { value: '', label: t('membership.chooseMember') },
                  ...others.map((member) => ({
                    value: member.userId,
                    label: `${memberName(t, member)} (${t(`org.role.${member.role}`)})`,
                  })),
                ]}
              />
              <Button
                variant="light"
                color="orange"
                disabled={!newOwner}
                onClick={() => {
                  transfer.reset();
                  transferModal.open();
                }}
              >
                {t('membership.transfer')}
              </Button>
            </Group>
          )}
        </Stack>
      )}

      <ConfirmModal
        opened={isLeaving}
        title={t('membership.leaveTitle', { org: org.name })}
        confirmLabel={t('membership.leave')}
        onClose={leaveModal.close}
        isPending={leave.isPending}
        error={leave.error}
        onConfirm={onLeave}
      >
        {t('membership.leaveBody', { org: org.name })}
      </ConfirmModal>

      <ConfirmModal
        opened={isTransferring}
        title={t('membership.transferConfirmTitle', {
          name: newOwner ? memberName(t, newOwner) : '',
        })}
        confirmLabel={t('membership.transfer')}
        color="orange"
        onClose={transferModal.close}
        isPending={transfer.isPending}
        error={transfer.error}
        onConfirm={onTransfer}
      >
        {t('membership.transferBody', {
          name: newOwner ? memberName(t, newOwner) : '',
          org: org.name,
        })}
      </ConfirmModal>
    </Stack>
  );
}
