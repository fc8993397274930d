import type { CreateInvite } from '@rally/shared/orgs';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { createI18n } from '../app/i18n';
import { ApiError } from './api-client';
import { notify } from './notify';
import { useSchemaForm, type FormMutation, type SchemaFormOptions } from './use-schema-form';

vi.mock('./notify', () => ({ notify: vi.fn() }));

const loadInviteSchema = () =>
  import('@rally/shared/orgs').then((module) => module.createInviteSchema);

/** A mutation that answers each call with `outcome` (an answer, or a thrown error). */
function fakeMutation<Body, Answer>(outcome: () => Answer) {
  const mutate = vi.fn<FormMutation<Body, Answer>['mutate']>((_body, callbacks) => {
    try {
      callbacks.onSuccess(outcome());
    } catch (error) {
      callbacks.onError(error);
    }
  });
  return { mutate };
}

/** Renders the hook with the app's UI strings, the form's `Values` inferred from `options`. */
function renderSchemaForm<Values extends object, Body, Answer>(
  options: SchemaFormOptions<Values, Body, Answer>,
) {
  const i18n = createI18n();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
  );
  return renderHook(() => useSchemaForm(options), { wrapper });
}

const invalid = (...errors: { path: string; message: string }[]) =>
  new ApiError({ status: 400, code: 'validation_failed', title: 'Invalid', errors });

describe('useSchemaForm', () => {
  it('checks the body with the shared schema, shows its messages on the fields and sends nothing', async () => {
    const mutation = fakeMutation<CreateInvite, { ok: true }>(() => ({ ok: true }));
    const { result } = renderSchemaForm({
      initialValues: { phoneNumber: '   ', role: 'staff' as const },
      toBody: (values) => values,
      loadSchema: loadInviteSchema,
      mutation,
    });

    act(() => result.current.formProps.onSubmit());

    await waitFor(() =>
      expect(result.current.form.errors).toEqual({ phoneNumber: 'Phone number is required' }),
    );
    expect(mutation.mutate).not.toHaveBeenCalled();
  });

  it('sends a valid body, shows the notice, starts over from the saved values, then calls onSuccess', async () => {
    const mutation = fakeMutation<CreateInvite, { phoneNumber: string }>(() => ({
      phoneNumber: '+919812345678',
    }));
    const onSuccess = vi.fn();
    const { result } = renderSchemaForm({
      initialValues: { phoneNumber: '', role: 'staff' as const },
      toBody: (values) => ({ ...values, phoneNumber: values.phoneNumber.trim() }),
      loadSchema: loadInviteSchema,
      mutation,
      savedValues: (answer) => ({ phoneNumber: answer.phoneNumber, role: 'staff' as const }),
      notice: (answer) => `Invited ${answer.phoneNumber}`,
      onSuccess,
    });
    act(() => result.current.form.setFieldValue('phoneNumber', ' 98123 45678 '));

    act(() => result.current.formProps.onSubmit());

    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
    const body = { phoneNumber: '98123 45678', role: 'staff' };
    expect(mutation.mutate).toHaveBeenCalledWith(body, expect.anything());
    expect(onSuccess).toHaveBeenCalledWith({ phoneNumber: '+919812345678' }, body);
    expect(notify).toHaveBeenCalledWith('Invited +919812345678');
    expect(result.current.form.values.phoneNumber).toBe('+919812345678');
    expect(result.current.form.isDirty()).toBe(false);
  });

  it('sends at once without a schema, and nothing when toBody answers null', () => {
    const mutation = fakeMutation<{ name: string }, object>(() => ({}));
    const { result } = renderSchemaForm({
      initialValues: { name: '' },
      toBody: (values, form) => {
        if (values.name !== '') return values;
        form.setFieldError('name', 'Name is required');
        return null;
      },
      mutation,
    });

    act(() => result.current.formProps.onSubmit());
    expect(result.current.form.errors).toEqual({ name: 'Name is required' });
    expect(mutation.mutate).not.toHaveBeenCalled();

    act(() => result.current.form.setFieldValue('name', 'Under 12'));
    act(() => result.current.formProps.onSubmit());
    expect(mutation.mutate).toHaveBeenCalledWith({ name: 'Under 12' }, expect.anything());
    expect(result.current.formProps.onFocus).toBeUndefined();
  });

  it("puts the server's field issues on their fields (renamed by fieldOf), anything else in formError", () => {
    let failure: unknown = invalid({ path: 'priceMinor', message: 'Price must be positive' });
    const mutation = fakeMutation<{ name: string; priceMinor: number }, object>(() => {
      throw failure;
    });
    const { result } = renderSchemaForm({
      initialValues: { name: 'Monthly', price: '0' },
      toBody: (values) => ({ name: values.name, priceMinor: Number(values.price) * 100 }),
      fieldOf: { priceMinor: 'price' },
      mutation,
    });

    act(() => result.current.formProps.onSubmit());
    expect(result.current.form.errors).toEqual({ price: 'Price must be positive' });
    expect(result.current.formError).toBeNull();

    failure = invalid({ path: 'planId', message: 'No such plan' });
    act(() => result.current.formProps.onSubmit());
    expect(result.current.formError).toBe(failure);

    failure = new ApiError({ status: 0, code: 'network_error', title: 'Offline' });
    act(() => result.current.formProps.onSubmit());
    expect(result.current.formError).toBe(failure);

    act(() => result.current.reset());
    expect(result.current.formError).toBeNull();
  });

  it('shows a problem whose code names a field on that field, in words', () => {
    const conflict = new ApiError({
      status: 409,
      code: 'conflict',
      title: 'Conflict',
      detail: 'The slug "riverside" is taken',
    });
    const mutation = fakeMutation<{ slug: string }, object>(() => {
      throw conflict;
    });
    const { result } = renderSchemaForm({
      initialValues: { slug: 'riverside' },
      toBody: (values) => values,
      codeFields: { conflict: 'slug' },
      mutation,
    });

    act(() => result.current.formProps.onSubmit());

    expect(result.current.form.errors).toEqual({ slug: 'The slug "riverside" is taken' });
    expect(result.current.formError).toBeNull();
  });
});
