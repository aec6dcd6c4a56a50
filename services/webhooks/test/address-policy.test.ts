import { classifyAddress } from '../src/targets/address-policy.js';

describe('address policy', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['::1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['fc00::1', 'uniqueLocal'],
    ['fd12:3456::1', 'uniqueLocal'],
    ['169.254.169.254', 'linkLocal'],
    ['169.254.0.1', 'linkLocal'],
    ['fe80::1', 'linkLocal'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['ff02::1', 'multicast'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['255.255.255.255', 'broadcast'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:169.254.169.254', 'linkLocal'],
    ['::ffff:10.0.0.1', 'private'],
  ])('refuses %s (%s)', (address, range) => {
    expect(classifyAddress(address, false)).toMatchObject({ allowed: false, range });
  });

  it.each(['2002:a00:1::1', '2001::1', '64:ff9b::a00:1', '192.0.2.1', '198.18.0.1', '240.0.0.1'])('refuses the special-purpose address %s', (address) => {
    expect(classifyAddress(address, false).allowed).toBe(false);
  });

  it.each(['93.184.215.14', '8.8.8.8', '2606:4700::1111'])('allows the public address %s', (address) => {
    expect(classifyAddress(address, false).allowed).toBe(true);
  });

  it('refuses text that is not an IP address', () => {
    expect(classifyAddress('example.com', false)).toMatchObject({ allowed: false, range: 'invalid' });
  });

  it.each(['127.0.0.1', '::1', '10.0.0.1', '192.168.0.10', 'fd00::1'])('allows loopback and private %s when private targets are allowed', (address) => {
    expect(classifyAddress(address, true).allowed).toBe(true);
  });

  it.each(['169.254.169.254', 'fe80::1', '0.0.0.0', '224.0.0.1', '100.64.0.1'])('still refuses %s when private targets are allowed', (address) => {
    expect(classifyAddress(address, true).allowed).toBe(false);
  });
});
