import { randomBytes } from 'node:crypto';

/** Prefixed, unguessable identifiers in the Stripe style (acct_, key_). */
export const newId = (prefix: 'acct' | 'key'): string => `${prefix}_${randomBytes(12).toString('hex')}`;
