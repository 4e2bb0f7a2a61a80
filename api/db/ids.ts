import { randomBytes } from 'node:crypto';

/**
 * A 24-hex-character id: 4 bytes of seconds then 8 random bytes, so ids sort roughly by creation
 * time (like the `_id`s the spec's wire format shows) and cannot be guessed.
 *
 * @example newId() // '6740a1c2f3b9d84e1a2c3b4d'
 */
export function newId(): string {
  const seconds = Math.floor(Date.now() / 1000)
    .toString(16)
    .padStart(8, '0');
  return seconds + randomBytes(8).toString('hex');
}

/** Ids the browser made up for unsaved items (spec: temporary ids start with temp_). */
export const isTempId = (id: string | undefined | null): boolean =>
  typeof id === 'string' && id.startsWith('temp_');
