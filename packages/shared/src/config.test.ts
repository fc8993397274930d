import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import { adminListQuerySchema } from './admin.ts';
import { bundleChecksum, bundleDownloadUrl } from './client-config.ts';
import {
  clientConfigSchema,
  recommendedBundleId,
  updateClientConfigSchema,
  type ClientConfig,
} from './config.ts';
import { clientConfigPayloadSchema } from './realtime.ts';

describe('recommendedBundleId (SPEC.md §4, §9)', () => {
  it('takes {id} from a file name bundle-{id}.zip', () => {
    expect(recommendedBundleId('https://cdn.example.com/app/bundle-1.4.2.zip')).toBe('1.4.2');
    expect(recommendedBundleId('https://x.test/bundle-abc_DEF-9.zip')).toBe('abc_DEF-9');
    expect(recommendedBundleId('https://x.test/a/b/bundle-42.zip?sig=bundle-7.zip#frag')).toBe(
      '42',
    );
    expect(recommendedBundleId('/bundles/bundle-2024-06-01.zip')).toBe('2024-06-01');
  });

  it('answers null when there is no recommended package', () => {
    expect(recommendedBundleId(null)).toBeNull();
    expect(recommendedBundleId(undefined)).toBeNull();
    expect(recommendedBundleId('')).toBeNull();
    expect(recommendedBundleId('https://x.test/bundle-.zip')).toBeNull();
    expect(recommendedBundleId('https://x.test/bundle-1.tar.gz')).toBeNull();
    expect(recommendedBundleId('https://x.test/app-1.zip')).toBeNull();
    expect(recommendedBundleId('https://x.test/bundle-1.zip/')).toBeNull();
    expect(recommendedBundleId('https://x.test/mybundle-1.zip')).toBeNull();
    expect(recommendedBundleId('http://[bad')).toBeNull();
  });

  it('answers null for an id that may not name a bundle (a folder name on the device)', () => {
    expect(recommendedBundleId('https://x.test/bundle-public.zip')).toBeNull();
    expect(recommendedBundleId('https://x.test/bundle-...zip')).toBeNull();
    expect(recommendedBundleId('https://x.test/bundle-a%20b.zip')).toBeNull();
    expect(recommendedBundleId('https://x.test/bundle-%2E%2E.zip')).toBeNull();
    expect(recommendedBundleId(`https://x.test/bundle-${'a'.repeat(65)}.zip`)).toBeNull();
    expect(recommendedBundleId(`https://x.test/bundle-${'a'.repeat(64)}.zip`)).toBe('a'.repeat(64));
  });
});

describe('bundleChecksum and bundleDownloadUrl (docs/decisions/027)', () => {
  const sha = 'AB'.repeat(32);
  it('reads the SHA-256 of #sha256=<64 hex>, lowercase, and drops the fragment for the download', () => {
    const url = `https://x.test/bundles/bundle-7.zip#sha256=${sha}`;
    expect(bundleChecksum(url)).toBe(sha.toLowerCase());
    expect(bundleDownloadUrl(url)).toBe('https://x.test/bundles/bundle-7.zip');
    expect(recommendedBundleId(url)).toBe('7');
  });

  it('answers null without a well-formed checksum', () => {
    for (const url of [
      null,
      'https://x.test/bundle-7.zip',
      'https://x.test/bundle-7.zip#',
      `https://x.test/bundle-7.zip#sha256=${sha.slice(2)}`,
      `https://x.test/bundle-7.zip#sha1=${sha}`,
      `https://x.test/bundle-7.zip#sha256=${sha}x`,
    ]) {
      expect(bundleChecksum(url)).toBeNull();
    }
    expect(bundleDownloadUrl('https://x.test/bundle-7.zip')).toBe('https://x.test/bundle-7.zip');
  });
});

