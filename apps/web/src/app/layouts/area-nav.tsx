import { Badge, Box, Button, Menu, OverflowList } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { TAP_TARGET_PX } from './tap-target';

/** One link of an area's navigation (e.g. a program's "Calendar"). */
export interface AreaNavItem {
  /** Visible (and accessible) name of the link. */
  label: string;
  /** Target path. */
  to: string;
  /** A count shown as a badge after the label (e.g. unread conversations); none when 0 or absent. */
  badge?: number;
  /** What the badge counts, for screen readers (e.g. "3 unread conversations"). */
  badgeLabel?: string;
}

/** Props of {@link AreaNav}. */
export interface AreaNavProps {
  /** Accessible name of the navigation landmark, e.g. "Program". */
  label?: string;
  /** The area's pages in order; the one at the current path is marked `aria-current="page"`. */
  items: readonly AreaNavItem[];
}

/**
 * An area's pages as one row of 44 px tabs. Tabs that do not fit the width
 * (a 390 px phone: "Conversations", "Settings") collapse from the end into a
 * "More" menu instead of being clipped or scrolled out of sight; the menu
 * opens with Enter/Space/ArrowDown and its links are reached with the arrow
 * keys (Mantine Menu). The "More" button is highlighted when the current page
 * is inside it and carries the sum of the hidden tabs' badges.
 */
export function AreaNav({ label, items }: AreaNavProps) {
  const location = useLocation();
  return (
    <Box component="nav" aria-label={label}>
      <OverflowList
        data={[...items]}
        gap={4}
        maxRows={1}
        getItemKey={(item: AreaNavItem) => item.to}
        style={{ display: 'flex', flexWrap: 'wrap', gap: 4 }}
        renderItem={(item: AreaNavItem) => (
          <AreaTab item={item} isCurrent={location.pathname === item.to} />
        )}
        renderOverflow={(hidden: AreaNavItem[]) => (
          <MoreMenu items={hidden} currentPath={location.pathname} />
        )}
      />
    </Box>
  );
}

function accessibleName(item: AreaNavItem): string | undefined {
  return item.badge ? `${item.label}, ${item.badgeLabel ?? item.badge}` : undefined;
}

function CountBadge({ count }: { count: number }) {
  return (
    <Badge size="xs" color="red" circle={count < 10} aria-hidden>
      {count}
    </Badge>
  );
}

function AreaTab({ item, isCurrent }: { item: AreaNavItem; isCurrent: boolean }) {
  return (
    <Button
      component={Link}
      to={item.to}
      size="sm"
      h={TAP_TARGET_PX}
      px="sm"
      variant={isCurrent ? 'light' : 'subtle'}
      aria-current={isCurrent ? 'page' : undefined}
      aria-label={accessibleName(item)}
      style={{ flexShrink: 0 }}
      rightSection={item.badge ? <CountBadge count={item.badge} /> : undefined}
    >
      {item.label}
    </Button>
  );
}

interface MoreMenuProps {
  items: AreaNavItem[];
  currentPath: string;
  /** Set by OverflowList to measure the indicator; React 19 passes it as a prop. */
  ref?: Ref<HTMLDivElement>;
}

function MoreMenu({ items, currentPath, ref }: MoreMenuProps) {
  const { t } = useTranslation();
  const holdsCurrent = items.some((item) => item.to === currentPath);
  const badgeTotal = items.reduce((total, item) => total + (item.badge ?? 0), 0);
  return (
    <Box ref={ref} style={{ flexShrink: 0 }}>
      <Menu position="bottom-end" withinPortal hideDetached={false}>
        <Menu.Target>
          <Button
            size="sm"
            h={TAP_TARGET_PX}
            px="sm"
            variant={holdsCurrent ? 'light' : 'subtle'}
            rightSection={
              <>
                {badgeTotal > 0 && <CountBadge count={badgeTotal} />}
                <IconChevronDown size={16} aria-hidden />
              </>
            }
            aria-label={
              badgeTotal > 0 ? t('nav.moreWithCount', { count: badgeTotal }) : t('nav.morePages')
            }
          >
            {t('nav.more')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {items.map((item) => {
            const isCurrent = item.to === currentPath;
            return (
              <Menu.Item
                key={item.to}
                component={Link}
                to={item.to}
                mih={TAP_TARGET_PX}
                aria-current={isCurrent ? 'page' : undefined}
                aria-label={accessibleName(item)}
                rightSection={item.badge ? <CountBadge count={item.badge} /> : undefined}
              >
                {item.label}
              </Menu.Item>
            );
          })}
        </Menu.Dropdown>
      </Menu>
    </Box>
  );
}
