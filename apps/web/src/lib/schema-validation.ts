import { schemaResolver, type FormErrors } from '@mantine/form';

/** A schema `@mantine/form` can validate with (Standard Schema, e.g. the zod schemas of `@rally/shared`). */
export type FormSchema = Parameters<typeof schemaResolver>[0];

/**
 * Validates form values against one of the API's zod schemas (CONVENTIONS.md:
 * one source of truth for the contract), loading the schema module on demand
 * so zod is not part of any page's first load. Returns the form errors by
 * field path (empty when valid). If the schema cannot be loaded (offline), it
 * returns no errors and leaves validation to the server, which uses the same schema.
 */
export async function validateWithSchema(
  loadSchema: () => Promise<FormSchema>,
  values: unknown,
): Promise<FormErrors> {
  let schema: FormSchema;
  try {
    schema = await loadSchema();
  } catch {
    return {};
  }
  return schemaResolver(schema, { sync: true })(values);
}

/** True when `errors` (from {@link validateWithSchema}) has at least one message. */
export function hasErrors(errors: FormErrors): boolean {
  return Object.keys(errors).length > 0;
}
