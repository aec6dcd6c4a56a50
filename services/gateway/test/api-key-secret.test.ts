import { displayPrefix, hashSecret, isWellFormedSecret, newApiKeySecret } from '../src/accounts/api-key-secret.js';

test('new secrets are well formed and distinct', () => {
  const a = newApiKeySecret();
  const b = newApiKeySecret();
  expect(isWellFormedSecret(a)).toBe(true);
  expect(a).not.toBe(b);
});

test('secrets of another shape are not well formed', () => {
  expect(isWellFormedSecret('exs_live_short')).toBe(false);
  expect(isWellFormedSecret(`sk_live_${'a'.repeat(40)}`)).toBe(false);
  expect(isWellFormedSecret(`exs_live_${'a'.repeat(39)}!`)).toBe(false);
});

test('the stored hash is SHA-256 hex and never contains the secret', () => {
  const secret = newApiKeySecret();
  const hash = hashSecret(secret);
  expect(hash).toMatch(/^[0-9a-f]{64}$/);
  expect(hash).not.toContain(secret.slice(9));
});

test('the display prefix shows the scheme and four characters only', () => {
  expect(displayPrefix('exs_live_ABCDEFGH')).toBe('exs_live_ABCD');
});
