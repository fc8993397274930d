import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DownloadFailedError } from '../lib/downloads';
import { createI18n } from './i18n';
import { retryingPage } from './retrying-page';

function setOnline(isOnline: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(isOnline);
  act(() => {
    window.dispatchEvent(new Event(isOnline ? 'online' : 'offline'));
  });
}

function renderPage(Page: React.ComponentType) {
  render(
    <I18nextProvider i18n={createI18n()}>
      <MantineProvider>
        <Page />
      </MantineProvider>
    </I18nextProvider>,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a page whose download failed (no white screens, docs/decisions/017)', () => {
  it('offline, says so with "Try again"; when the connection returns it loads the page by itself', async () => {
    setOnline(false);
    let attempts = 0;
    const loadPage = vi.fn(async () => {
      attempts += 1;
      if (navigator.onLine === false) throw new DownloadFailedError();
      return function AccountPage() {
        return <h1>Account</h1>;
      };
    });
    renderPage(retryingPage(loadPage));
    expect(screen.getByRole('alert')).toHaveTextContent("You're offline");
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("You're offline");
    expect(attempts).toBe(1);

    setOnline(true);
    expect(await screen.findByRole('heading', { name: 'Account' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('online, says the page did not download and passes any other error on', async () => {
    setOnline(true);
    const bug = new Error('a bug in the page');
    const loadPage = vi.fn(async (): Promise<React.ComponentType> => {
      throw bug;
    });
    const Page = retryingPage(loadPage);
    renderPage(Page);
    expect(screen.getByRole('alert')).toHaveTextContent("This page didn't download");
    const thrown: unknown[] = [];
    const onError = (event: ErrorEvent) => {
      thrown.push(event.error);
      event.preventDefault();
    };
    window.addEventListener('error', onError);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
      await vi.waitFor(() => expect(thrown).toContain(bug));
    } finally {
      window.removeEventListener('error', onError);
    }
  });
});
