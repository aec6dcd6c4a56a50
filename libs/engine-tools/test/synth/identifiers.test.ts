import { hasIban, iban, mod97, vatId, type CountryCode } from '../../src/synth/identifiers.js';
import { Rng } from '../../src/synth/random.js';

const COUNTRIES: CountryCode[] = ['GB', 'US', 'IE', 'FR', 'BE', 'CH', 'DE', 'AT', 'ES', 'MX', 'IT', 'NL', 'PT', 'BR'];

/** ISO 13616 check, written independently of the generator: the rearranged IBAN as one big number mod 97 is 1. */
const ibanValid = (s: string) => BigInt([...(s.slice(4) + s.slice(0, 4))].map((c) => (/[A-Z]/.test(c) ? String(c.charCodeAt(0) - 55) : c)).join('')) % 97n === 1n;

const LENGTH: Partial<Record<CountryCode, number>> = { GB: 22, IE: 22, FR: 27, BE: 16, CH: 21, DE: 22, AT: 20, ES: 24, IT: 27, NL: 18, PT: 25, BR: 29 };

test('the published example IBANs pass the check the generator uses', () => {
  expect(mod97('WEST12345698765432GB82')).toBe(1);
  expect(ibanValid('GB82WEST12345698765432')).toBe(true);
  expect(ibanValid('DE89370400440532013000')).toBe(true);
  expect(ibanValid('DE89370400440532013001')).toBe(false);
});

test.each(COUNTRIES.filter(hasIban))('%s IBANs have valid check digits and the country length', (country) => {
  const rng = new Rng(`iban/${country}`);
  for (let i = 0; i < 200; i++) {
    const s = iban(country, rng);
    expect(s.startsWith(country)).toBe(true);
    expect(s).toHaveLength(LENGTH[country]!);
    expect(ibanValid(s)).toBe(true);
  }
});

test('Belgian account numbers carry their national mod-97 check too', () => {
  const rng = new Rng('iban/BE/national');
  for (let i = 0; i < 100; i++) {
    const bban = iban('BE', rng).slice(4);
    expect(Number(BigInt(bban.slice(0, 10)) % 97n) || 97).toBe(Number(bban.slice(10)));
  }
});

const VAT_FORMAT: Record<CountryCode, RegExp> = {
  GB: /^GB\d{9}$/, US: /^\d{2}-\d{7}$/, IE: /^IE\d{7}[A-W]$/, FR: /^FR\d{11}$/, BE: /^BE0\d{9}$/, CH: /^CHE-\d{3}\.\d{3}\.\d{3}$/,
  DE: /^DE\d{9}$/, AT: /^ATU\d{8}$/, ES: /^ES[AB]\d{8}$/, MX: /^[A-Z]{3}\d{6}[A-Z0-9]{2}\d$/, IT: /^IT\d{11}$/, NL: /^NL\d{9}B\d{2}$/,
  PT: /^PT5\d{8}$/, BR: /^\d{2}\.\d{3}\.\d{3}\/0001-\d{2}$/,
};

test.each(COUNTRIES)('%s VAT ids are in the country format', (country) => {
  const rng = new Rng(`vat/${country}`);
  for (let i = 0; i < 50; i++) expect(vatId(country, rng)).toMatch(VAT_FORMAT[country]);
});

test('French VAT keys, Italian, Portuguese and Belgian check digits are right', () => {
  const rng = new Rng('vat/checks');
  for (let i = 0; i < 50; i++) {
    const fr = vatId('FR', rng);
    expect(Number(fr.slice(2, 4))).toBe((12 + 3 * Number(BigInt(fr.slice(4)) % 97n)) % 97);
    const it = vatId('IT', rng).slice(2);
    const luhn = [...it].reverse().reduce((s, ch, k) => { let d = Number(ch); if (k % 2 === 1) { d *= 2; if (d > 9) d -= 9; } return s + d; }, 0);
    expect(luhn % 10).toBe(0);
    const pt = vatId('PT', rng).slice(2);
    const r = [...pt.slice(0, 8)].reduce((s, ch, k) => s + Number(ch) * (9 - k), 0) % 11;
    expect(Number(pt[8])).toBe(r < 2 ? 0 : 11 - r);
    const be = vatId('BE', rng).slice(2);
    expect(97 - (Number(be.slice(0, 8)) % 97)).toBe(Number(be.slice(8)));
  }
});
