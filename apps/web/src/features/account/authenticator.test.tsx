import type { TotpStatus } from '@rally/shared/auth';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, problem, type MockHandler } from '../../test/api-mock';
import { makeUser } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

// The account page's "Authenticator app" section (DESIGN.md §3, RFC 6238) against a
// fake API: the status is a variable the handlers change, as the server's state would.

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const RECOVERY_CODES = Array.from({ length: 10 }, (_, i) => `abc${i}-efgh-jkmn`);
const WRONG_CODE = 'Wrong code. Check the code your authenticator app shows now.';

const off: TotpStatus = {
  enabled: false,
  enabledAt: null,
  recoveryCodesLeft: 0,
  required: false,
  sessionVerified: false,
};
const on: TotpStatus = {
  enabled: true,
  enabledAt: '2026-11-01T10:00:00Z',
  recoveryCodesLeft: 10,
  required: false,
  sessionVerified: true,
};

/** A fake API whose `GET /api/auth/totp` answers `status.current`, which the handlers may change. */
function totpApi(
  initial: TotpStatus,
  handlers: Record<string, MockHandler>,
  isGlobalAdmin = false,
) {
  const status = { current: initial };
  const requests = mockApi({
    'GET /api/auth/session': { user: makeUser({ phoneNumber: '+919876543210', isGlobalAdmin }) },
    'GET /api/auth/totp': () => json(status.current),
    ...handlers,
  });
  return { status, requests };
}

async function findSection() {
  return screen.findByRole('region', { name: 'Authenticator app' });
}

async function enterCode(app: ReturnType<typeof renderApp>, code: string) {
  await app.user.click(await screen.findByLabelText('6-digit code from your authenticator app'));
  await app.user.keyboard(code);
}

