import type { z } from 'zod';
import { AppError } from '../lib/errors.ts';

/**
 * Parses `input` with a zod schema from packages/shared. On failure throws
 * `AppError('validation_failed')` whose `errors` list each field's dotted
 * path and message, and whose detail names the first problem.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const errors = result.error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
  const first = errors[0];
  const detail = first
    ? first.path
      ? `${first.path}: ${first.message}`
      : first.message
    : 'Invalid input';
  throw new AppError('validation_failed', detail, { errors });
}
