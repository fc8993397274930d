import { describe, expect, it } from 'vitest';
import { loginPathFor, safeRedirectTarget } from './login-path';

describe('loginPathFor', () => {
  it('is the bare login path without a return path', () => {
    expect(loginPathFor()).toBe('/auth/login');
  });

  it('encodes the return path in the redirect parameter', () => {
    expect(loginPathFor('/programs/p1/events/new')).toBe(
      '/auth/login?redirect=%2Fprograms%2Fp1%2Fevents%2Fnew',
    );
  });
});

describe('safeRedirectTarget', () => {
  it.each([
    ['/programs/p1?x=1#y', '/programs/p1?x=1#y'],
    ['/', '/'],
    [null, '/'],
    ['', '/'],
    ['https://evil.example/', '/'],
    ['//evil.example/path', '/'],
    ['/\\evil.example', '/'],
    ['javascript:alert(1)', '/'],
    ['programs/p1', '/'],
    ['/a\nb', '/'],
  ])('%s -> %s', (input, expected) => {
    expect(safeRedirectTarget(input)).toBe(expected);
  });
});
