/**
 * A new client-made id for an idempotent write (a chat message's
 * `clientMessageId`, a match incident's `clientId`): `crypto.randomUUID()`,
 * or the same RFC 9562 version 4 form from `crypto.getRandomValues` where
 * `randomUUID` is missing (pages served over plain http on a local network
 * are not a secure context).
 */
export function newClientId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
