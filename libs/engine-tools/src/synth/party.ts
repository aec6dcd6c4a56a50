/** Invented businesses for the synthetic documents: a name with the country's legal form, an address, contacts, a VAT id. */
import { vatId } from './identifiers.js';
import type { City, Country, Language } from './locale.js';
import type { Rng } from './random.js';
import { fill, pattern } from './template.js';

export interface Party {
  name: string;
  /** Address lines under the name (street, then postcode and city). */
  address: string[];
  city: City;
  vatId: string;
  vatLabel: string;
  phone: string;
  email: string;
  web: string;
  /** A person at the business (for "attention" lines and signatures). */
  person: string;
}

const slug = (s: string) => s.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/&/g, ' ').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

function address(country: Country, city: City, rng: Rng): string[] {
  const street = country.streets.length ? rng.pick(country.streets).replace('{n}', String(rng.int(1, 180))) : '';
  const cityLine = rng.pick(country.cityLine).replaceAll('{pc}', pattern(city.pc, rng)).replaceAll('{city}', city.city).replaceAll('{region}', city.region ?? '');
  return [street, ...cityLine.split('|')].filter(Boolean);
}

function named(template: string, lang: Language, country: Country, rng: Rng, city: City, withForm: boolean): string {
  const [s, s2] = rng.sample(lang.surnames, 2);
  const form = rng.pick(country.legalForms);
  const name = fill(template, rng, { names: { S: s!, S2: s2!, Sector: rng.pick(lang.sectors), Brand: rng.pick(lang.brands), City: city.city, F: withForm ? form : '' } });
  return name.replace(/,?\s+$/, '').replace(/\s{2,}/g, ' ').trim();
}

function contacts(lang: Language, country: Country, rng: Rng, name: string, city: City, addr: string[]): Party {
  const core = slug(name.replace(new RegExp(`\\b(${country.legalForms.map((f) => f.replace(/[.()&]/g, (c) => `\\${c}`)).join('|')})$`), '')).split('-').filter((w) => w.length > 1).slice(0, 2).join('-') || 'mail';
  const web = `www.${core}.${country.tld}`;
  return {
    name, address: addr, city,
    vatId: vatId(country.code, rng), vatLabel: rng.pick(country.vatLabels),
    phone: pattern(country.phone, rng),
    email: `${rng.pick(['info', 'contact', 'office', 'billing', 'hello'])}@${core}.${country.tld}`,
    web,
    person: `${rng.pick(lang.firstNames)} ${rng.pick(lang.surnames)}`,
  };
}

/** A business that issues or receives invoices; never named like one in `avoid`. */
export function company(lang: Language, country: Country, rng: Rng, avoid: readonly string[] = []): Party {
  const city = rng.pick(country.cities);
  let name = named(rng.pick(lang.companies), lang, country, rng, city, true);
  for (let i = 0; i < 10 && avoid.some((a) => a.split(' ')[0] === name.split(' ')[0]); i++) name = named(rng.pick(lang.companies), lang, country, rng, city, true);
  return contacts(lang, country, rng, name, city, address(country, city, rng));
}

/** A shop or café that prints receipts: its trading name, sometimes with the legal form. */
export function shop(lang: Language, country: Country, rng: Rng): Party {
  const city = rng.pick(country.cities);
  const withForm = rng.chance(0.4);
  let name = named(rng.pick(lang.shops), lang, country, rng, city, withForm);
  if (withForm) name = `${name}${lang.code === 'pt' ? ',' : ''} ${rng.pick(country.legalForms)}`;
  return contacts(lang, country, rng, name, city, address(country, city, rng));
}
