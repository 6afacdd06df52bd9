/** The last time used and its counter: ids made within one millisecond still sort in the order they were made. */
let lastMs = -1;
let counter = 0;

/**
 * UUID v7 (RFC 9562): 48 bits of Unix time in ms, then random bits. The web makes one per answer (docs/offline.md):
 * the id orders the outbox and tells the server when the answer was made. Ids made in the same millisecond carry a
 * counter in their 12 `rand_a` bits (RFC 9562 §6.2, method 1), so they sort in the order they were made too.
 */
export function uuidV7(now = Date.now()): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  if (now === lastMs && counter < 0xfff) counter++;
  else counter = (bytes[6] & 0x07) * 256 + bytes[7]; // a random start below 0x800 leaves room to count up
  lastMs = now;
  let t = now;
  for (let i = 5; i >= 0; i--) {
    bytes[i] = t % 256;
    t = Math.floor(t / 256);
  }
  bytes[6] = 0x70 | (counter >> 8);
  bytes[7] = counter & 0xff;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** When a UUID v7 was made (its first 48 bits, ms since the epoch). */
export const uuidV7Time = (id: string): number => Number.parseInt(id.slice(0, 8) + id.slice(9, 13), 16);
