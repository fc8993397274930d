import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createI18n } from './i18n';
import { AppProviders } from './providers';
import { createQueryClient } from './query-client';

describe('AppProviders', () => {
  it('writes every theme CSS variable itself, defaults included (no default-css-variables.css is loaded)', () => {
    render(
      <AppProviders queryClient={createQueryClient({ retry: false })} i18n={createI18n()}>
        <p>page</p>
      </AppProviders>,
    );
    const css = [...document.querySelectorAll('style')]
      .map((style) => style.textContent)
      .join('\n');
    // Mantine defaults Rally does not change: left out when Mantine deduplicates against the file.
    expect(css).toMatch(/--mantine-color-gray-0:\s*#f8f9fa/);
    expect(css).toMatch(/--mantine-font-size-md:/);
    expect(css).toMatch(/--mantine-radius-default:/);
    // And Rally's own (shade 8 primary, docs/decisions/021).
    expect(css).toMatch(/--mantine-primary-color-filled:/);
  });
});
