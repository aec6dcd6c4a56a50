import { TOP_LEVEL_DOMAINS, TOP_LEVEL_DOMAINS_BY_USE, WEB_TOP_LEVEL_DOMAINS } from '../../src/knowledge/web-domains/index.js';
import { WEB_ADDRESS_RE } from '../../src/extract/candidates.js';
import { WEB_ADDRESS } from '../../src/kinds/organization/issuer.js';

/** extract/candidates.ts urlCandidates' pattern before its top-level domains became data, verbatim. */
const OLD_URL = /(?<![@\w.])(?:https?:\/\/)?(?:www\.)?[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.(?:com|net|org|io|de|nl|fr|uk|co|eu|be|in|my|biz|info|ai|app|us|ch|at|es|it)(?:\/[^\s]*)?(?![@\w])/gi;
/** kinds/organization/issuer.ts WEB_ADDRESS before (test/knowledge/old-in-code-vocabulary.ts OLD_WEB_ADDRESS). */
const OLD_NAME_TLDS = ['com', 'net', 'org', 'nl', 'de', 'be', 'fr', 'co', 'uk', 'eu', 'io', 'ch', 'at', 'it', 'es'];

// every top-level domain of both lists and near misses, in the shapes web and e-mail addresses take in text
const tlds = [...new Set([...OLD_URL.source.match(/\(\?:com[^)]*\)/)![0].slice(3, -1).split('|'), ...WEB_TOP_LEVEL_DOMAINS, 'cm', 'comm', 'ne', 'inf', 'ap', 'u', 'xyz', 'org.uk'])];
const spellings = (t: string) => [t, t.toUpperCase(), t[0]!.toUpperCase() + t.slice(1)];
const contexts = (t: string) => [
  `acme.${t}`, `www.acme.${t}`, `https://acme.${t}/x?y=1`, `http://www.acme-shop.${t}.`, `shop.acme.${t}/contact-us/`, `acme.${t}x`, `acme.${t}-x`,
  `acme.${t}.`, `acme.${t},`, `(acme.${t})`, `info@acme.${t}`, `a@b.acme.${t} www.b.${t}`, `.acme.${t}`, `x.acme.${t}@y`, `ACME B.V. iov Brand.${t}`,
  `Visit www.acme.co.${t} today`, `acme.${t}/a b.${t}`, `acme ${t}`, `${t}`, `a.b.c.${t}/`, `é.${t}`, `acme.${t}_x`, `acme.${t}1`, `12.${t}`,
];
const probes = [...new Set(tlds.flatMap((t) => spellings(t).flatMap(contexts)))];
const all = (re: RegExp, p: string) => [...p.matchAll(re)].map((m) => `${m.index}:${m[0]}`).join('|');

describe('top-level domains', () => {
  test('lower case, each once across both uses; the names\' list is the one the issuer reader read', () => {
    expect(new Set(WEB_TOP_LEVEL_DOMAINS).size).toBe(WEB_TOP_LEVEL_DOMAINS.length);
    for (const t of WEB_TOP_LEVEL_DOMAINS) expect(t).toBe(t.toLowerCase());
    expect([...TOP_LEVEL_DOMAINS]).toEqual(OLD_NAME_TLDS);
    expect(WEB_TOP_LEVEL_DOMAINS).toEqual([...TOP_LEVEL_DOMAINS_BY_USE.inNames, ...TOP_LEVEL_DOMAINS_BY_USE.addressesOnly]);
  });

  test(`${probes.length} probes: the web-address reader finds what its former list found, at the same places`, () => {
    expect(probes.filter((p) => all(WEB_ADDRESS_RE, p) !== all(OLD_URL, p))).toEqual([]);
  });

  test('the tail of a hyphenated e-mail domain after its hyphen is no web address of its own', () => {
    expect([...'billing@evolis-fournitures.fr'.matchAll(WEB_ADDRESS_RE)]).toEqual([]);
    expect([...'www.evolis-fournitures.fr'.matchAll(WEB_ADDRESS_RE)].map((m) => m[0])).toEqual(['www.evolis-fournitures.fr']);
  });

  test('the issuer reader still cuts web addresses with the names\' subset only', () => {
    expect('ACME Ltd acme.in'.replace(WEB_ADDRESS, ' ')).toBe('ACME Ltd acme.in');
    expect('ACME Ltd acme.com'.replace(WEB_ADDRESS, ' ')).toBe('ACME Ltd  ');
  });
});
