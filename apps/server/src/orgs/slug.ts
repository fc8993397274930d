import crypto from 'node:crypto';

/**
 * A URL slug for an org name: lower-case ASCII letters, digits and single
 * dashes, at most 48 characters (`"St. Mary's FC"` -> `"st-mary-s-fc"`).
 * With `withSuffix`, 4 random base-36 characters are appended to dodge a
 * taken slug. Names with no ASCII letters fall back to `org`.
 */
export function slugify(name: string, withSuffix = false): string {
  const base =
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 48)
      .replace(/-+$/g, '') || 'org';
  if (!withSuffix) return base;
  return `${base}-${crypto.randomBytes(3).readUIntBE(0, 3).toString(36).padStart(4, '0').slice(0, 4)}`;
}
