import { describe, expect, it } from 'vitest';
import { createI18n } from '../app/i18n';
import { ApiError } from './api-client';
import { describeError } from './describe-error';

const t = createI18n().t;
const tooMany = (retryAfterSeconds?: number) =>
  new ApiError({ status: 429, code: 'too_many_requests', title: 'x', retryAfterSeconds });

describe('describeError', () => {
  it('says how long to wait in seconds, minutes or hours', () => {
    expect(describeError(t, tooMany())).toBe('Too many attempts. Wait a minute and try again.');
    expect(describeError(t, tooMany(45))).toBe('Too many attempts. Try again in 45 seconds.');
    expect(describeError(t, tooMany(20 * 60))).toBe('Too many attempts. Try again in 20 minutes.');
    expect(describeError(t, tooMany(23 * 3600 + 10))).toBe(
      'Too many attempts. Try again in 24 hours.',
    );
  });

  it('falls back to a generic sentence for anything that is not an API error', () => {
    expect(describeError(t, new Error('boom'))).toBe('Something unexpected went wrong. Try again.');
  });
});
