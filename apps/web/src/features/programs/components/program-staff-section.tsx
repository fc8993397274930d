import type { Program, ProgramRole, ProgramStaffMember } from '@rally/shared/programs';
import { Badge, Button, Card, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal, useConfirmTarget } from '../../../components/confirm-modal';
import { ErrorAlert } from '../../../components/error-alert';
import { QueryState } from '../../../components/query-state';
import { notify } from '../../../lib/notify';
import { orgMembersQueryOptions } from '../../orgs/api';
import { programStaffQueryOptions, useRemoveProgramStaff, useSetProgramStaff } from '../api';

const ROLES: readonly ProgramRole[] = ['manager', 'coach'];

/** Props of {@link ProgramStaffSection}. */
export interface ProgramStaffSectionProps {
  program: Program;
  /** `canManageStaff` of an active program: add, change and remove staff. */
  canManage: boolean;
}

/**
 * The program's managers and coaches. Those who manage staff change a role
 * (select), remove someone (after confirmation) and add a member of the
 * organisation (`GET /api/orgs/:orgId/members`) as manager or coach.
 */
export function ProgramStaffSection({ program, canManage }: ProgramStaffSectionProps) {
  const { t } = useTranslation();
  const staff = useQuery(programStaffQueryOptions(program.id));
  const setStaff = useSetProgramStaff(program.id);
  const remove = useRemoveProgramStaff(program.id);
  const toRemove = useConfirmTarget<ProgramStaffMember>();
  const nameOf = (member: ProgramStaffMember) => member.displayName ?? t('programStaff.unnamed');

  return (
    <Stack gap="md">
      {setStaff.isError && <ErrorAlert error={setStaff.error} />}
      <QueryState query={staff}>
        {(list) =>
          list.length === 0 ? (
            <Text c="dimmed">{t('program.noStaff')}</Text>
          ) : (
            <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
              {list.map((member) => (
                <Card component="li" key={member.userId} withBorder padding="sm">
                  <Group justify="space-between" gap="xs">
                    <Text fw={600}>{nameOf(member)}</Text>
                    {canManage ? (
                      <Group gap="xs" wrap="nowrap">
                        <NativeSelect
                          aria-label={t('programStaff.roleOf', { name: nameOf(member) })}
                          value={member.role}
                          disabled={setStaff.isPending}
                          data={ROLES.map((role) => ({
                            value: role,
                            label: t(`programStaff.role.${role}`),
                          }))}
                          onChange={(event) =>
                            setStaff.mutate({
                              userId: member.userId,
                              role: event.currentTarget.value as ProgramRole,
                            })
                          }
                        />
                        <Button
                          variant="subtle"
                          color="red"
                          aria-label={t('programStaff.removeNamed', { name: nameOf(member) })}
                          onClick={() => {
                            remove.reset();
                            toRemove.open(member);
                          }}
                        >
                          {t('programStaff.remove')}
                        </Button>
                      </Group>
                    ) : (
                      <Badge variant="light">{t(`programStaff.role.${member.role}`)}</Badge>
                    )}
                  </Group>
                </Card>
              ))}
            </Stack>
          )
        }
      </QueryState>
      {canManage && staff.data && <AddStaffForm program={program} staff={staff.data} />}
      <ConfirmModal
        opened={toRemove.isOpen}
        title={t('programStaff.removeTitle', {
          name: toRemove.target ? nameOf(toRemove.target) : '',
        })}
        confirmLabel={t('programStaff.remove')}
        onClose={toRemove.close}
        isPending={remove.isPending}
        error={remove.error}
        onConfirm={() => {
          const member = toRemove.target;
          if (!member) return;
          remove.mutate(member.userId, {
            onSuccess: () => {
              notify(t('programStaff.removed', { name: nameOf(member), program: program.name }));
              toRemove.close();
            },
          });
        }}
      >
        {t('programStaff.removeBody', { program: program.name })}
      </ConfirmModal>
    </Stack>
  );
}

function AddStaffForm({
  program,
  staff,
}: {
  program: Program;
  staff: readonly ProgramStaffMember[];
}) {
  const { t } = useTranslation();
  const members = useQuery(orgMembersQueryOptions(program.orgId));
  const setStaff = useSetProgramStaff(program.id);
  const [userId, setUserId] = useState('');
  const [role, setRole] = useState<ProgramRole>('coach');
  const staffIds = new Set(staff.map((member) => member.userId));
  const candidates = (members.data?.members ?? []).filter((m) => !staffIds.has(m.userId));

  const add = () => {
    const member = candidates.find((m) => m.userId === userId);
    if (!member) return;
    setStaff.mutate(
      { userId, role },
      {
        onSuccess: () => {
          notify(
            t('programStaff.added', {
              name: member.displayName ?? member.phoneNumber ?? t('programStaff.unnamed'),
              role: t(`programStaff.role.${role}`),
            }),
          );
          setUserId('');
        },
      },
    );
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby="add-staff">
      <Title order={3} size="h4" id="add-staff">
        {t('programStaff.addTitle')}
      </Title>
      <QueryState query={members}>
        {() =>
          candidates.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('programStaff.noCandidates')}
            </Text>
          ) : (
            <form
              onSubmit={(event) => {
                event.preventDefault();
                add();
              }}
            >
              <Stack gap="sm" maw={560}>
                <Group gap="sm" align="flex-end" grow preventGrowOverflow={false}>
                  <NativeSelect
                    label={t('programStaff.member')}
                    value={userId}
                    onChange={(event) => setUserId(event.currentTarget.value)}
                    data={[
                      { value: '', label: t('programStaff.chooseMember') },
                      ...candidates.map((m) => ({
                        value: m.userId,
                        label: m.displayName ?? m.phoneNumber ?? t('programStaff.unnamed'),
                      })),
                    ]}
                  />
                  <NativeSelect
                    label={t('programStaff.programRole')}
                    value={role}
                    onChange={(event) => setRole(event.currentTarget.value as ProgramRole)}
                    data={ROLES.map((value) => ({
                      value,
                      label: t(`programStaff.role.${value}`),
                    }))}
                  />
                </Group>
                {setStaff.isError && <ErrorAlert error={setStaff.error} />}
                <Button
                  type="submit"
                  variant="light"
                  disabled={userId === ''}
                  loading={setStaff.isPending}
                  style={{ alignSelf: 'flex-start' }}
                >
                  {t('programStaff.add')}
                </Button>
              </Stack>
            </form>
          )
        }
      </QueryState>
    </Stack>
  );
}
