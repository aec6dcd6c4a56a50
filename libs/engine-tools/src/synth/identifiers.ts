/**
 * Identifiers printed on the synthetic documents, each in its country's format with its real check digits:
 * IBANs (ISO 13616 mod 97), VAT and company tax numbers, BICs. None belongs to a real business; the check
 * digits make them look right to anything that validates them.
 */
import type { Rng } from './random.js';

export type CountryCode = 'GB' | 'US' | 'IE' | 'FR' | 'BE' | 'CH' | 'DE' | 'AT' | 'ES' | 'MX' | 'IT' | 'NL' | 'PT' | 'BR';

/** BBAN layouts: n digit, a letter, c letter or digit (digits here). */
const BBAN: Partial<Record<CountryCode, string>> = {
  GB: 'aaaannnnnnnnnnnnnn', IE: 'aaaannnnnnnnnnnnnn', FR: 'nnnnnnnnnnnnnnnnnnnnnnn', BE: 'nnnnnnnnnnnn', CH: 'nnnnnnnnnnnnnnnnn',
  DE: 'nnnnnnnnnnnnnnnnnn', AT: 'nnnnnnnnnnnnnnnn', ES: 'nnnnnnnnnnnnnnnnnnnn', IT: 'annnnnnnnnnnnnnnnnnnnnn', NL: 'aaaannnnnnnnnn',
  PT: 'nnnnnnnnnnnnnnnnnnnnn', BR: 'nnnnnnnnnnnnnnnnnnnnnnnac',
};

/** Letters count A=10 .. Z=35; the remainder of the whole digit string by 97, computed piecewise. */
export function mod97(s: string): number {
  let r = 0;
  for (const ch of s) {
    const v = /[A-Z]/.test(ch) ? String(ch.charCodeAt(0) - 55) : ch;
    for (const d of v) r = (r * 10 + Number(d)) % 97;
  }
  return r;
}

export function hasIban(country: CountryCode): boolean {
  return BBAN[country] !== undefined;
}

