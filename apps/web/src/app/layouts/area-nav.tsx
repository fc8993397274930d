import { Badge, Box, Button, OverflowList } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useState, type MouseEventHandler, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useAfterLoadWhenIdle } from '../../lib/idle';
import { lazyPart } from '../../lib/lazy-part';
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
 * keys (Mantine Menu, whose code downloads after the page: see `MoreSlot`).
 * The "More" button is highlighted when the current page is inside it and
 * carries the sum of the hidden tabs' badges.
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
          <MoreSlot items={hidden} currentPath={location.pathname} />
        )}
      />
    </Box>
  );
}

/** The accessible name of a tab or menu item with a badge ("Conversations, 3 unread"). */
export function accessibleName(item: AreaNavItem): string | undefined {
  return item.badge ? `${item.label}, ${item.badgeLabel ?? item.badge}` : undefined;
}

/** A tab's or menu item's count (red, circular under 10), hidden from screen readers. */
export function CountBadge({ count }: { count: number }) {
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

/** What the "More" button and its menu show: the tabs that did not fit. */
export interface MoreItemsProps {
  items: AreaNavItem[];
  currentPath: string;
}

/**
 * Props of the "More" button: the hidden tabs, and (on the placeholder shown
 * while the menu downloads) what a tap does.
 */
export interface MoreButtonProps extends MoreItemsProps {
  onClick?: MouseEventHandler<HTMLButtonElement>;
  /** Takes the focus when mounted (it replaces a focused placeholder). */
  autoFocus?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

/**
 * The "More" button: highlighted when the current page is one of the hidden
 * tabs, with the sum of their badges. Announced as a menu button.
 */
export function MoreButton({ items, currentPath, ...rest }: MoreButtonProps) {
  const { t } = useTranslation();
  const holdsCurrent = items.some((item) => item.to === currentPath);
  const badgeTotal = items.reduce((total, item) => total + (item.badge ?? 0), 0);
  return (
    <Button
      aria-haspopup="menu"
      aria-expanded={false}
      // Inside the menu: Menu.Target's ref, handlers and aria-expanded / aria-controls.
      {...rest}
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
  );
}

const MoreMenu = lazyPart(() => import('./more-menu').then((module) => module.MoreMenu));

interface MoreSlotProps extends MoreItemsProps {
  /** Set by OverflowList to measure the indicator; React 19 passes it as a prop. */
  ref?: Ref<HTMLDivElement>;
}

/**
 * Where the "More" menu goes: the button alone until the page has loaded
 * and the main thread is idle, then the menu (Mantine Menu, Popover and
 * floating-ui: 29 KB), so the first screen neither waits for nor shares its
 * bandwidth with it (docs/decisions/018). A tap before then downloads it at
 * once and opens it when it is there. Offline before it was cached, the
 * button stays and the download is tried again when the browser comes back
 * online or the button is tapped again.
 */
function MoreSlot({ items, currentPath, ref }: MoreSlotProps) {
  // Taps on the placeholder: the first asks for the menu, each one retries a failed download.
  const [taps, setTaps] = useState(0);
  const isIdle = useAfterLoadWhenIdle();
  const showsMenu = isIdle || taps > 0;
  // Focus on the placeholder (a keyboard user got there first, before or
  // while the menu downloads) moves to the button that replaces it. Kept in
  // state, not read from the DOM at render: the menu's chunk arriving swaps
  // the nodes without rendering this slot again.
  const [holdsFocus, setHoldsFocus] = useState(false);
  const placeholder = (
    <MoreButton
      items={items}
      currentPath={currentPath}
      autoFocus={holdsFocus}
      onClick={() => setTaps((count) => count + 1)}
    />
  );
  return (
    <Box
      ref={ref}
      style={{ flexShrink: 0 }}
      onFocus={() => setHoldsFocus(true)}
      onBlur={(event) => {
        const next = event.relatedTarget;
        if (next) {
          if (!event.currentTarget.contains(next)) setHoldsFocus(false);
          return;
        }
        // Focus went nowhere. A node the swap removed keeps it ours; one
        // still in the page lost it (a click elsewhere, another window).
        const left = event.target;
        queueMicrotask(() => {
          if (left.isConnected) setHoldsFocus(false);
        });
      }}
    >
      {showsMenu ? (
        <MoreMenu
          items={items}
          currentPath={currentPath}
          defaultOpened={taps > 0}
          autoFocus={holdsFocus}
          fallback={placeholder}
          retryKey={taps}
        />
      ) : (
        placeholder
      )}
    </Box>
  );
}
