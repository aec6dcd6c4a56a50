// Whose X-Forwarded-For the dashboard believes (TRUST_PROXY), seen at the edge through the per-IP sign-in
// throttle over HTTP. Each test connects from its own loopback address (Linux routes all of 127/8 to lo),
// so the socket's peer is known and no other test's count in the shared Redis meets it.
import { randomBytes, randomInt } from 'node:crypto';
import { request } from 'node:http';
import { trustProxySchema } from '@exs/platform';
import { FakeClock, startDashboard, type DashboardHarness } from './support.js';

const PER_IP = 3;

/** A minimal browser bound to one local address: cookies by name, the last form's CSRF token. */
class Client {
  private readonly cookies = new Map<string, string>();
  private csrf = '';
  constructor(private readonly baseUrl: string, readonly localAddress: string) {}

  send(method: string, path: string, form?: Record<string, string>, headers: Record<string, string> = {}): Promise<number> {
    const body = form ? new URLSearchParams({ _csrf: this.csrf, ...form }).toString() : undefined;
    return new Promise((resolve, reject) => {
      const req = request(new URL(path, this.baseUrl), {
        method,
        localAddress: this.localAddress,
        timeout: 10_000,
        headers: {
          ...headers,
          ...(this.cookies.size ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
          ...(body ? { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(Buffer.byteLength(body)) } : {}),
        },
      }, (res) => {
        for (const line of res.headers['set-cookie'] ?? []) {
          const [pair] = line.split(';');
          const eq = pair!.indexOf('=');
          this.cookies.set(pair!.slice(0, eq), pair!.slice(eq + 1));
        }
        let text = '';
        res.on('data', (c: Buffer) => (text += c));
        res.on('end', () => {
          const token = /name="_csrf" value="([^"]+)"/.exec(text);
          if (token) this.csrf = token[1]!;
          resolve(res.statusCode!);
        });
      });
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', reject);
      req.end(body);
    });
  }
}

const run = randomBytes(4).toString('hex');
let n = 0;
/** A loopback address no other test run is likely to use. */
const loopback = () => `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

/** Failed sign-ins (each a new address, so only the per-IP count can trip) with these X-Forwarded-For values. */
async function failedSignIns(harness: DashboardHarness, from: string, forwardedFor: (i: number) => string | undefined, times: number): Promise<number[]> {
  const client = new Client(harness.baseUrl!, from);
  await client.send('GET', '/signin');
  const statuses: number[] = [];
  for (let i = 0; i < times; i++) {
    const xff = forwardedFor(i);
    statuses.push(await client.send('POST', '/signin', { email: `trust-${run}-${++n}@example.com`, password: 'wrong password 123' }, xff ? { 'x-forwarded-for': xff } : {}));
  }
  return statuses;
}

const spoofed = (i: number) => `203.0.113.${i + 1}`;

describe.each([
  ['unset (trust nobody)', {}],
  ['a CIDR that is not the peer', { TRUST_PROXY: '10.0.0.0/8' }],
])('TRUST_PROXY %s', (_name, env) => {
  let harness: DashboardHarness;
  beforeAll(async () => { harness = await startDashboard({ LOGIN_MAX_FAILURES_PER_IP: String(PER_IP), LOGIN_MAX_FAILURES_PER_ACCOUNT: '100', ...env }, new FakeClock(), { web: true }); }, 60_000);
  afterAll(async () => { await harness?.close(); });

  test('a client cannot vary its IP with X-Forwarded-For: the throttle counts its socket address', async () => {
    expect(await failedSignIns(harness, loopback(), spoofed, PER_IP + 1)).toEqual([401, 401, 401, 429]);
  });
});

describe('TRUST_PROXY loopback (the proxy on this host)', () => {
  let harness: DashboardHarness;
  beforeAll(async () => { harness = await startDashboard({ LOGIN_MAX_FAILURES_PER_IP: String(PER_IP), LOGIN_MAX_FAILURES_PER_ACCOUNT: '100', TRUST_PROXY: 'loopback' }, new FakeClock(), { web: true }); }, 60_000);
  afterAll(async () => { await harness?.close(); });

  test('the proxy\'s X-Forwarded-For names the client: different clients are counted apart', async () => {
    expect(await failedSignIns(harness, loopback(), (i) => `198.51.100.${i + 1}`, PER_IP + 1)).toEqual([401, 401, 401, 401]);
  });

  test('one client behind the proxy is throttled at its limit', async () => {
    const client = `198.18.${randomInt(0, 256)}.${randomInt(1, 255)}`;
    expect(await failedSignIns(harness, loopback(), () => client, PER_IP + 1)).toEqual([401, 401, 401, 429]);
  });
});

describe('TRUST_PROXY 1 (one proxy hop, e.g. the ingress)', () => {
  let harness: DashboardHarness;
  beforeAll(async () => { harness = await startDashboard({ LOGIN_MAX_FAILURES_PER_IP: String(PER_IP), LOGIN_MAX_FAILURES_PER_ACCOUNT: '100', TRUST_PROXY: '1' }, new FakeClock(), { web: true }); }, 60_000);
  afterAll(async () => { await harness?.close(); });

  test('what the client wrote before the proxy\'s entry is ignored: the address the proxy added is counted', async () => {
    const client = `198.18.${randomInt(0, 256)}.${randomInt(1, 255)}`;
    expect(await failedSignIns(harness, loopback(), (i) => `${spoofed(i)}, ${client}`, PER_IP + 1)).toEqual([401, 401, 401, 429]);
  });
});

describe('TRUST_PROXY values', () => {
  const parse = (v: string | undefined) => trustProxySchema.safeParse(v);
  test.each([
    [undefined, false], ['', false], ['false', false], ['0', false], ['1', 1], ['10', 10],
    ['loopback', ['loopback']], ['10.0.0.0/8, 192.168.1.7', ['10.0.0.0/8', '192.168.1.7']], ['fd00::/8,uniquelocal', ['fd00::/8', 'uniquelocal']],
  ])('%p is accepted as %p', (value, expected) => {
    expect(parse(value)).toEqual({ success: true, data: expected });
  });
  test.each(['true', '11', '10.0.0.0/33', 'proxy.example.com', '10.1', '1.2.3.4/8x', ','])('%p is refused', (value) => {
    expect(parse(value).success).toBe(false);
  });
});
