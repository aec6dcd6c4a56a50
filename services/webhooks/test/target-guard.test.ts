import { jest } from '@jest/globals';
import { TargetGuard, TargetRefusedError, type Resolver } from '../src/targets/target-guard.js';

const strict = { allowInsecureUrls: false, allowPrivateTargets: false };
const resolverOf = (...addresses: string[]) => jest.fn<Resolver>(async () => addresses.map((address) => ({ address, family: address.includes(':') ? 6 as const : 4 as const })));

async function refusal(guard: TargetGuard, url: string): Promise<TargetRefusedError> {
  try {
    await guard.check(url);
  } catch (err) {
    if (err instanceof TargetRefusedError) return err;
    throw err;
  }
  throw new Error(`${url} was accepted`);
}

describe('target guard', () => {
  it('accepts an https URL whose host resolves to public addresses', async () => {
    const guard = new TargetGuard(strict, resolverOf('93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'));
    const target = await guard.check('https://hooks.example.com/exs?x=1');
    expect(target.url.toString()).toBe('https://hooks.example.com/exs?x=1');
    expect(target.addresses.map((a) => a.address)).toEqual(['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c']);
  });

  it('refuses http URLs by default', async () => {
    const resolver = resolverOf('93.184.215.14');
    expect((await refusal(new TargetGuard(strict, resolver), 'http://hooks.example.com/')).reason).toBe('insecure_scheme');
    expect(resolver).not.toHaveBeenCalled();
  });

  it('accepts http URLs when insecure URLs are allowed', async () => {
    const guard = new TargetGuard({ ...strict, allowInsecureUrls: true }, resolverOf('93.184.215.14'));
    await expect(guard.check('http://hooks.example.com/')).resolves.toBeDefined();
  });

  it.each(['ftp://hooks.example.com/', 'file:///etc/passwd', 'gopher://x/', 'not a url', '/relative'])('refuses %s', async (url) => {
    expect(['insecure_scheme', 'invalid_url']).toContain((await refusal(new TargetGuard({ ...strict, allowInsecureUrls: true }, resolverOf('93.184.215.14')), url)).reason);
  });

  it('refuses credentials in the URL', async () => {
    expect((await refusal(new TargetGuard(strict, resolverOf('93.184.215.14')), 'https://user:pw@hooks.example.com/')).reason).toBe('credentials_in_url');
  });

  it('refuses a host that resolves to the metadata address', async () => {
    expect((await refusal(new TargetGuard(strict, resolverOf('169.254.169.254')), 'https://metadata.example.com/')).reason).toBe('forbidden_address');
  });

  it.each(['::a9fe:a9fe', '64:ff9b::a9fe:a9fe', '2002:a9fe:a9fe::1'])('refuses a host that resolves to %s, the metadata address inside IPv6', async (address) => {
    expect((await refusal(new TargetGuard(strict, resolverOf(address)), 'https://metadata6.example.com/')).reason).toBe('forbidden_address');
  });

  it('refuses a host when any of its addresses is private', async () => {
    expect((await refusal(new TargetGuard(strict, resolverOf('93.184.215.14', '10.0.0.7')), 'https://mixed.example.com/')).reason).toBe('forbidden_address');
  });

  it.each([
    'https://127.0.0.1/', 'https://[::1]/', 'https://2130706433/', 'https://0x7f.1/', 'https://0177.0.0.1/', 'https://169.254.169.254/latest/meta-data/',
    'https://[::ffff:169.254.169.254]/', 'https://[fd00::1]/', 'https://10.0.0.1:8443/', 'https://0.0.0.0/', 'https://100.64.1.1/',
    'https://[::a9fe:a9fe]/latest/meta-data/', 'https://[::169.254.169.254]/', 'https://[64:ff9b::a9fe:a9fe]/', 'https://[2002:a9fe:a9fe::1]/',
    'https://[::ffff:0:a9fe:a9fe]/', 'https://[::127.0.0.1]/',
  ])('refuses the IP literal %s without resolving', async (url) => {
    const resolver = resolverOf('93.184.215.14');
    expect((await refusal(new TargetGuard(strict, resolver), url)).reason).toBe('forbidden_address');
    expect(resolver).not.toHaveBeenCalled();
  });

  it('refuses a host that resolves to loopback', async () => {
    expect((await refusal(new TargetGuard(strict, resolverOf('127.0.0.1')), 'https://localhost/')).reason).toBe('forbidden_address');
  });

  it('allows loopback when private targets are allowed', async () => {
    const guard = new TargetGuard({ allowInsecureUrls: true, allowPrivateTargets: true }, resolverOf('127.0.0.1'));
    await expect(guard.check('http://localhost:8080/hook')).resolves.toMatchObject({ addresses: [{ address: '127.0.0.1', family: 4 }] });
  });

  it('refuses a host that does not resolve', async () => {
    const resolver = jest.fn<Resolver>(async () => { throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' }); });
    expect((await refusal(new TargetGuard(strict, resolver), 'https://nowhere.invalid/')).reason).toBe('unresolvable_host');
  });

  it('refuses URLs longer than 2048 characters', async () => {
    expect((await refusal(new TargetGuard(strict, resolverOf('93.184.215.14')), `https://hooks.example.com/${'a'.repeat(2048)}`)).reason).toBe('invalid_url');
  });
});
