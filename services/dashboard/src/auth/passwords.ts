import { Algorithm, hash, verify } from '@node-rs/argon2';

/** argon2id with the library's defaults (19 MiB, 2 passes, 1 lane: OWASP's minimum for argon2id). */
const OPTIONS = { algorithm: Algorithm.Argon2id } as const;

export const PASSWORD_MIN = 10;
/** Long enough for any passphrase, short enough that hashing cannot be used to burn CPU. */
export const PASSWORD_MAX = 256;

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

// Verified against when the e-mail is unknown, so a wrong address costs the same time as a wrong password.
let dummy: Promise<string> | undefined;

/** Whether `password` matches `stored`; with no stored hash, spends the same work and answers false. */
export async function checkPassword(stored: string | null, password: string): Promise<boolean> {
  if (stored === null) {
    dummy ??= hashPassword('not a real password, only spends the time a real check would');
    await verify(await dummy, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}

export const acceptablePassword = (password: string): boolean => password.length >= PASSWORD_MIN && password.length <= PASSWORD_MAX;
