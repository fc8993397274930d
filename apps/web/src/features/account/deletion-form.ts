import type {
  AccountDeletionPreview,
  DeleteAccount,
  DeletionProfile,
} from '@rally/shared/account-deletion';
import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api-client';

// The deletion page's form as plain data (docs/decisions/025): what it holds,
// the checks made before asking to confirm, the request body, and where each
// refusal of the server is shown. No zod here: the page loads without it
// (docs/decisions/004), and the server checks the request again.

/** What the person chose for one `decide` profile; `action` is null until they choose. */
export interface ProfileChoice {
  action: 'delete' | 'handover' | null;
  /** The new guardian's phone number as typed (only sent for `handover`). */
  phoneNumber: string;
}

/** A code texted by `POST /api/account/deletion/code`. */
export interface SentCode {
  verificationId: string;
  phoneNumber: string;
  /** When a new code may be asked for, epoch ms. */
  resendAt: number;
}

/** What the deletion page holds while it is filled in. */
export interface DeletionFormValues {
  /** By profile id, for the profiles whose outcome is `decide`. */
  choices: Record<string, ProfileChoice>;
  /** The last code texted, null before the first. */
  sent: SentCode | null;
  /** The 6 digits from the text message, as typed. */
  code: string;
  /** The authenticator or recovery code, as typed (only sent when `totpEnabled`). */
  totpCode: string;
}

/**
 * Messages shown next to the fields, by field key: `code`, `totpCode`,
 * {@link actionKey} and {@link phoneKey} of a profile.
 */
export type FieldErrors = Partial<Record<string, string>>;

/** Field key of a `decide` profile's choice. */
export const actionKey = (profileId: string) => `action:${profileId}`;
/** Field key of the phone number a `decide` profile is handed over to. */
export const phoneKey = (profileId: string) => `phoneNumber:${profileId}`;
/** The id of a field's element (the input, or the first radio), to focus it. */
export const fieldId = (key: string) => `delete-account-${key.replace(':', '-')}`;

/** A choice not made yet. */
export const NO_CHOICE: ProfileChoice = { action: null, phoneNumber: '' };

/** The profiles the request must carry a decision for, in the preview's order. */
export function decideProfiles(preview: AccountDeletionPreview): DeletionProfile[] {
  return preview.profiles.filter((profile) => profile.outcome === 'decide');
}

/** True for an authenticator code (6 digits) or a recovery code (12 letters or digits; spaces and dashes ignored), as the server's `totpOrRecoveryCodeSchema`. */
function isTotpOrRecoveryCode(value: string): boolean {
  return /^(\d{6}|[0-9a-z]{12})$/.test(value.replace(/[\s-]+/g, '').toLowerCase());
}

/**
 * The problems to fix before the confirmation is asked for, in the page's
 * order (the first is focused): a choice for every `decide` profile and a
 * phone number for each handover, a code texted and its 6 digits, and an
 * authenticator or recovery code when `totpEnabled`. Empty when all is there.
 */
export function validateDeletion(
  t: TFunction,
  preview: AccountDeletionPreview,
  values: DeletionFormValues,
): FieldErrors {
  const errors: FieldErrors = {};
  for (const profile of decideProfiles(preview)) {
    const choice = values.choices[profile.profileId] ?? NO_CHOICE;
    if (choice.action === null) {
      errors[actionKey(profile.profileId)] = t('deleteAccount.profiles.choiceRequired', {
        name: profile.displayName,
      });
    } else if (choice.action === 'handover' && choice.phoneNumber.trim() === '') {
      errors[phoneKey(profile.profileId)] = t('deleteAccount.profiles.phoneRequired');
    }
  }
  if (values.sent === null) errors.code = t('deleteAccount.verify.sendFirst');
  else if (!/^\d{6}$/.test(values.code)) errors.code = t('deleteAccount.verify.incomplete');
  if (preview.totpEnabled) {
    if (values.totpCode.trim() === '') errors.totpCode = t('deleteAccount.verify.totpRequired');
    else if (!isTotpOrRecoveryCode(values.totpCode)) {
      errors.totpCode = t('deleteAccount.verify.totpInvalid');
    }
  }
  return errors;
}

/**
 * The body of `POST /api/account/deletion` for values that passed
 * {@link validateDeletion} (`sent` is set): one decision per `decide`
 * profile in the preview's order, the authenticator code only when the
 * account has one.
 */
export function deletionRequest(
  preview: AccountDeletionPreview,
  values: DeletionFormValues & { sent: SentCode },
): DeleteAccount {
  const decisions = decideProfiles(preview).map(({ profileId }) => {
    const choice = values.choices[profileId] ?? NO_CHOICE;
    return choice.action === 'handover'
      ? { profileId, action: 'handover' as const, phoneNumber: choice.phoneNumber.trim() }
      : { profileId, action: 'delete' as const };
  });
  return {
    verificationId: values.sent.verificationId,
    code: values.code,
    ...(preview.totpEnabled ? { totpCode: values.totpCode.trim() } : {}),
    decisions,
  };
}

/** Where a refusal of `POST /api/account/deletion` is shown: next to fields, or in an alert. */
export interface PlacedError {
  fields: FieldErrors;
  /** The failure for the page's alert, null when every part landed on a field. */
  alert: unknown;
}

/** The field key a `validation_failed` issue path names (`decisions.0.phoneNumber`), or null. */
function fieldOfPath(preview: AccountDeletionPreview, path: string): string | null {
  if (path === 'code' || path === 'verificationId') return 'code';
  if (path === 'totpCode') return 'totpCode';
  const decision = /^decisions\.(\d+)(?:\.(\w+))?$/.exec(path);
  const profile = decision ? decideProfiles(preview)[Number(decision[1])] : undefined;
  if (!decision || !profile) return null;
  return decision[2] === 'phoneNumber' ? phoneKey(profile.profileId) : actionKey(profile.profileId);
}

/**
 * Places a refusal of the deletion request: `invalid_code`, `code_expired`
 * and `code_burned` (always the phone code: a refused authenticator code is
 * `validation_failed` on `totpCode`, docs/decisions/025) on the code field;
 * `validation_failed` issues on their fields; anything else (`conflict`, 429, offline) and
 * issues without a field in the alert. The server's `detail` is the message
 * shown, as it says which code was wrong.
 */
export function placeDeletionError(
  t: TFunction,
  preview: AccountDeletionPreview,
  error: unknown,
): PlacedError {
  if (!(error instanceof ApiError)) return { fields: {}, alert: error };
  switch (error.code) {
    case 'invalid_code': {
      return { fields: { code: error.detail ?? t('deleteAccount.verify.wrongCode') }, alert: null };
    }
    case 'code_expired':
      return { fields: { code: error.detail ?? t('deleteAccount.verify.expired') }, alert: null };
    case 'code_burned':
      return { fields: { code: error.detail ?? t('deleteAccount.verify.burned') }, alert: null };
    case 'validation_failed': {
      const fields: FieldErrors = {};
      const unplaced = error.errors.filter((issue) => {
        const key = fieldOfPath(preview, issue.path);
        if (key !== null) fields[key] ??= issue.message;
        return key === null;
      });
      if (unplaced.length === 0 && error.errors.length > 0) return { fields, alert: null };
      return { fields, alert: new ApiError({ ...error, errors: unplaced }) };
    }
    default:
      return { fields: {}, alert: error };
  }
}
