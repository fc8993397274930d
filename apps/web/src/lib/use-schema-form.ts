import { useForm, type FormErrors, type UseFormInput, type UseFormReturnType } from '@mantine/form';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from './api-client';
import { describeError } from './describe-error';
import { applyServerFieldErrors } from './form-errors';
import { notify } from './notify';
import { hasErrors, validateWithSchema, type FormSchema } from './schema-validation';

/** What a form needs of a TanStack Query mutation: `mutate` with per-call callbacks. */
export interface FormMutation<Body, Answer> {
  mutate: (
    body: Body,
    callbacks: { onSuccess: (answer: Answer) => void; onError: (error: unknown) => void },
  ) => void;
}

/** Options of {@link useSchemaForm}. */
export interface SchemaFormOptions<Values, Body, Answer> {
  /** The form's first values (Mantine `useForm`). */
  initialValues: Values;
  /** Mantine validation rules, checked before `toBody` (none by default). */
  validate?: UseFormInput<Values>['validate'];
  /**
   * The request body of the submitted values, or null when there is nothing
   * to send: no field changed, or a check of the form's own set a field error
   * (`form.setFieldError`) first.
   */
  toBody: (values: Values, form: UseFormReturnType<Values>) => Body | null;
  /**
   * Loads the `@rally/shared` zod schema of the body (the server's own,
   * CONVENTIONS.md), dynamically so zod is in no page's first load. The body
   * is checked with it before sending; without it, only the server checks.
   */
  loadSchema?: () => Promise<FormSchema>;
  /** The fields a server issue may land on; by default the keys of `initialValues`. */
  fields?: readonly string[];
  /** Issue path -> form field, where they differ (e.g. `{ priceMinor: 'price' }`), for both checks. */
  fieldOf?: Record<string, string>;
  /** Problem `code` -> the field it is about (e.g. `{ conflict: 'slug' }`): shown there in words. */
  codeFields?: Record<string, string>;
  /** The mutation that sends the body (`useMutation`'s answer). */
  mutation: FormMutation<Body, Answer>;
  /** After a save, the values the form starts over from (they become its initial values: not dirty). */
  savedValues?: (answer: Answer) => Values;
  /** After a save, the toast to show. */
  notice?: (answer: Answer, body: Body) => string;
  /** After a save (and its `savedValues` and `notice`): close, reset, navigate... */
  onSuccess?: (answer: Answer, body: Body) => void;
}

/** What {@link useSchemaForm} gives the form. */
export interface SchemaForm<Values> {
  /** The Mantine form (`getInputProps`, `isDirty`, `values`...). */
  form: UseFormReturnType<Values>;
  /** Props of the `<form>`: submit, schema preload on first focus, `noValidate`. */
  formProps: {
    onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
    onFocus?: () => void;
    noValidate: true;
  };
  /** The failure no field can show (an `ErrorAlert` under the fields), or null. */
  formError: unknown;
  /** Back to the initial values, with no errors (a modal's close). */
  reset: () => void;
}

/**
 * A Mantine form that sends its values with a mutation, the way every Rally
 * form does: on submit it clears the last failure, builds the body
 * (`toBody`), checks it with the shared zod schema (`loadSchema`, field
 * errors shown on their fields, nothing sent), then calls
 * `mutation.mutate(body)`. A saved answer resets the form to `savedValues`,
 * shows `notice` and calls `onSuccess`. A failure lands on fields where it
 * can: a problem whose `code` is in `codeFields` on that field (described in
 * words), a `validation_failed` answer's issues on the fields they name
 * (docs/api.md, through `fieldOf`); anything else becomes `formError`.
 * Without a schema the body is sent at once, in the submit event.
 */
export function useSchemaForm<Values extends object, Body, Answer>(
  options: SchemaFormOptions<Values, Body, Answer>,
): SchemaForm<Values> {
  const { initialValues, validate, loadSchema, fieldOf = {}, codeFields = {} } = options;
  const { t } = useTranslation();
  const [formError, setFormError] = useState<unknown>(null);
  const form = useForm<Values>({ initialValues, validate });
  const fields = options.fields ?? Object.keys(initialValues);

  const placeError = (error: unknown) => {
    const field = isApiError(error) ? codeFields[error.code] : undefined;
    if (field !== undefined) form.setFieldError(field, describeError(t, error));
    else if (!applyServerFieldErrors(form, error, fields, fieldOf)) setFormError(error);
  };

  const send = (body: Body) =>
    options.mutation.mutate(body, {
      onSuccess: (answer) => {
        if (options.savedValues) {
          const next = options.savedValues(answer);
          form.setInitialValues(next);
          form.setValues(next);
        }
        if (options.notice) notify(options.notice(answer, body));
        options.onSuccess?.(answer, body);
      },
      onError: placeError,
    });

  const checkThenSend = async (body: Body, schema: () => Promise<FormSchema>) => {
    const errors = await validateWithSchema(schema, body);
    if (hasErrors(errors)) {
      form.setErrors(onFields(errors, fieldOf));
      return;
    }
    send(body);
  };

  const onSubmit = form.onSubmit((values) => {
    setFormError(null);
    const body = options.toBody(values, form);
    if (body === null) return;
    if (loadSchema) void checkThenSend(body, loadSchema);
    else send(body);
  });

  return {
    form,
    formProps: {
      onSubmit,
      onFocus: loadSchema && (() => void loadSchema().catch(() => undefined)),
      noValidate: true,
    },
    formError,
    reset: () => {
      form.reset();
      setFormError(null);
    },
  };
}

/** `errors` with each path renamed to its form field by `fieldOf`. */
function onFields(errors: FormErrors, fieldOf: Record<string, string>): FormErrors {
  return Object.fromEntries(
    Object.entries(errors).map(([path, message]) => [fieldOf[path] ?? path, message]),
  );
}
