/** Fills the generator's number and name templates ({Y}, {n5}, {z4}, {S}, {Brand} ...) from a seeded source. */
import type { Rng } from './random.js';

export interface TemplateVars {
  year?: number;
  month?: number;
  names?: Record<string, string>;
}

/**
 * {Y} year, {y} two-digit year, {m} two-digit month, {n} a number 1..999, {nK} K digits (no leading zero),
 * {zK} a small number zero-padded to K digits, {L} a letter; any other {Name} comes from vars.names.
 */
export function fill(template: string, rng: Rng, vars: TemplateVars = {}): string {
  return template.replace(/\{([A-Za-z]+)(\d*)\}/g, (all, key: string, n: string) => {
    const k = Number(n);
    switch (key) {
      case 'Y': return String(vars.year ?? 2024);
      case 'y': return String((vars.year ?? 2024) % 100).padStart(2, '0');
      case 'm': return String(vars.month ?? 1).padStart(2, '0');
      case 'n': return n ? rng.digits(k, true) : String(rng.int(1, 999));
      case 'z': return String(rng.int(1, Math.min(10 ** k - 1, k <= 3 ? 999 : 2999))).padStart(k, '0');
      case 'L': return rng.letters(1);
      default: return vars.names?.[key + n] ?? all;
    }
  });
}

/** A pattern: # a digit, @ a letter, anything else kept. */
export function pattern(p: string, rng: Rng): string {
  return [...p].map((c) => (c === '#' ? String(rng.int(0, 9)) : c === '@' ? rng.letters(1, 'ABDEFGHJLNPQRSTUWXYZ') : c)).join('');
}
