import {
  FORMER_MEMBER_NAME,
  type AccountDeletionPreview,
  type DeletionOrg,
  type DeletionProfile,
} from '@rally/shared/account-deletion';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi, problem, type MockHandler } from '../../test/api-mock';
import { makeUser, newId } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

// The account deletion page (route `delete-account`, docs/decisions/025) against a
// fake API: the preview, the code texted to the user's own phone, and the deletion.

const PHONE = '+919876543210';
const CODE_LABEL = '6-digit code from the text message';
const TOTP_LABEL = /^Code from your authenticator app, or a recovery code/;

function makeDeletionOrg(overrides: Partial<DeletionOrg> = {}): DeletionOrg {
  return {
    orgId: newId(),
    name: 'Riverside FC',
    role: 'staff',
    isSoleOwner: false,
    enrolments: [],
    ...overrides,
  };
}

function makeDeletionProfile(overrides: Partial<DeletionProfile> = {}): DeletionProfile {
  return {
    profileId: newId(),
    displayName: 'Arjun Rao',
    relationship: 'guardian',
    otherManagers: [],
    outcome: 'decide',
    ...overrides,
  };
}

function makePreview(overrides: Partial<AccountDeletionPreview> = {}): AccountDeletionPreview {
  return {
    phoneNumber: PHONE,
    totpEnabled: false,
    orgs: [],
    profiles: [],
    canDelete: true,
    ...overrides,
  };
}

const codeSent = () =>
  json({
    verificationId: newId(),
    phoneNumber: PHONE,
    expiresAt: new Date(Date.now() + 5 * 60_000).toISOString(),
    resendAfterSeconds: 60,
  });

/** A fake API for the page: the signed-in user, `preview` (or a handler), a code that is always sent, and `handlers`. */
function deletionApi(
  preview: AccountDeletionPreview | MockHandler,
  handlers: Record<string, MockHandler> = {},
) {
  return mockApi({
    'GET /api/auth/session': { user: makeUser({ phoneNumber: PHONE }) },
    'GET /api/account/deletion': preview,
    'POST /api/account/deletion/code': codeSent,
    ...handlers,
  });
}

type App = ReturnType<typeof renderApp>;

async function sendAndEnterCode(app: App, code = '123456') {
  await app.user.click(await screen.findByRole('button', { name: `Text a code to ${PHONE}` }));
  await app.user.click(await screen.findByLabelText(CODE_LABEL));
  await app.user.keyboard(code);
}

