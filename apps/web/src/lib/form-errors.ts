import { ApiError } from './api-client';

/**
 * Shows the field issues of a `validation_failed` answer (`errors[].path`,
 * docs/api.md) on the form's fields. `fieldOf` maps a server path to a form
 * field (defaults to the same name); `fields` lists the form's fields.
 * Returns true when every issue landed on a field, so the caller only needs a
 * form-level message when it returns false.
 */
export function applyServerFieldErrors(
  form: { setFieldError: (path: string, error: string) => void },
  error: unknown,
  fields: readonly string[],
  fieldOf: Record<string, string> = {},
): boolean {
  if (!(error instanceof ApiError) || error.errors.length === 0) return false;
  let allPlaced = true;
  for (const issue of error.errors) {
    const field = fieldOf[issue.path] ?? issue.path;
    if (fields.includes(field)) form.setFieldError(field, issue.message);
    else allPlaced = false;
  }
  return allPlaced;
}
