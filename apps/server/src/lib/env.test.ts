import { describe, expect, it } from 'vitest';
import { loadConfig } from './env.ts';

describe('TRUSTED_ORIGINS', () => {
  it('is read as a comma-separated list of origins, none by default', () => {
    expect(loadConfig({}).trustedOrigins).toEqual([]);
    expect(
      loadConfig({ TRUSTED_ORIGINS: 'capacitor://localhost, https://localhost' }).trustedOrigins,
    ).toEqual(['capacitor://localhost', 'https://localhost']);
  });

  it('refuses at start anything a browser would not send as an Origin', () => {
    for (const value of [
      'https://rally.example/',
      'https://Rally.example',
      'https://x:443',
      'rally',
    ]) {
      expect(() => loadConfig({ TRUSTED_ORIGINS: value }), value).toThrow(/TRUSTED_ORIGINS/);
    }
  });
});