/** Presses "Delete my account" and confirms in the dialog. */
async function deleteAndConfirm(app: App) {
  await app.user.click(screen.getByRole('button', { name: 'Delete my account' }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete your account now?' });
  await app.user.click(within(dialog).getByRole('button', { name: 'Delete account' }));
}

const deletions = (requests: ReturnType<typeof mockApi>) =>
  requests.filter((r) => r.method === 'POST' && r.path === '/api/account/deletion');

describe('delete account page', () => {
  it('shows what goes, each organisation with the role and enrolments, and what happens to each profile', async () => {
    const self = makeDeletionProfile({
      displayName: 'Asha Rao',
      relationship: 'self',
      outcome: 'erased',
    });
    const shared = makeDeletionProfile({
      displayName: 'Meera Rao',
      otherManagers: ['Vikram Rao', null],
      outcome: 'stays',
    });
    const child = makeDeletionProfile({ displayName: 'Arjun Rao' });
    const enrolment = (programName: string, profile: DeletionProfile) => ({
      programId: newId(),
      programName,
      status: 'active' as const,
      profileId: profile.profileId,
      profileName: profile.displayName,
    });
    deletionApi(
      makePreview({
        orgs: [
          makeDeletionOrg({
            name: 'Riverside FC',
            role: 'admin',
            enrolments: [enrolment('U12 Football', child), enrolment('Parents 5-a-side', self)],
          }),
          makeDeletionOrg({
            name: 'Lakeview Swim Club',
            role: null,
            enrolments: [enrolment('Junior Squad', shared)],
          }),
        ],
        profiles: [self, shared, child],
      }),
    );
    renderApp('/account/delete');

    expect(await screen.findByRole('heading', { name: 'Delete account' })).toBeInTheDocument();
    expect(await screen.findByText(`your phone number, ${PHONE}`)).toBeInTheDocument();
    expect(screen.getByText("This can't be undone.")).toBeInTheDocument();
    expect(
      screen.getByText(/as a new person who sees nothing of this account/),
    ).toBeInTheDocument();

    const orgs = within(screen.getByRole('region', { name: 'In your organisations' }));
    const riverside = orgs.getByText('Riverside FC').closest('li');
    const lakeview = orgs.getByText('Lakeview Swim Club').closest('li');
    expect(riverside).toHaveTextContent(/^Riverside FCAdmin/);
    expect(
      within(within(riverside!).getByRole('list', { name: 'Enrolments in Riverside FC' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Arjun Rao · U12 Football', 'Asha Rao · Parents 5-a-side']);
    expect(within(riverside!).getByText('You leave Riverside FC.')).toBeInTheDocument();
    expect(lakeview).toHaveTextContent(/^Lakeview Swim ClubFamily/);
    expect(within(lakeview!).getByText('Meera Rao · Junior Squad')).toBeInTheDocument();
    expect(within(lakeview!).queryByText(/You leave/)).toBeNull();

    const profiles = within(screen.getByRole('region', { name: 'Profiles you manage' }));
    expect(profiles.getByText('Stays with Vikram Rao and another manager')).toBeInTheDocument();
    expect(
      profiles.getByText(
        `Your profile is erased: organisations keep its attendance and dues as “${FORMER_MEMBER_NAME}”`,
      ),
    ).toBeInTheDocument();
    const choice = profiles.getByRole('radiogroup', { name: 'Arjun Rao' });
    expect(
      within(choice).getByRole('radio', { name: /Delete Arjun Rao's profile/ }),
    ).not.toBeChecked();
    expect(
      within(choice).getByRole('radio', { name: /Hand Arjun Rao to another guardian/ }),
    ).not.toBeChecked();

    const keeps = within(screen.getByRole('region', { name: 'What organisations keep' }));
    expect(keeps.getByText(/Attendance, dues and match records stay/)).toHaveTextContent(
      `“${FORMER_MEMBER_NAME}”`,
    );
    expect(keeps.getByText(/Messages you sent stay in their conversations/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete my account' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Back to your account' })).toHaveAttribute(
      'href',
      '/account',
    );
  });

  it('says so when the user is in no organisation and manages no profile', async () => {
    deletionApi(makePreview());
    renderApp('/account/delete');
    expect(await screen.findByText("You're not in any organisation.")).toBeInTheDocument();
    expect(screen.getByText("You don't manage any profiles.")).toBeInTheDocument();
  });

  it("keeps deletion off for an organisation's only owner and links to its settings", async () => {
    const org = makeDeletionOrg({ name: 'Riverside FC', role: 'owner', isSoleOwner: true });
    const requests = deletionApi(makePreview({ orgs: [org], canDelete: false }));
    const app = renderApp('/account/delete');

    expect(
      await screen.findByText(
        "You're the only owner of Riverside FC. Make someone else an owner or delete the organisation before deleting your account.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('You leave Riverside FC.')).toBeNull();
    expect(screen.getByRole('link', { name: "Go to Riverside FC's settings" })).toHaveAttribute(
      'href',
      `/orgs/${org.orgId}/settings`,
    );
    const button = screen.getByRole('button', { name: 'Delete my account' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(
      'You can delete your account once no organisation needs you as its only owner.',
    );
    await app.user.click(button);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(deletions(requests)).toEqual([]);
  });

  it("asks what happens to each child nobody else manages, with the new guardian's phone, and sends exactly that", async () => {
    const arjun = makeDeletionProfile({ displayName: 'Arjun Rao' });
    const kabir = makeDeletionProfile({ displayName: 'Kabir Rao' });
    const requests = deletionApi(makePreview({ profiles: [arjun, kabir] }), {
      'POST /api/account/deletion': { deletedAt: '2026-11-02T10:00:00Z' },
    });
    const app = renderApp('/account/delete');
    await sendAndEnterCode(app, '123456');

    await app.user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const arjunChoice = screen.getByRole('radiogroup', { name: 'Arjun Rao' });
    const kabirChoice = screen.getByRole('radiogroup', { name: 'Kabir Rao' });
    expect(arjunChoice).toHaveAccessibleDescription(
      expect.stringContaining("Choose what happens to Arjun Rao's profile."),
    );
    expect(kabirChoice).toHaveAccessibleDescription(
      expect.stringContaining("Choose what happens to Kabir Rao's profile."),
    );
    expect(within(arjunChoice).getByRole('radio', { name: /Delete Arjun/ })).toHaveFocus();
    expect(screen.queryByRole('dialog')).toBeNull();

    await app.user.click(within(arjunChoice).getByRole('radio', { name: /Delete Arjun/ }));
    await app.user.click(within(kabirChoice).getByRole('radio', { name: /Hand Kabir/ }));
    expect(arjunChoice).not.toHaveAccessibleDescription(
      expect.stringContaining("Choose what happens to Arjun Rao's profile."),
    );
    const phone = screen.getByLabelText(/Phone number of Kabir Rao's new guardian/);
    await app.user.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(phone).toHaveAccessibleDescription("Enter the new guardian's phone number.");
    expect(phone).toHaveFocus();
    expect(screen.queryByRole('dialog')).toBeNull();

    await app.user.type(phone, '+91 98111 22233');
    await deleteAndConfirm(app);
    await waitFor(() => expect(deletions(requests)).toHaveLength(1));
    const sent = requests.find((r) => r.path === '/api/account/deletion/code');
    expect(sent).toBeDefined();
    expect(deletions(requests)[0]!.body).toEqual({
      verificationId: expect.any(String),
      code: '123456',
      decisions: [
        { profileId: arjun.profileId, action: 'delete' },
        { profileId: kabir.profileId, action: 'handover', phoneNumber: '+91 98111 22233' },
      ],
    });
  });

  it('texts a code (saying when to retry a failed send), counts down to a new one, and asks for the authenticator code when the account has one', async () => {
    let sends = 0;
    const verificationIds: string[] = [];
    const requests = deletionApi(makePreview({ totpEnabled: true }), {
      'POST /api/account/deletion/code': () => {
        sends += 1;
        if (sends === 1) return problem(503, 'sms_unavailable', { retryAfterSeconds: 20 });
        const id = newId();
        verificationIds.push(id);
        return json({
          verificationId: id,
          phoneNumber: PHONE,
          expiresAt: new Date(Date.now() + 5 * 60_000).toISOString(),
          resendAfterSeconds: 60,
        });
      },
      'POST /api/account/deletion': { deletedAt: '2026-11-02T10:00:00Z' },
    });
    const app = renderApp('/account/delete');
    expect(await screen.findByText('your authenticator app and its recovery codes')).toBeVisible();

    await app.user.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(screen.getByText('Text yourself a code first, then enter it here.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Text a code to ${PHONE}` })).toHaveFocus();
    expect(screen.getByLabelText(TOTP_LABEL)).toHaveAccessibleDescription(
      expect.stringContaining('Enter the code from your authenticator app.'),
    );

    await app.user.click(screen.getByRole('button', { name: `Text a code to ${PHONE}` }));
    expect(await screen.findByRole('alert', { name: "Couldn't send the code" })).toHaveTextContent(
      'try again in 20 seconds',
    );
    await app.user.click(screen.getByRole('button', { name: `Text a code to ${PHONE}` }));
    expect(
      await screen.findByText(`We texted a 6-digit code to ${PHONE}. It works for 5 minutes.`),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alert', { name: "Couldn't send the code" })).toBeNull();
    expect(screen.getByRole('button', { name: /^Text a new code in \d+ seconds$/ })).toBeDisabled();

    await app.user.click(screen.getByLabelText(CODE_LABEL));
    await app.user.keyboard('123');
    await app.user.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(screen.getByLabelText(CODE_LABEL)).toHaveAccessibleDescription(
      'Enter all 6 digits of the code.',
    );
    expect(screen.getByLabelText(CODE_LABEL)).toHaveFocus();
    await app.user.keyboard('123456');
    const totp = screen.getByLabelText(TOTP_LABEL);
    await app.user.type(totp, 'abcd-efgh');
    await app.user.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(totp).toHaveAccessibleDescription(
      expect.stringContaining('Enter the 6-digit code from your app, or a recovery code'),
    );
    expect(screen.queryByRole('dialog')).toBeNull();

    await app.user.type(totp, '-jkmn');
    await deleteAndConfirm(app);
    await waitFor(() => expect(deletions(requests)).toHaveLength(1));
    expect(deletions(requests)[0]!.body).toEqual({
      verificationId: verificationIds[0],
      code: '123456',
      totpCode: 'abcd-efgh-jkmn',
      decisions: [],
    });
  });

  it("shows a wrong code on the code field in the server's words, keeping every choice and number typed", async () => {
    const arjun = makeDeletionProfile({ displayName: 'Arjun Rao' });
    const requests = deletionApi(makePreview({ profiles: [arjun] }), {
      'POST /api/account/deletion': problem(400, 'invalid_code', {
        detail: 'Wrong code. 4 tries left.',
        attemptsLeft: 4,
      }),
    });
    const app = renderApp('/account/delete');
    await app.user.click(await screen.findByRole('radio', { name: /Hand Arjun/ }));
    await app.user.type(
      screen.getByLabelText(/Phone number of Arjun Rao's new guardian/),
      '98111 22233',
    );
    await sendAndEnterCode(app, '999999');
    await deleteAndConfirm(app);

    await waitFor(() =>
      expect(screen.getByLabelText(CODE_LABEL)).toHaveAccessibleDescription(
        'Wrong code. 4 tries left.',
      ),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('radio', { name: /Hand Arjun/ })).toBeChecked();
    expect(screen.getByLabelText(/Phone number of Arjun Rao's new guardian/)).toHaveValue(
      '98111 22233',
    );
    expect(screen.getByLabelText('Digit 6 of 6')).toHaveValue('9');
    expect(deletions(requests)).toHaveLength(1);
  });

  it("shows a refused phone number under that child's phone field", async () => {
    const arjun = makeDeletionProfile({ displayName: 'Arjun Rao' });
    const kabir = makeDeletionProfile({ displayName: 'Kabir Rao' });
    deletionApi(makePreview({ profiles: [arjun, kabir] }), {
      'POST /api/account/deletion': problem(400, 'validation_failed', {
        errors: [{ path: 'decisions.0.phoneNumber', message: 'Enter a valid phone number' }],
      }),
    });
    const app = renderApp('/account/delete');
    for (const name of ['Arjun', 'Kabir']) {
      await app.user.click(await screen.findByRole('radio', { name: new RegExp(`Hand ${name}`) }));
    }
    const arjunPhone = screen.getByLabelText(/Phone number of Arjun Rao's new guardian/);
    const kabirPhone = screen.getByLabelText(/Phone number of Kabir Rao's new guardian/);
    await app.user.type(arjunPhone, '12345');
    await app.user.type(kabirPhone, '98111 22233');
    await sendAndEnterCode(app);
    await deleteAndConfirm(app);

    await waitFor(() =>
      expect(arjunPhone).toHaveAccessibleDescription('Enter a valid phone number'),
    );
    expect(kabirPhone).not.toHaveAccessibleDescription('Enter a valid phone number');
    expect(arjunPhone).toHaveValue('12345');
  });

  it('shows a conflict in the words of the server and fetches the preview again', async () => {
    const kabir = makeDeletionProfile({
      displayName: 'Kabir Rao',
      otherManagers: ['Vikram Rao'],
      outcome: 'stays',
    });
    let previews = 0;
    const detail = 'Kabir Rao now needs a decision: nobody else manages them.';
    deletionApi(
      () => {
        previews += 1;
        return json(
          makePreview({
            profiles: [previews === 1 ? kabir : { ...kabir, otherManagers: [], outcome: 'decide' }],
          }),
        );
      },
      { 'POST /api/account/deletion': problem(409, 'conflict', { detail }) },
    );
    const app = renderApp('/account/delete');
    expect(await screen.findByText('Stays with Vikram Rao')).toBeInTheDocument();
    await sendAndEnterCode(app, '123456');
    await deleteAndConfirm(app);

    expect(await screen.findByText(detail)).toBeInTheDocument();
    expect(await screen.findByRole('radiogroup', { name: 'Kabir Rao' })).toBeInTheDocument();
    expect(previews).toBe(2);
    expect(screen.getByLabelText('Digit 6 of 6')).toHaveValue('6');
  });

  it('deletes the account, forgets the user on this device and lands on the sign-in page with a notice', async () => {
    let answer: (response: Response) => void = () => {};
    const requests = deletionApi(makePreview(), {
      'POST /api/account/deletion': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    const app = renderApp('/account/delete');
    await sendAndEnterCode(app);
    await deleteAndConfirm(app);

    const dialog = screen.getByRole('dialog', { name: 'Delete your account now?' });
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled(),
    );
    expect(app.queryClient.getQueryData(['account', 'deletion'])).toBeDefined();
    answer(json({ deletedAt: '2026-11-02T10:00:00Z' }));

    expect(await screen.findByRole('heading', { name: 'Sign in to Rally' })).toBeInTheDocument();
    expect(await screen.findByText('Your account was deleted')).toBeInTheDocument();
    await waitFor(() =>
      expect(app.queryClient.getQueryData(['auth', 'session'])).toEqual({ user: null }),
    );
    expect(app.currentPath()).toBe('/auth/login');
    expect(screen.queryByText("You're already signed in")).toBeNull();
    expect(app.queryClient.getQueryData(['account', 'deletion'])).toBeUndefined();
    expect(requests.some((r) => r.path === '/api/auth/signout')).toBe(false);
  });

  it('sends nothing when the confirmation is cancelled', async () => {
    const requests = deletionApi(makePreview());
    const app = renderApp('/account/delete');
    await sendAndEnterCode(app);
    await app.user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account now?' });
    expect(within(dialog).getByText("This can't be undone.")).toBeInTheDocument();
    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(deletions(requests)).toEqual([]);
    expect(app.currentPath()).toBe('/account/delete');
    expect(screen.getByLabelText('Digit 6 of 6')).toHaveValue('6');
  });
});
