import { LOADING_OVERLAY_SPINNER_SIZE, LOADING_OVERLAY_TEXT } from '@rally/shared/constants';
import { Loader, Stack, Text } from '@mantine/core';

/**
 * The full-screen overlay shown while the sign-in state loads before the first
 * navigation (SPEC.md §2, §9): a spinner of size 40 and the text "Loading...".
 */
export function LoadingOverlay() {
  return (
    <Stack
      role="status"
      aria-live="polite"
      align="center"
      justify="center"
      gap="sm"
      pos="fixed"
      inset={0}
      bg="var(--mantine-color-body)"
      style={{ zIndex: 1000 }}
    >
      <Loader size={LOADING_OVERLAY_SPINNER_SIZE} aria-hidden />
      <Text>{LOADING_OVERLAY_TEXT}</Text>
    </Stack>
  );
}
