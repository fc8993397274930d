import { describe, expect, it } from 'vitest';
import { redactUrl } from './request-log.ts';

describe('redactUrl', () => {
  it('hides custom-token links and code/token query values', () => {
    expect(redactUrl('/auth/token/abc.def?x=1')).toBe('/auth/token/[redacted]?x=1');
    expect(redactUrl('/api/x?code=123456&a=b')).toBe('/api/x?code=[redacted]&a=b');
    expect(redactUrl('/api/x?a=b&token=zzz')).toBe('/api/x?a=b&token=[redacted]');
    expect(redactUrl('/programs/1/calendar')).toBe('/programs/1/calendar');
  });
});
