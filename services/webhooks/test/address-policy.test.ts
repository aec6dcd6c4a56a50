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

  // IPv6 spellings that carry an IPv4 address are judged by that address (ipaddr.js-style vectors).
  it.each([
    ['::a9fe:a9fe', 'linkLocal'], // IPv4-compatible
    ['::169.254.169.254', 'linkLocal'],
    ['0:0:0:0:0:0:a9fe:a9fe', 'linkLocal'],
    ['::A9FE:A9FE', 'linkLocal'],
    ['::ffff:a9fe:a9fe', 'linkLocal'], // IPv4-mapped, hex spelling
    ['0:0:0:0:0:ffff:169.254.169.254', 'linkLocal'],
    ['::ffff:0:a9fe:a9fe', 'linkLocal'], // IPv4-translated (RFC 6145)
    ['::ffff:0:169.254.169.254', 'linkLocal'],
    ['64:ff9b::a9fe:a9fe', 'linkLocal'], // NAT64 well-known prefix (RFC 6052)
    ['64:ff9b::169.254.169.254', 'linkLocal'],
    ['2002:a9fe:a9fe::', 'linkLocal'], // 6to4 (RFC 3056)
    ['2002:a9fe:a9fe:1234::5', 'linkLocal'],
    ['::7f00:1', 'loopback'],
    ['::127.0.0.1', 'loopback'],
    ['64:ff9b::7f00:1', 'loopback'],
    ['2002:7f00:1::1', 'loopback'],
    ['::a00:1', 'private'],
    ['::ffff:0:c0a8:1', 'private'],
    ['64:ff9b::a64:1', 'private'],
    ['2002:c0a8:101::1', 'private'],
    ['::2', 'unspecified'], // 0.0.0.2
    ['64:ff9b::6440:1', 'carrierGradeNat'],
  ])('refuses %s as the IPv4 address it carries (%s)', (address, range) => {
    expect(classifyAddress(address, false)).toMatchObject({ allowed: false, range });
  });

  it.each([
    '64:ff9b:1::a9fe:a9fe', // local-use NAT64 (RFC 8215): where the IPv4 sits depends on the operator's prefix
    '2001:0:4136:e378:8000:63bf:5601:5601', // Teredo whose obfuscated client address is 169.254.169.254
  ])('refuses %s, whose embedded IPv4 address cannot be read for certain', (address) => {
    expect(classifyAddress(address, false).allowed).toBe(false);
  });

  it.each([
    ['::ffff:8.8.8.8', '8.8.8.8'],
    ['::808:808', '8.8.8.8'],
    ['64:ff9b::808:808', '64:ff9b::808:808'],
    ['2002:808:808::1', '2002:808:808::1'],
  ])('allows %s, which carries a public IPv4 address, and dials %s', (address, dialled) => {
    expect(classifyAddress(address, false)).toEqual({ allowed: true, address: dialled });
  });

  it.each(['::a9fe:a9fe', '::ffff:a9fe:a9fe', '64:ff9b::7f00:1', '2002:a00:1::1', '::ffff:0:7f00:1'])('still refuses %s when private targets are allowed', (address) => {
    expect(classifyAddress(address, true).allowed).toBe(false);
  });

  it.each([['::ffff:127.0.0.1', '127.0.0.1'], ['::127.0.0.1', '127.0.0.1']])('allows %s as loopback %s when private targets are allowed', (address, dialled) => {
    expect(classifyAddress(address, true)).toEqual({ allowed: true, address: dialled });
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
