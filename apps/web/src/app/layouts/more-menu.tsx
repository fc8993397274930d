import { Menu } from '@mantine/core';
import { Link } from 'react-router';
import { accessibleName, CountBadge, MoreButton, type MoreItemsProps } from './area-nav';
import { TAP_TARGET_PX } from './tap-target';

/** Props of {@link MoreMenu}. */
export interface MoreMenuProps extends MoreItemsProps {
  /** Opens the menu when it mounts (the placeholder button was tapped while it downloaded). */
  defaultOpened?: boolean;
  /** Focuses the button when mounted (it replaces a focused placeholder). */
  autoFocus?: boolean;
}

/**
 * The area navigation's "More" menu (see AreaNav): the tabs that did not
 * fit, as links reached with the arrow keys; the current page is marked
 * `aria-current="page"`. Its own chunk, so area pages do not wait for
 * Mantine's Menu and floating-ui (docs/decisions/018).
 */
export function MoreMenu({
  items,
  currentPath,
  defaultOpened = false,
  autoFocus = false,
}: MoreMenuProps) {
  return (
    <Menu position="bottom-end" withinPortal hideDetached={false} defaultOpened={defaultOpened}>
      <Menu.Target>
        <MoreButton items={items} currentPath={currentPath} autoFocus={autoFocus} />
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
  );
}