/** An IBAN in electronic form (no spaces) with valid check digits. */
export function iban(country: CountryCode, rng: Rng): string {
  const layout = BBAN[country];
  if (!layout) throw new Error(`no IBAN in ${country}`);
  let bban = [...layout].map((c) => (c === 'a' ? rng.letters(1) : c === 'c' ? rng.letters(1, 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789') : String(rng.int(0, 9)))).join('');
  if (country === 'BE') {
    const ten = bban.slice(0, 10);
    const r = Number(BigInt(ten) % 97n) || 97;
    bban = ten + String(r).padStart(2, '0');
  }
  const check = 98 - mod97(bban + country + '00');
  return country + String(check).padStart(2, '0') + bban;
}

/** IBANs are printed in groups of four, or as one run. */
export function printIban(electronic: string, grouped: boolean): string {
  return grouped ? electronic.replace(/(.{4})(?=.)/g, '$1 ') : electronic;
}

export function bic(country: CountryCode, rng: Rng): string {
  return rng.letters(4) + country + rng.letters(1, 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789') + rng.letters(1, 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789') + (rng.chance(0.4) ? 'XXX' : '');
}

const luhnCheck = (body: string): number => {
  let sum = 0;
  [...body].reverse().forEach((ch, i) => {
    let d = Number(ch);
    if (i % 2 === 0) { d *= 2; if (d > 9) d -= 9; }
    sum += d;
  });
  return (10 - (sum % 10)) % 10;
};

/** The company's VAT (or tax) identifier as its country prints it. */
export function vatId(country: CountryCode, rng: Rng): string {
  switch (country) {
    case 'DE': {
      const body = rng.digits(8, true);
      let product = 10;
      for (const ch of body) {
        let sum = (Number(ch) + product) % 10;
        if (sum === 0) sum = 10;
        product = (2 * sum) % 11;
      }
      const c = 11 - product;
      return `DE${body}${c === 10 ? 0 : c}`;
    }
    case 'AT': {
      const body = rng.digits(7, true);
      let sum = 0;
      [...body].forEach((ch, i) => {
        let d = Number(ch);
        if (i % 2 === 1) { d *= 2; d = Math.floor(d / 10) + (d % 10); }
        sum += d;
      });
      return `ATU${body}${(10 - ((sum + 4) % 10)) % 10}`;
    }
    case 'CH': {
      for (;;) {
        const body = rng.digits(8, true);
        const w = [5, 4, 3, 2, 7, 6, 5, 4];
        const s = [...body].reduce((a, ch, i) => a + Number(ch) * w[i]!, 0);
        const c = 11 - (s % 11);
        if (c === 10) continue;
        const all = body + (c === 11 ? 0 : c);
        return `CHE-${all.slice(0, 3)}.${all.slice(3, 6)}.${all.slice(6)}`;
      }
    }
    case 'FR': {
      const body = rng.digits(8, true);
      const siren = body + luhnCheck(body);
      const key = (12 + 3 * Number(BigInt(siren) % 97n)) % 97;
      return `FR${String(key).padStart(2, '0')}${siren}`;
    }
    case 'BE': {
      const body = '0' + rng.digits(7, true);
      const c = 97 - (Number(body) % 97);
      return `BE${body}${String(c).padStart(2, '0')}`;
    }
    case 'ES': {
      const letter = rng.pick(['A', 'B', 'B', 'B']);
      const body = rng.digits(7, true);
      let a = 0, b = 0;
      [...body].forEach((ch, i) => {
        const d = Number(ch);
        if (i % 2 === 1) a += d;
        else { const x = 2 * d; b += Math.floor(x / 10) + (x % 10); }
      });
      return `ES${letter}${body}${(10 - ((a + b) % 10)) % 10}`;
    }
    case 'IT': {
      const body = rng.digits(7, true) + String(rng.int(1, 100)).padStart(3, '0');
      let sum = 0;
      [...body].forEach((ch, i) => {
        let d = Number(ch);
        if (i % 2 === 1) { d *= 2; if (d > 9) d -= 9; }
        sum += d;
      });
      return `IT${body}${(10 - (sum % 10)) % 10}`;
    }
    case 'NL': {
      for (;;) {
        const body = rng.digits(8, true);
        const s = [...body].reduce((a, ch, i) => a + Number(ch) * (9 - i), 0);
        if (s % 11 === 10) continue;
        return `NL${body}${s % 11}B${rng.pick(['01', '01', '02'])}`;
      }
    }
    case 'PT': {
      const body = '5' + rng.digits(7);
      const r = [...body].reduce((a, ch, i) => a + Number(ch) * (9 - i), 0) % 11;
      return `PT${body}${r < 2 ? 0 : 11 - r}`;
    }
    case 'BR': {
      const base = rng.digits(8, true) + '0001';
      const dv = (s: string, w: number[]) => { const r = [...s].reduce((a, ch, i) => a + Number(ch) * w[i]!, 0) % 11; return r < 2 ? 0 : 11 - r; };
      const d1 = dv(base, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
      const d2 = dv(base + d1, [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
      const all = `${base}${d1}${d2}`;
      return `${all.slice(0, 2)}.${all.slice(2, 5)}.${all.slice(5, 8)}/${all.slice(8, 12)}-${all.slice(12)}`;
    }
    case 'GB': {
      const body = rng.digits(7, true);
      const s = [...body].reduce((a, ch, i) => a + Number(ch) * (8 - i), 0);
      return `GB${body}${String((97 - (s % 97)) % 97).padStart(2, '0')}`;
    }
    case 'IE': {
      const body = rng.digits(7, true);
      const s = [...body].reduce((a, ch, i) => a + Number(ch) * (8 - i), 0);
      return `IE${body}${'WABCDEFGHIJKLMNOPQRSTUV'[s % 23]}`;
    }
    case 'MX':
      return rng.letters(3) + String(rng.int(90, 99)) + String(rng.int(1, 12)).padStart(2, '0') + String(rng.int(1, 28)).padStart(2, '0') + rng.letters(2, 'ABCDEFGHJKLMNPRSTUVWXYZ123456789') + rng.digits(1);
    case 'US':
      return `${rng.digits(2, true)}-${rng.digits(7)}`;
  }
}
