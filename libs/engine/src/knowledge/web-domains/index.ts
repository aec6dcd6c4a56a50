/**
 * Web and e-mail domains as printed on documents. The issuer reader compares a name with the domain of a web
 * site or e-mail address printed on the page ("ACME GmbH", "info@acme.de"); a mail provider's domain names no
 * party, and a top-level domain inside a name ("ACME B.V. iov Brand.com") is a web address, not the name.
 */

/**
 * Second-level labels of mail providers and placeholder domains ("gmail" in "jane@gmail.com", "example"), by
 * the countries whose people use them ('*': everywhere).
 */
export const MAIL_PROVIDERS: readonly { countries: readonly string[]; labels: readonly string[] }[] = [
  { countries: ['*'], labels: ['gmail', 'googlemail', 'yahoo', 'hotmail', 'outlook', 'live', 'icloud', 'me', 'aol', 'mail', 'email', 'protonmail'] },
  // placeholders of forms and samples
  { countries: ['*'], labels: ['example', 'fake', 'test'] },
  { countries: ['DE'], labels: ['gmx', 'web', 't-online'] },
  { countries: ['FR'], labels: ['orange', 'free', 'wanadoo'] },
  { countries: ['NL'], labels: ['hetnet', 'ziggo', 'kpnmail'] },
];

/** Every provider label, lower case. */
export const MAIL_PROVIDER_LABELS: ReadonlySet<string> = new Set(MAIL_PROVIDERS.flatMap((p) => p.labels));

/**
 * Top-level domains that end a web address (lower case, without the dot), each once: `inNames` are also cut as a
 * web address from inside a party's name ("ACME B.V. iov Brand.com"); `addressesOnly` end a web address the
 * website reader finds (extract/candidates.ts reads both), and are not looked for inside names ("in", "my", "us"
 * would cut more of a name than they have been measured on).
 */
export const TOP_LEVEL_DOMAINS_BY_USE = {
  inNames: ['com', 'net', 'org', 'nl', 'de', 'be', 'fr', 'co', 'uk', 'eu', 'io', 'ch', 'at', 'it', 'es'],
  addressesOnly: ['in', 'my', 'biz', 'info', 'ai', 'app', 'us'],
} as const satisfies Record<string, readonly string[]>;

/** Top-level domains that end a web address inside a party's name. */
export const TOP_LEVEL_DOMAINS: readonly string[] = TOP_LEVEL_DOMAINS_BY_USE.inNames;

/** Every top-level domain a web address may end with. */
export const WEB_TOP_LEVEL_DOMAINS: readonly string[] = [...TOP_LEVEL_DOMAINS_BY_USE.inNames, ...TOP_LEVEL_DOMAINS_BY_USE.addressesOnly];
