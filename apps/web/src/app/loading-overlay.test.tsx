import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LoadingOverlay } from './loading-overlay';

// SPEC.md §2 and §9 pinned with literals, not the shared constants, so a
// change of a constant fails here.
describe('the loading overlay (SPEC.md §2, §9)', () => {
  it('says exactly "Loading...", covers the whole screen, and spins at size 40', () => {
    render(
      <MantineProvider>
        <LoadingOverlay />
      </MantineProvider>,
    );
    const overlay = screen.getByRole('status');
    expect(overlay.textContent).toBe('Loading...');
    expect(screen.getByText('Loading...', { exact: true })).toBeInTheDocument();

    // Full screen: fixed to the viewport with every inset 0, above the page.
    const style = overlay.style;
    expect(style.position).toBe('fixed');
    expect(style.inset).toMatch(/^0(px|rem)?$/);
    expect(style.width === '' || style.width === '100vw').toBe(true);
    expect(style.height === '' || style.height === '100vh').toBe(true);
    expect(Number(style.zIndex)).toBeGreaterThanOrEqual(1000);

    // Spinner size 40 px = 2.5rem at Mantine's scale 1.
    const spinner = overlay.querySelector('.mantine-Loader-root');
    expect(spinner?.getAttribute('style')).toContain(
      '--loader-size: calc(2.5rem * var(--mantine-scale))',
    );
  });
});
