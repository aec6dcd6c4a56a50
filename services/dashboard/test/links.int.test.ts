// Verification and reset links: single-use, and expiring exactly at their lifetime (the last moment
// before it works, the moment itself does not). Real PostgreSQL, and the mails read from a real Mailpit.
import { Inbox, linkIn } from '../../../test/support/dashboard.js';
import { UsersService } from '../src/auth/users.service.js';
import { FakeClock, startDashboard, type DashboardHarness } from './support.js';

const VERIFY_TTL_MINUTES = 30;
const RESET_TTL_MINUTES = 20;
const PASSWORD = 'correct horse battery';

let harness: DashboardHarness;
let users: UsersService;
let inbox: Inbox;
const clock = new FakeClock();
let n = 0;
const address = () => `links-${++n}@example.com`;
const tokenOf = (link: string) => new URL(link, 'http://x').searchParams.get('token')!;

beforeAll(async () => {
  harness = await startDashboard({ VERIFY_TOKEN_TTL_MINUTES: String(VERIFY_TTL_MINUTES), RESET_TOKEN_TTL_MINUTES: String(RESET_TTL_MINUTES) }, clock);
  users = harness.app.get(UsersService);
  inbox = new Inbox(harness.mailpit.webUrl);
}, 60_000);

afterAll(async () => {
  await harness?.close();
});

/** Signs up at the clock's current time; returns the verification token from the mail. */
async function signUp(email: string): Promise<string> {
  await users.signUp(email, PASSWORD);
  const [mail] = await inbox.waitFor(email);
  return tokenOf(linkIn(mail!, '/verify'));
}

async function verifiedUser(): Promise<string> {
  const email = address();
  expect(await users.verifyEmail(await signUp(email))).not.toBeNull();
  return email;
}

async function resetToken(email: string): Promise<string> {
  await users.requestReset(email);
  const mail = (await inbox.waitFor(email, 2)).find((m) => m.subject === 'Reset your exs password')!;
  return tokenOf(linkIn(mail, '/reset/confirm'));
}

test('a verification link still works 1 ms before its lifetime ends', async () => {
  const start = clock.t;
  const token = await signUp(address());
  clock.t = start + VERIFY_TTL_MINUTES * 60_000 - 1;
  expect(await users.verifyEmail(token)).not.toBeNull();
  clock.t = start;
});

test('a verification link is refused once its lifetime has ended', async () => {
  const start = clock.t;
  const email = address();
  const token = await signUp(email);
  clock.t = start + VERIFY_TTL_MINUTES * 60_000;
  expect(await users.verifyEmail(token)).toBeNull();
  clock.t = start;
  expect(await users.authenticate(email, PASSWORD)).toBeNull();
});

test('a verification link is refused the second time', async () => {
  const token = await signUp(address());
  expect(await users.verifyEmail(token)).not.toBeNull();
  expect(await users.verifyEmail(token)).toBeNull();
});

test('a reset link still works 1 ms before its lifetime ends', async () => {
  const email = await verifiedUser();
  const start = clock.t;
  const token = await resetToken(email);
  clock.t = start + RESET_TTL_MINUTES * 60_000 - 1;
  expect(await users.resetPassword(token, 'a brand new passphrase')).toBe(true);
  clock.t = start;
  expect(await users.authenticate(email, 'a brand new passphrase')).not.toBeNull();
});

test('a reset link is refused once its lifetime has ended, and the password stays', async () => {
  const email = await verifiedUser();
  const start = clock.t;
  const token = await resetToken(email);
  clock.t = start + RESET_TTL_MINUTES * 60_000;
  expect(await users.resetPassword(token, 'a brand new passphrase')).toBe(false);
  clock.t = start;
  expect(await users.authenticate(email, PASSWORD)).not.toBeNull();
});

test('a reset link is refused the second time', async () => {
  const email = await verifiedUser();
  const token = await resetToken(email);
  expect(await users.resetPassword(token, 'a brand new passphrase')).toBe(true);
  expect(await users.resetPassword(token, 'someone elses passphrase')).toBe(false);
  expect(await users.authenticate(email, 'a brand new passphrase')).not.toBeNull();
});

test('a sign-up with someone else\'s address never sets the password of the verified account', async () => {
  const email = await verifiedUser();
  // A stranger signs up with the same address: the owner is told, no link is made.
  await users.signUp(email, 'the strangers password');
  const mails = await inbox.waitFor(email, 2);
  expect(mails[0]!.subject).toBe('You already have an exs account');
  expect(mails[0]!.text).not.toMatch(/token=/);
  expect(await users.authenticate(email, 'the strangers password')).toBeNull();
  expect(await users.authenticate(email, PASSWORD)).not.toBeNull();
});

test('passwords are stored as argon2id hashes', async () => {
  const email = await verifiedUser();
  const { PrismaClient } = await import('../src/generated/prisma/client.js');
  const user = await harness.app.get(PrismaClient).user.findUniqueOrThrow({ where: { email } });
  expect(user.passwordHash).toMatch(/^\$argon2id\$v=19\$/);
  expect(user.passwordHash).not.toContain(PASSWORD);
});
