import { describe, expect, it } from 'vitest';
import { summarizeDeviceInfo } from './device-info';

describe('summarizeDeviceInfo', () => {
  it('names the model and system of a Capacitor device', () => {
    expect(
      summarizeDeviceInfo({
        manufacturer: 'Google',
        model: 'Pixel 8',
        operatingSystem: 'android',
        osVersion: '15',
        platform: 'android',
        isVirtual: false,
      }),
    ).toBe('Google Pixel 8 · android 15');
    expect(summarizeDeviceInfo({ model: 'iPhone15,2', platform: 'ios' })).toBe('iPhone15,2 · ios');
  });

  it('falls back to the first plain fields of any other object', () => {
    expect(
      summarizeDeviceInfo({ name: 'Tab', memUsed: 12, nested: { a: 1 }, x: 'y', z: 'w' }),
    ).toBe('name: Tab, memUsed: 12, x: y');
    expect(summarizeDeviceInfo({})).toBe('');
  });
});
