// Sign-in throttling in Redis (a real one): per e-mail address and per client IP, each at its edge.
import { randomBytes } from 'node:crypto';
import { LoginThrottle } from '../src/auth/login-throttle.js';
import { FakeClock, startDashboard, type DashboardHarness } from './support.js';

const PER_ACCOUNT = 4;
const PER_IP = 6;

let harness: DashboardHarness;
let throttle: LoginThrottle;
const run = randomBytes(4).toString('hex');
let n = 0;
const address = () => `throttle-${run}-${++n}@example.com`;
const ip = () => `192.0.2.${++n % 250}-${run}`;

beforeAll(async () => {
  harness = await startDashboard({ LOGIN_MAX_FAILURES_PER_ACCOUNT: String(PER_ACCOUNT), LOGIN_MAX_FAILURES_PER_IP: String(PER_IP) }, new FakeClock());
  throttle = harness.app.get(LoginThrottle);
}, 60_000);

afterAll(async () => {
  await harness?.close();
});

async function fail(email: string, from: string, times: number) {
  for (let i = 0; i < times; i++) await throttle.failed(email, from);
}

test(`an address may still try after ${PER_ACCOUNT - 1} failures`, async () => {
  const email = address();
  await fail(email, ip(), PER_ACCOUNT - 1);
  expect(await throttle.allowed(email, ip())).toBe(true);
});

test(`an address is refused after ${PER_ACCOUNT} failures, from any IP`, async () => {
  const email = address();
  await fail(email, ip(), PER_ACCOUNT);
  expect(await throttle.allowed(email, ip())).toBe(false);
});

test('a successful sign-in clears the address\'s failures', async () => {
  const email = address();
  await fail(email, ip(), PER_ACCOUNT - 1);
  await throttle.succeeded(email);
  await fail(email, ip(), PER_ACCOUNT - 1);
  expect(await throttle.allowed(email, ip())).toBe(true);
});

test(`an IP may still try after ${PER_IP - 1} failures across addresses`, async () => {
  const from = ip();
  for (let i = 0; i < PER_IP - 1; i++) await throttle.failed(address(), from);
  expect(await throttle.allowed(address(), from)).toBe(true);
});

test(`an IP is refused after ${PER_IP} failures across addresses, for any address; other IPs are not`, async () => {
  const from = ip();
  for (let i = 0; i < PER_IP; i++) await throttle.failed(address(), from);
  expect(await throttle.allowed(address(), from)).toBe(false);
  expect(await throttle.allowed(address(), ip())).toBe(true);
});
