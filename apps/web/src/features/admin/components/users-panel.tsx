import type { AdminUser } from '@rally/shared/admin';
import { Badge, Button, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ConfirmModal, useConfirmTarget } from '../../../components/confirm-modal';
import { useAuth } from '../../../lib/auth';
import { formatLocalDate } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { adminUsersQueryOptions, useSetGlobalAdmin } from '../api';
import { PagedList, usePagedSearch } from './paged-list';

/**
 * The Users tab: every user (search by name or phone), with "Make global
 * admin" / "Remove global admin", each confirmed; removing the last global
 * admin is refused by the server (409) and its message shown in the dialog.
 */
export function UsersPanel() {
  const { t, i18n } = useTranslation();
  const { user: me } = useAuth();
  const search = usePagedSearch();
  const users = useQuery(adminUsersQueryOptions(search.params));
  const setGlobalAdmin = useSetGlobalAdmin(me?.id);
  const toChange = useConfirmTarget<AdminUser>();
  const nameOf = (user: AdminUser) => user.displayName ?? user.phoneNumber;
  const target = toChange.target;
  const isGrant = target ? !target.isGlobalAdmin : true;

  const onConfirm = () => {
    if (!target) return;
    setGlobalAdmin.mutate(
      { userId: target.id, isGlobalAdmin: isGrant },
      {
        onSuccess: () => {
          toChange.close();
          notify(t(isGrant ? 'admin.granted' : 'admin.revoked', { name: nameOf(target) }));
        },
      },
    );
  };

  return (
    <>
      <PagedList<AdminUser>
        search={search}
        query={users}
        searchLabel={t('admin.searchUsers')}
        totalText={(count) => t('admin.userCount', { count })}
        empty={search.params.q === '' ? t('admin.noUsers') : t('admin.noMatches')}
      >
        {(items) => (
          <Table.ScrollContainer minWidth={640}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('admin.userName')}</Table.Th>
                  <Table.Th>{t('admin.phone')}</Table.Th>
                  <Table.Th>{t('admin.orgsColumn')}</Table.Th>
                  <Table.Th>{t('admin.joined')}</Table.Th>
                  <Table.Th>{t('admin.globalAdmin')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((user) => (
                  <Table.Tr key={user.id}>
                    <Table.Td>
                      {user.displayName ?? (
                        <Text span c="dimmed" size="sm">
                          {t('admin.noName')}
                        </Text>
                      )}
                      {user.id === me?.id && ` ${t('admin.you')}`}
                    </Table.Td>
                    <Table.Td>{user.phoneNumber}</Table.Td>
                    <Table.Td>{user.orgCount}</Table.Td>
                    <Table.Td>
                      {formatLocalDate(user.createdAt.slice(0, 10), i18n.language)}
                    </Table.Td>
                    <Table.Td>
                      {user.isGlobalAdmin && (
                        <Badge variant="light" mr="xs">
                          {t('admin.globalAdminBadge')}
                        </Badge>
                      )}
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        color={user.isGlobalAdmin ? 'red' : 'blue'}
                        aria-label={t(
                          user.isGlobalAdmin ? 'admin.revokeNamed' : 'admin.grantNamed',
                          { name: nameOf(user) },
                        )}
                        onClick={() => {
                          setGlobalAdmin.reset();
                          toChange.open(user);
                        }}
                      >
                        {user.isGlobalAdmin ? t('admin.revoke') : t('admin.grant')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </PagedList>
      <ConfirmModal
        opened={toChange.isOpen}
        title={t(isGrant ? 'admin.grantTitle' : 'admin.revokeTitle', {
          name: target ? nameOf(target) : '',
        })}
        confirmLabel={isGrant ? t('admin.grant') : t('admin.revoke')}
        color={isGrant ? 'blue' : 'red'}
        onClose={toChange.close}
        isPending={setGlobalAdmin.isPending}
        error={setGlobalAdmin.error}
        onConfirm={onConfirm}
      >
        {isGrant
          ? t('admin.grantBody')
          : target?.id === me?.id
            ? t('admin.revokeSelfBody')
            : t('admin.revokeBody')}
      </ConfirmModal>
    </>
  );
}