describe('updateClientConfigSchema', () => {
  it('accepts an http(s) link to bundle-{id}.zip or null', () => {
    expect(
      updateClientConfigSchema.parse({
        url: ' https://cdn.example.com/bundle-3.zip ',
        disableLiveUpdate: false,
      }),
    ).toEqual({ url: 'https://cdn.example.com/bundle-3.zip', disableLiveUpdate: false });
    expect(updateClientConfigSchema.parse({ url: null, disableLiveUpdate: true }).url).toBeNull();
    const withChecksum = `https://rally.example/bundles/bundle-20261125-1.zip#sha256=${'0f'.repeat(32)}`;
    expect(
      updateClientConfigSchema.parse({ url: withChecksum, disableLiveUpdate: false }).url,
    ).toBe(withChecksum);
  });

  it('refuses a bundle id the plugin could not use as a folder, and a malformed checksum, saying why', () => {
    const messageFor = (url: string) =>
      updateClientConfigSchema.safeParse({ url, disableLiveUpdate: false }).error?.issues[0]
        ?.message;
    expect(messageFor('https://x.test/bundle-public.zip')).toMatch(/must be 1 to 64 letters/);
    expect(messageFor('https://x.test/bundle-a%20b.zip')).toMatch(/must be 1 to 64 letters/);
    expect(messageFor(`https://x.test/bundle-${'a'.repeat(65)}.zip`)).toMatch(/1 to 64/);
    expect(messageFor('https://x.test/bundle-1.zip#latest')).toMatch(/after # must be sha256=/);
    expect(messageFor(`https://x.test/bundle-1.zip#sha256=${'0'.repeat(63)}`)).toMatch(
      /64 hexadecimal/,
    );
  });

  it('refuses other links and missing fields with a message naming the field', () => {
    const cases = [
      { url: 'https://cdn.example.com/app.zip', disableLiveUpdate: false },
      { url: '/bundles/bundle-3.zip', disableLiveUpdate: false },
      { url: 'ftp://cdn.example.com/bundle-3.zip', disableLiveUpdate: false },
      { url: 'https://cdn.example.com/bundle-3.zip' },
      { disableLiveUpdate: false },
    ];
    for (const input of cases) {
      const result = updateClientConfigSchema.safeParse(input);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.path.length).toBe(1);
    }
  });
});

describe('adminListQuerySchema', () => {
  it('defaults to page 1 of 20 and bounds pageSize to 100', () => {
    expect(adminListQuerySchema.parse({})).toEqual({ q: '', page: 1, pageSize: 20 });
    expect(adminListQuerySchema.parse({ q: ' Club ', page: '3', pageSize: '100' })).toEqual({
      q: 'Club',
      page: 3,
      pageSize: 100,
    });
    expect(adminListQuerySchema.safeParse({ pageSize: '101' }).success).toBe(false);
    expect(adminListQuerySchema.safeParse({ page: '0' }).success).toBe(false);
    expect(adminListQuerySchema.safeParse({ page: 'two' }).success).toBe(false);
  });
});

describe('clientConfigPayloadSchema (realtime.ts, zod mini)', () => {
  it('is the same record as clientConfigSchema: same type, same answers', () => {
    expectTypeOf<z.infer<typeof clientConfigPayloadSchema>>().toEqualTypeOf<ClientConfig>();
    const samples: unknown[] = [
      { url: null, disableLiveUpdate: false },
      { url: 'https://cdn.example/bundle-7.zip', disableLiveUpdate: true },
      { url: 'x', disableLiveUpdate: true, extra: 1 },
      { url: 1, disableLiveUpdate: false },
      { url: null },
      { disableLiveUpdate: 'yes', url: null },
      null,
      'client',
    ];
    for (const sample of samples) {
      const mini = clientConfigPayloadSchema.safeParse(sample);
      const classic = clientConfigSchema.safeParse(sample);
      expect(mini.success).toBe(classic.success);
      expect(mini.data).toEqual(classic.data);
    }
  });
});
