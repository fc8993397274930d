import { httpStatusOf } from '../http/problem.ts';
import type { AppError } from '../lib/errors.ts';
import { describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES } from '@rally/shared/files';
import { pngOfSize, TINY_GIF, TINY_PNG } from '../../test/uploads.ts';
import { checkImage, isSafeFileName } from './image-upload.ts';

describe('isSafeFileName', () => {
  it('accepts plain names, including unusual but harmless ones', () => {
    for (const name of [
      'logo.png',
      'Club Crest (final).JPG',
      'लोगो.png',
      '.hidden.png',
      '',
      '..png',
    ]) {
      expect(isSafeFileName(name), name).toBe(true);
    }
  });

  it('refuses paths, drive prefixes, dot names, control characters and very long names', () => {
    for (const name of [
      '../x.png',
      'a/b.png',
      '/x.png',
      '..\\x.png',
      'C:\\x.png',
      'C:x.png',
      '.',
      '..',
      'x\u0000.png',
      'x\n.png',
      'x\u007f.png',
      `${'a'.repeat(252)}.png`,
    ]) {
      expect(isSafeFileName(name), JSON.stringify(name)).toBe(false);
    }
  });
});

describe('checkImage', () => {
  it('returns the type detected from the bytes', async () => {
    expect(await checkImage({ fileName: 'a.gif', bytes: TINY_PNG })).toBe('image/png');
    expect(await checkImage({ fileName: 'a.png', bytes: TINY_GIF })).toBe('image/gif');
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
    expect(await checkImage({ fileName: 'a', bytes: jpeg })).toBe('image/jpeg');
    const webp = Buffer.concat([
      Buffer.from('RIFF'),
      Buffer.from([0x1a, 0, 0, 0]),
      Buffer.from('WEBPVP8 '),
      Buffer.alloc(14),
    ]);
    expect(await checkImage({ fileName: 'a', bytes: webp })).toBe('image/webp');
  });

  it('answers 413 above 5 MB and 400 for other types or an empty file', async () => {
    const statusOf = (rejection: Promise<unknown>) =>
      rejection.then(
        () => 'accepted',
        (error: AppError) => [httpStatusOf(error), error.code],
      );
    expect(
      await statusOf(checkImage({ fileName: 'a.png', bytes: pngOfSize(MAX_IMAGE_BYTES + 1) })),
    ).toEqual([413, 'validation_failed']);
    for (const bytes of [
      Buffer.alloc(0),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      Buffer.from('BM\x3a\0\0\0'),
    ]) {
      expect(await statusOf(checkImage({ fileName: 'a.png', bytes }))).toEqual([
        400,
        'validation_failed',
      ]);
    }
  });
});
