import {
  Anchor,
  AppShell,
  Box,
  Burger,
  Container,
  Group,
  NavLink,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconHome, IconLogout, IconShieldLock, IconUser } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { MessageOutboxSync } from '../../features/conversations/components/message-outbox-sync';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { SearchLauncher } from '../../features/search/components/search-launcher';
import { useAuth } from '../../lib/auth';
import { loginPathFor } from '../../lib/login-path';
import { notify } from '../../lib/notify';
import { TAP_TARGET_PX } from './tap-target';
import { OfflineBanner } from './offline-banner';
import { RsvpOutboxSync } from '../../components/rsvp-outbox-sync';
import { WaitingMarksSync } from './waiting-marks-sync';

/** Props of {@link AreaShell}. */
export interface AreaShellProps {
  /** Name of the thing the area is about (a program, an org, a profile); omitted while loading. */
  areaTitle?: ReactNode;
  /** A line above the area title, e.g. the organisation of a program. */
  areaContext?: ReactNode;
  /**
   * The area's pages as tabs: an `AreaNav` (area-nav.tsx) from the area's layout
   * (which imports it, so a page without tabs, such as home, never loads
   * the tabs' overflow menu; docs/decisions/018).
   */
  navigation?: ReactNode;
  /** Page content; defaults to the route's outlet. */
  children?: ReactNode;
  /**
   * The area's title is loading: a skeleton of its height holds its place,
   * so the page below does not move when it comes (Lighthouse's CLS;
   * docs/decisions/018).
   */
  titlePending?: boolean;
  /** The area's tabs will show once loaded: a skeleton row of their height holds their place. */
  navigationPending?: boolean;
}

/**
 * The frame every signed-in area shares (SPEC.md §2 layouts), phone first: a
 * header with the Rally home link, search (button and Ctrl/Cmd+K) and the
 * account menu; on phones (< sm, 600 px)
 * a burger opens a navbar with the app-wide links. Below the header the area's
 * title and its pages as a row of 44 px tabs whose overflow collapses into a
 * "More" menu (`navigation`, an `AreaNav`), so nothing is clipped on a
 * 390 px phone.
 */
export function AreaShell({
  areaTitle,
  areaContext,
  navigation,
  children,
  titlePending = false,
  navigationPending = false,
}: AreaShellProps) {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);
  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !opened, desktop: true } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              w={TAP_TARGET_PX}
              h={TAP_TARGET_PX}
              p={13}
              aria-label={opened ? t('nav.closeMenu') : t('nav.openMenu')}
            />
            <Anchor component={Link} to="/" fw={800} fz="lg" underline="never" c="blue.8">
              {t('app.name')}
            </Anchor>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <HeaderSearch />
            <HeaderNotifications />
            <AccountMenu />
          </Group>
        </Group>
      </AppShell.Header>
      {opened && (
        <AppShell.Navbar p="sm" aria-label={t('nav.appNavigation')}>
          <AppNavLinks onNavigate={close} />
        </AppShell.Navbar>
      )}
      <AppShell.Main>
        <Container size="md" px={0}>
          <Stack gap="md">
            <OfflineBanner />
            {(areaTitle || navigation || titlePending || navigationPending) && (
              <AreaHeader
                areaTitle={areaTitle}
                areaContext={areaContext}
                navigation={navigation}
                titlePending={titlePending}
                navigationPending={navigationPending}
              />
            )}
            <Box>{children ?? <Outlet />}</Box>
          </Stack>
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}

/**
 * Height of the area title's line (`lg` text) and of its skeleton, in px
 * (the tabs' row and its skeleton are `TAP_TARGET_PX`).
 */
const TITLE_LINE_PX = 28;

function AreaHeader({
  areaTitle,
  areaContext,
  navigation,
  titlePending,
  navigationPending,
}: AreaShellProps) {
  return (
    <Stack gap={4}>
      {areaContext && (
        <Text size="sm" c="dimmed">
          {areaContext}
        </Text>
      )}
      {areaTitle ? (
        <Text fw={700} size="lg" lineClamp={1} mih={TITLE_LINE_PX}>
          {areaTitle}
        </Text>
      ) : (
        titlePending && (
          <Skeleton
            height={TITLE_LINE_PX}
            width="40%"
            radius="sm"
            data-testid="area-title-pending"
          />
        )
      )}
      {navigation ??
        (navigationPending && (
          <Skeleton height={TAP_TARGET_PX} width="70%" radius="sm" data-testid="area-nav-pending" />
        ))}
    </Stack>
  );
}

function AppNavLinks({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const { user, signOut } = useAuth();
  const location = useLocation();
  if (!user) {
    return (
      <NavLink
        component={Link}
        to={loginPathFor(location.pathname + location.search + location.hash)}
        label={t('auth.signIn')}
        onClick={onNavigate}
      />
    );
  }
  return (
    <Stack gap={4}>
      <NavLink
        component={Link}
        to="/"
        label={t('nav.home')}
        leftSection={<IconHome size={18} aria-hidden />}
        active={location.pathname === '/'}
        onClick={onNavigate}
      />
      <NavLink
        component={Link}
        to="/account"
        label={t('nav.account')}
        leftSection={<IconUser size={18} aria-hidden />}
        active={location.pathname === '/account'}
        onClick={onNavigate}
      />
      {user.isGlobalAdmin && (
        <NavLink
          component={Link}
          to="/global-admin"
          label={t('nav.globalAdmin')}
          leftSection={<IconShieldLock size={18} aria-hidden />}
          active={location.pathname === '/global-admin'}
          onClick={onNavigate}
        />
      )}
      <NavLink
        component="button"
        label={t('auth.signOut')}
        leftSection={<IconLogout size={18} aria-hidden />}
        onClick={() => void signOutWithNotice(signOut, t('auth.signOutFailed'))}
      />
    </Stack>
  );
}

async function signOutWithNotice(signOut: () => Promise<void>, failure: string) {
  try {
    await signOut();
  } catch {
    notify(failure, { color: 'red' });
  }
}

/** The search button and Ctrl/Cmd+K palette, for signed-in users only (search needs a session). */
function HeaderSearch() {
  const { user } = useAuth();
  return user ? <SearchLauncher /> : null;
}

/**
 * The notifications bell (docs/decisions/007) and the senders of the messages,
 * attendance and RSVP outboxes, for signed-in users only: all belong to a session.
 */
function HeaderNotifications() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <>
      <NotificationBell userId={user.id} />
      <MessageOutboxSync />
      <WaitingMarksSync userId={user.id} />
      <RsvpOutboxSync userId={user.id} />
    </>
  );
}

/**
 * The header's account entry: the signed-in user's name linking to the account
 * page (sign-out lives there and in the phone navbar). Signed out it shows
 * nothing: the only pages a visitor sees here ask to sign in themselves.
 */
function AccountMenu() {
  const { t } = useTranslation();
  const { user } = useAuth();
  if (!user) return null;
  return (
    <Anchor
      component={Link}
      to="/account"
      size="sm"
      maw={180}
      truncate="end"
      aria-label={t('nav.accountOf', { name: user.displayName ?? user.phoneNumber })}
      visibleFrom="sm"
    >
      <Group gap={4} wrap="nowrap" component="span">
        <IconUser size={16} aria-hidden />
        {user.displayName ?? user.phoneNumber}
      </Group>
    </Anchor>
  );
}
