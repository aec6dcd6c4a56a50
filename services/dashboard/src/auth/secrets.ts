import { createHash, randomBytes } from 'node:crypto';

/** A random secret for a link or a cookie (256 bits, URL-safe). */
export const newSecret = (): string => randomBytes(32).toString('base64url');

/** What the database keeps of a secret: a leaked table cannot be replayed as links or cookies. */
export const digest = (secret: string): string => createHash('sha256').update(secret).digest('hex');

export const newId = (prefix: string): string => `${prefix}_${randomBytes(12).toString('base64url')}`;

const EMAIL = /^[^@\s]{1,64}@[^@\s]{1,189}\.[^@\s]+$/;
export const normalizeEmail = (email: string): string | null => {
  const normalized = email.trim().toLowerCase();
  return normalized.length <= 254 && EMAIL.test(normalized) ? normalized : null;
};
