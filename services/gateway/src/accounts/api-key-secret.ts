import { createHash, randomBytes } from 'node:crypto';

/** Secrets look like `exs_live_<40 base62 chars>`: about 238 bits, so an unsalted SHA-256 is safe to store. */
const SECRET_PREFIX = 'exs_live_';
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const SECRET_PATTERN = /^exs_live_[0-9A-Za-z]{40}$/;

export function newApiKeySecret(): string {
  const bytes = randomBytes(40);
  let body = '';
  // 248 is the largest multiple of 62 below 256: rejecting bytes above it keeps the alphabet unbiased.
  for (let i = 0; body.length < 40; i++) {
    const b = i < bytes.length ? bytes[i] : randomBytes(1)[0];
    if (b < 248) body += ALPHABET[b % 62];
  }
  return SECRET_PREFIX + body;
}

export const isWellFormedSecret = (secret: string): boolean => SECRET_PATTERN.test(secret);
export const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');
/** What listings show of a key. */
export const displayPrefix = (secret: string): string => secret.slice(0, SECRET_PREFIX.length + 4);
