import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { takeConsoleErrors } from '../test/console-errors';
import { createI18n } from './i18n';
import { RouteError } from './route-error';

function Boom(): never {
  throw new Error('render failed');
}

describe('RouteError (router errors, SPEC.md §8)', () => {
  it('logs the error to the console and offers a reload', async () => {
    const router = createMemoryRouter([
      { path: '/', element: <Boom />, errorElement: <RouteError /> },
    ]);
    render(
      <I18nextProvider i18n={createI18n()}>
        <MantineProvider>
          <RouterProvider router={router} />
        </MantineProvider>
      </I18nextProvider>,
    );
    expect(
      await screen.findByRole('heading', { name: "This page didn't load" }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeInTheDocument();
    const logged = takeConsoleErrors();
    expect(
      logged.some(
        (args) =>
          args[0] === 'Route error' &&
          args[1] instanceof Error &&
          args[1].message === 'render failed',
      ),
    ).toBe(true);
  });
});
