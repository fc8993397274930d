import { Alert, Stack, Tabs } from '@mantine/core';
import {
  IconBuildingCommunity,
  IconCloudDownload,
  IconDeviceMobile,
  IconUsers,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title';
import { useAuth } from '../../../lib/auth';
import { ClientConfigPanel } from '../components/client-config-form';
import { DevicesPanel } from '../components/devices-panel';
import { OrgsPanel } from '../components/orgs-panel';
import { TotpRequiredPanel } from '../components/totp-required-panel';
import { UsersPanel } from '../components/users-panel';
import { useTotpRequired } from '../use-totp-required';

type AdminTab = 'orgs' | 'users' | 'devices' | 'live-update';

/**
 * The global admin area (route `global-admin`): only for global admins
 * (DESIGN.md §2); others are told they have no access. Tabs: Organisations,
 * Users (grant and revoke global admin), Devices (SPEC.md §3 `clients`) and
 * Live update (the config record `client`). Only the open tab is mounted, so
 * only its data is fetched. When the admin API refuses this session with
 * `totp_required` (DESIGN.md §3: global admins must pass an authenticator
 * code), the tabs give way to {@link TotpRequiredPanel}, which says how to
 * get in.
 */
export function GlobalAdminPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [tab, setTab] = useState<AdminTab>('orgs');
  const totp = useTotpRequired();
  const isAdmin = user?.isGlobalAdmin === true;
  return (
    <Stack gap="md">
      <PageTitle title={t('admin.title')} />
      {!isAdmin ? (
        <Alert color="yellow" title={t('admin.noAccessTitle')}>
          {t('admin.noAccess')}
        </Alert>
      ) : totp.isRequired ? (
        <TotpRequiredPanel onRetry={totp.retry} />
      ) : (
        <Tabs
          value={tab}
          onChange={(value) => setTab((value as AdminTab | null) ?? 'orgs')}
          keepMounted={false}
        >
          <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto', scrollbarWidth: 'none' }}>
            <Tabs.Tab value="orgs" leftSection={<IconBuildingCommunity size={16} aria-hidden />}>
              {t('admin.tabs.orgs')}
            </Tabs.Tab>
            <Tabs.Tab value="users" leftSection={<IconUsers size={16} aria-hidden />}>
              {t('admin.tabs.users')}
            </Tabs.Tab>
            <Tabs.Tab value="devices" leftSection={<IconDeviceMobile size={16} aria-hidden />}>
              {t('admin.tabs.devices')}
            </Tabs.Tab>
            <Tabs.Tab value="live-update" leftSection={<IconCloudDownload size={16} aria-hidden />}>
              {t('admin.tabs.liveUpdate')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="orgs" pt="md">
            <OrgsPanel />
          </Tabs.Panel>
          <Tabs.Panel value="users" pt="md">
            <UsersPanel />
          </Tabs.Panel>
          <Tabs.Panel value="devices" pt="md">
            <DevicesPanel />
          </Tabs.Panel>
          <Tabs.Panel value="live-update" pt="md">
            <ClientConfigPanel />
          </Tabs.Panel>
        </Tabs>
      )}
    </Stack>
  );
}
