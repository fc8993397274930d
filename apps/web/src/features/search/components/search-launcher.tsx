import { Box, Button, Kbd } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { lazyPart } from '../../../lib/lazy-part';
import { useTranslation } from 'react-i18next';
import { PENDING_SEARCH_MS, useSearchRequests } from '../search-requests';

const loadPalette = () => import('./search-palette');

// Spotlight (and its CSS) load on the first Ctrl/Cmd+K or click, not with the first screen.
const SearchPalette = lazyPart(() => loadPalette().then((module) => module.SearchPalette));

const isApplePlatform = () =>
  typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.userAgent);

/**
 * The header's "Search" button of every signed-in page. It, or Ctrl/Cmd+K
 * (caught app-wide by `SearchRequestsProvider`, also while this page was still
 * loading), loads the command palette (Mantine Spotlight) on first use; later
 * uses open or toggle it.
 */
export function SearchLauncher() {
  const { t } = useTranslation();
  const { request, ask } = useSearchRequests();
  const [isLoaded, setIsLoaded] = useState(false);
  const isWaiting =
    request !== null && request.isPending && Date.now() - request.at < PENDING_SEARCH_MS;
  // Loaded once asked for; kept afterwards (state adjusted during render, not in an effect).
  if (isWaiting && !isLoaded) setIsLoaded(true);
  const preload = () => void loadPalette().catch(() => undefined);

  return (
    <>
      <Button
        variant="default"
        size="sm"
        h={44}
        px="xs"
        aria-label={t('search.open')}
        aria-keyshortcuts={isApplePlatform() ? 'Meta+K' : 'Control+K'}
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={
          <Kbd size="xs" visibleFrom="sm" aria-hidden>
            {isApplePlatform() ? '⌘ K' : 'Ctrl K'}
          </Kbd>
        }
        onClick={() => ask('open')}
        onMouseEnter={preload}
        onFocus={preload}
      >
        <Box component="span" visibleFrom="sm" c="dimmed" fw={400}>
          {t('search.buttonText')}
        </Box>
      </Button>
      {isLoaded && request && <SearchPalette request={request} retryKey={request} />}
    </>
  );
}
