import { describe, expect, it } from 'vitest';
import { attachmentFileName } from './attachment-upload.ts';

describe('attachmentFileName (docs/decisions/007)', () => {
  it('keeps the uploaded name with the extension of the type found in the bytes', () => {
    expect(attachmentFileName('application/pdf', 'U12 fixtures.pdf')).toBe('U12 fixtures.pdf');
    expect(attachmentFileName('application/pdf', 'Fixtures.PDF')).toBe('Fixtures.pdf');
    expect(attachmentFileName('image/png', 'photo.exe')).toBe('photo.png');
    expect(attachmentFileName('image/jpeg', 'IMG_0042')).toBe('IMG_0042.jpg');
    expect(attachmentFileName('image/png', 'team.photo.2026.png')).toBe('team.photo.2026.png');
  });

  it('folds white space, composes accents and keeps 120 characters before the extension', () => {
    expect(attachmentFileName('application/pdf', '  Kit \t list \u00a0 .pdf')).toBe('Kit list.pdf');
    expect(attachmentFileName('application/pdf', 'U\u0308bung.pdf')).toBe('\u00dcbung.pdf');
    const long = `${'ä'.repeat(200)}.pdf`;
    expect(attachmentFileName('application/pdf', long)).toBe(`${'ä'.repeat(120)}.pdf`);
    expect(attachmentFileName('image/webp', `${'🏏'.repeat(130)}.webp`)).toBe(
      `${'🏏'.repeat(120)}.webp`,
    );
  });

  it('names a file without a usable name after its type', () => {
    expect(attachmentFileName('application/pdf')).toBe('attachment.pdf');
    expect(attachmentFileName('image/gif', null)).toBe('attachment.gif');
    expect(attachmentFileName('image/png', '   .png')).toBe('attachment.png');
    expect(attachmentFileName('image/png', '')).toBe('attachment.png');
    expect(attachmentFileName('image/png', '.hidden')).toBe('.hidden.png');
  });
});
