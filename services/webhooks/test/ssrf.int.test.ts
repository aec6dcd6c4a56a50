// SSRF rules with production settings (https only, no private targets). DNS and the network are stubbed:
// the resolver answers from a table, and the dialer records calls instead of connecting, so these tests
// prove refusals happen before any connection is attempted and send nothing anywhere.
import { jest } from '@jest/globals';
import { status } from '@grpc/grpc-js';
import type { Dialer, OutboundRequest } from '../src/delivery/dialer.js';
import type { Resolver } from '../src/targets/target-guard.js';
import { call, startHarness, uid, ManualClock, type Harness } from './support/harness.js';

// Starting the service (database, migrations, NATS consumers) can take several seconds on a busy 2-core machine.
jest.setTimeout(60_000);

const dns = new Map<string, string[]>();
const resolver = jest.fn<Resolver>(async (hostname) => {
  const addresses = dns.get(hostname);
  if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return addresses.map((address) => ({ address, family: address.includes(':') ? 6 as const : 4 as const }));
});
const send = jest.fn<Dialer['send']>(async () => ({ statusCode: 200, bodyPrefix: '' }));
const clock = new ManualClock();
let h: Harness;

beforeAll(async () => {
  h = await startHarness({
    overrides: { resolver, dialer: { send }, clock, runWorker: false },
    env: { WEBHOOKS_ALLOW_INSECURE_URLS: 'false', WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'false' },
  });
});

afterAll(async () => {
  await h?.close();
});

beforeEach(() => {
  send.mockClear();
  resolver.mockClear();
});

async function createError(accountId: string, url: string): Promise<{ code: number; details: string }> {
  try {
    await call(h.api.createEndpoint({ accountId, url, eventTypes: [], description: '' }));
  } catch (err) {
    return err as { code: number; details: string };
  }
  throw new Error(`${url} was accepted`);
}

describe('SSRF protection at registration', () => {
  it.each([
    ['the metadata address', '169.254.169.254'],
    ['loopback', '127.0.0.1'],
    ['a 10/8 address', '10.0.0.5'],
    ['a 172.16/12 address', '172.20.1.1'],
    ['a 192.168/16 address', '192.168.0.1'],
    ['a CGNAT address', '100.64.0.9'],
    ['a unique-local IPv6 address', 'fd00::5'],
    ['a link-local IPv6 address', 'fe80::1'],
    ['an IPv4-mapped private address', '::ffff:10.0.0.1'],
    ['the metadata address written IPv4-compatible', '::a9fe:a9fe'],
    ['the metadata address behind the NAT64 prefix', '64:ff9b::a9fe:a9fe'],
    ['the metadata address inside a 6to4 address', '2002:a9fe:a9fe::1'],
  ])('refuses a host that resolves to %s without connecting', async (_name, address) => {
    const host = `${uid('h')}.example.com`;
    dns.set(host, [address]);
    const accountId = uid('acct');
    const err = await createError(accountId, `https://${host}/hook`);

    expect(err.code).toBe(status.INVALID_ARGUMENT);
    expect(err.details).toMatch(/non-public address/);
    expect(resolver).toHaveBeenCalledWith(host);
    expect(send).not.toHaveBeenCalled();
    expect(await h.db.endpoint.count({ where: { accountId } })).toBe(0);
  });

  it('refuses an IP literal of the metadata service without resolving or connecting', async () => {
    const err = await createError(uid('acct'), 'https://169.254.169.254/latest/meta-data/');
    expect(err.code).toBe(status.INVALID_ARGUMENT);
    expect(resolver).not.toHaveBeenCalled();
    expect(send).not.toHaveBeenCalled();
  });

  it('refuses the IPv4-compatible IPv6 literal of the metadata service without resolving or connecting', async () => {
    const err = await createError(uid('acct'), 'https://[::a9fe:a9fe]/latest/meta-data/');
    expect(err).toMatchObject({ code: status.INVALID_ARGUMENT, details: 'url host resolves to a non-public address (linkLocal)' });
    expect(resolver).not.toHaveBeenCalled();
    expect(send).not.toHaveBeenCalled();
  });

  it('refuses a host that does not resolve', async () => {
    const err = await createError(uid('acct'), 'https://missing.example.com/hook');
    expect(err).toMatchObject({ code: status.INVALID_ARGUMENT, details: 'url host does not resolve' });
  });

  it('refuses an http URL when insecure URLs are not allowed', async () => {
    dns.set('plain.example.com', ['93.184.215.14']);
    const err = await createError(uid('acct'), 'http://plain.example.com/hook');
    expect(err).toMatchObject({ code: status.INVALID_ARGUMENT, details: 'url must use https' });
    expect(resolver).not.toHaveBeenCalled();
  });

  it('accepts an https URL whose host resolves to a public address', async () => {
    dns.set('public.example.com', ['93.184.215.14']);
    const { endpoint } = await call(h.api.createEndpoint({ accountId: uid('acct'), url: 'https://public.example.com/hook', eventTypes: [], description: '' }));
    expect(endpoint!.url).toBe('https://public.example.com/hook');
    expect(send).not.toHaveBeenCalled();
  });
});

describe('SSRF protection at delivery', () => {
  async function endpointWithPendingDelivery(host: string) {
    const accountId = uid('acct');
    await call(h.api.createEndpoint({ accountId, url: `https://${host}/hook`, eventTypes: [], description: '' }));
    await h.publishSucceeded({ accountId });
    await h.eventsSettled();
    return accountId;
  }

  it('refuses a host that resolves to the metadata address after registration, without connecting', async () => {
    const host = `${uid('rebind')}.example.com`;
    dns.set(host, ['93.184.215.14']);
    const accountId = await endpointWithPendingDelivery(host);
    dns.set(host, ['169.254.169.254']); // DNS rebinding: the name now points inside

    expect(await h.worker.runOnce()).toBe(1);
    expect(send).not.toHaveBeenCalled();
    const delivery = await h.db.delivery.findFirstOrThrow({ where: { accountId }, include: { attempts: true } });
    expect(delivery.status).toBe('pending');
    expect(delivery.attempts).toEqual([expect.objectContaining({ statusCode: null, error: 'target refused: url host resolves to a non-public address (linkLocal)' })]);
  });

  it('dials the address that was checked, and only that', async () => {
    const host = `${uid('pinned')}.example.com`;
    dns.set(host, ['93.184.215.14']);
    const accountId = await endpointWithPendingDelivery(host);

    expect(await h.worker.runOnce()).toBe(1);
    expect(send).toHaveBeenCalledTimes(1);
    const request = send.mock.calls[0]![0] as OutboundRequest;
    expect(request.target.url.hostname).toBe(host);
    expect(request.target.addresses).toEqual([{ address: '93.184.215.14', family: 4 }]);
    expect(request.timeoutMs).toBe(10_000);
    expect((await h.db.delivery.findFirstOrThrow({ where: { accountId } })).status).toBe('succeeded');
  });
});