const codesShown = (section: HTMLElement) =>
  within(within(section).getByRole('list', { name: 'Recovery codes' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

afterEach(() => {
  // Defined by the download test: jsdom has no object URLs.
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

describe('account page: authenticator app', () => {
  it('sets up an app: QR code and grouped key, a wrong code refused, then the 10 recovery codes once and the on state', async () => {
    const { status, requests } = totpApi(off, {
      'POST /api/auth/totp/enrolment': json(
        { secret: SECRET, otpauthUri: `otpauth://totp/Rally:%2B919876543210?secret=${SECRET}` },
        201,
      ),
      'POST /api/auth/totp/enrolment/confirm': (request) => {
        if ((request.body as { code: string }).code !== '123456') {
          return problem(400, 'invalid_code', { detail: WRONG_CODE });
        }
        status.current = on;
        return json({ recoveryCodes: RECOVERY_CODES });
      },
    });
    const app = renderApp('/account');
    const section = await findSection();
    expect(
      within(section).getByText(/Google Authenticator, Microsoft Authenticator or 1Password/),
    ).toBeInTheDocument();
    expect(within(section).queryByText(/Global admins must/)).toBeNull();
    await app.user.click(
      await within(section).findByRole('button', { name: 'Set up authenticator app' }),
    );

    expect(
      await within(section).findByRole('img', {
        name: 'QR code to add Rally to your authenticator app',
      }),
    ).toBeInTheDocument();
    expect(
      within(section).getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP'),
    ).toBeInTheDocument();
    await app.user.click(within(section).getByRole('button', { name: 'Copy key' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);

    // Not 6 digits yet: said at once, nothing sent.
    await enterCode(app, '123');
    await app.user.click(within(section).getByRole('button', { name: 'Turn on' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'Enter all 6 digits of the code.',
    );
    expect(requests.some((r) => r.path === '/api/auth/totp/enrolment/confirm')).toBe(false);

    await enterCode(app, '000000');
    await app.user.click(within(section).getByRole('button', { name: 'Turn on' }));
    expect(await within(section).findByText(WRONG_CODE)).toBeInTheDocument();
    expect(within(section).getByRole('alert')).toHaveTextContent("That code didn't work");
    // The boxes are emptied for the next code.
    expect(screen.getByLabelText('6-digit code from your authenticator app')).toHaveValue('');
    expect(screen.getByLabelText('Digit 6 of 6')).toHaveValue('');

    await enterCode(app, '123456');
    await app.user.click(within(section).getByRole('button', { name: 'Turn on' }));
    expect(
      await within(section).findByRole('heading', { name: 'Your recovery codes' }),
    ).toBeInTheDocument();
    expect(codesShown(section)).toEqual(RECOVERY_CODES);
    expect(within(section).getByText(/won't be shown again/)).toBeInTheDocument();
    expect(await screen.findByText('The authenticator app is on.')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
      undefined,
      { code: '000000' },
      { code: '123456' },
    ]);

    await app.user.click(
      within(section).getByRole('button', { name: "I've saved my recovery codes" }),
    );
    expect(await within(section).findByText('On since Nov 1, 2026')).toBeInTheDocument();
    expect(within(section).getByText('10 recovery codes left.')).toBeInTheDocument();
    expect(within(section).queryByRole('list', { name: 'Recovery codes' })).toBeNull();
    expect(within(section).getByRole('heading', { name: 'Authenticator app' })).toHaveFocus();
  });

  it('makes new recovery codes with an authenticator code, and copies and downloads them', async () => {
    let tries = 0;
    const { status, requests } = totpApi(
      { ...on, recoveryCodesLeft: 2 },
      {
        'POST /api/auth/totp/recovery-codes': () => {
          tries += 1;
          if (tries === 1) return problem(429, 'too_many_requests', { retryAfterSeconds: 600 });
          status.current = on;
          return json({ recoveryCodes: RECOVERY_CODES });
        },
      },
    );
    const created = vi.fn((_blob: Blob) => 'blob:recovery-codes');
    Object.defineProperty(URL, 'createObjectURL', { value: created, configurable: true });
    Object.defineProperty(URL, 'revokeObjectURL', { value: vi.fn(), configurable: true });
    const clicked = vi
      .spyOn(HTMLAnchorElement.prototype, 'click')
      .mockImplementation(function (this: HTMLAnchorElement) {});
    const app = renderApp('/account');
    const section = await findSection();
    expect(await within(section).findByText('Running out of recovery codes')).toBeInTheDocument();
    expect(within(section).getByText(/2 recovery codes left\./)).toBeInTheDocument();

    await app.user.click(within(section).getByRole('button', { name: 'New recovery codes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make new recovery codes?' });
    expect(within(dialog).getByText(/Your old recovery codes stop working/)).toBeInTheDocument();
    await enterCode(app, '654321');
    await app.user.click(within(dialog).getByRole('button', { name: 'Make new codes' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Too many attempts. Try again in 10 minutes.',
    );
    await enterCode(app, '654321');
    await app.user.click(within(dialog).getByRole('button', { name: 'Make new codes' }));
    await waitFor(() => expect(codesShown(section)).toEqual(RECOVERY_CODES));
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
      { code: '654321' },
      { code: '654321' },
    ]);

    await app.user.click(within(section).getByRole('button', { name: 'Copy all' }));
    expect(await navigator.clipboard.readText()).toBe(RECOVERY_CODES.join('\n'));
    await app.user.click(within(section).getByRole('button', { name: 'Download' }));
    expect(clicked).toHaveBeenCalledOnce();
    const link = clicked.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('rally-recovery-codes.txt');
    expect(link.getAttribute('href')).toBe('blob:recovery-codes');
    const file = await created.mock.calls[0]![0].text();
    expect(file).toContain('Rally recovery codes for +919876543210');
    expect(file).toContain(RECOVERY_CODES.join('\n'));

    await app.user.click(
      within(section).getByRole('button', { name: "I've saved my recovery codes" }),
    );
    expect(await within(section).findByText('10 recovery codes left.')).toBeInTheDocument();
    expect(within(section).queryByText('Running out of recovery codes')).toBeNull();
  });

  it('turns the app off with a recovery code, after saying sign-in will need only the phone code', async () => {
    const { status, requests } = totpApi(on, {
      'POST /api/auth/totp/disable': (request) => {
        if ((request.body as { code: string }).code !== 'abcd-efgh-jkmn') {
          return problem(400, 'invalid_code', { detail: WRONG_CODE });
        }
        status.current = off;
        return new Response(null, { status: 204 });
      },
    });
    const app = renderApp('/account');
    const section = await findSection();
    await app.user.click(await within(section).findByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Turn off the authenticator app?',
    });
    expect(
      within(dialog).getByText(
        'Signing in to Rally will then need only the code sent to your phone.',
      ),
    ).toBeInTheDocument();
    const field = within(dialog).getByLabelText(
      'Code from your authenticator app, or a recovery code',
    );

    await app.user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await within(dialog).findByText('Enter a code.')).toBeInTheDocument();
    await app.user.type(field, 'abcd-efgh-jkmm');
    await app.user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(WRONG_CODE);
    expect(field).toHaveValue('');

    await app.user.type(field, 'abcd-efgh-jkmn');
    await app.user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(
      await screen.findByText(
        'The authenticator app is off. Signing in needs only your phone code.',
      ),
    ).toBeInTheDocument();
    expect(
      await within(section).findByRole('button', { name: 'Set up authenticator app' }),
    ).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
      { code: 'abcd-efgh-jkmm' },
      { code: 'abcd-efgh-jkmn' },
    ]);
  });

  it('does not offer a global admin to turn it off, and says why', async () => {
    totpApi({ ...on, required: true }, {}, true);
    renderApp('/account');
    const section = await findSection();
    expect(
      await within(section).findByText(/Global admins must keep an authenticator app/),
    ).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'New recovery codes' })).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Turn off' })).toBeNull();
  });

  it('tells a global admin without an app that they must set one up', async () => {
    totpApi({ ...off, required: true }, {}, true);
    renderApp('/account');
    const section = await findSection();
    expect(
      await within(section).findByText(
        'Global admins must set up an authenticator app to use the global-admin area.',
      ),
    ).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Set up authenticator app' })).toBeEnabled();
  });

  it('scrolls to the section when the page is opened at #authenticator', async () => {
    const scrolled = vi.spyOn(HTMLElement.prototype, 'scrollIntoView');
    totpApi(off, {});
    renderApp('/account#authenticator');
    const section = await findSection();
    expect(section).toHaveAttribute('id', 'authenticator');
    await waitFor(() => expect(scrolled.mock.contexts).toContain(section));
  });

  it('shows a failed status with "Try again"', async () => {
    let calls = 0;
    totpApi(off, {
      'GET /api/auth/totp': () => {
        calls += 1;
        return calls === 1 ? problem(500, 'internal_error') : json(off);
      },
    });
    const app = renderApp('/account');
    const section = await findSection();
    await app.user.click(await within(section).findByRole('button', { name: 'Try again' }));
    expect(
      await within(section).findByRole('button', { name: 'Set up authenticator app' }),
    ).toBeInTheDocument();
  });
});
