/** The languages the engine reads (one data file each, see language.ts). English first: it is the default. */
import { de } from './de.js';
import { en } from './en.js';
import { es } from './es.js';
import { fr } from './fr.js';
import { it } from './it.js';
import type { Language, LanguageCode } from './language.js';
import { nl } from './nl.js';
import { pt } from './pt.js';
import { pl } from './pl.js';
import { cs } from './cs.js';
import { sv } from './sv.js';
import { da } from './da.js';
import { nb } from './nb.js';
import { fi } from './fi.js';
import { ro } from './ro.js';
import { hu } from './hu.js';
import { tr } from './tr.js';

export type { Language, LanguageCode } from './language.js';

export const LANGUAGES: readonly Language[] = [en, fr, de, es, it, nl, pt, pl, cs, sv, da, nb, fi, ro, hu, tr];

const byCode = new Map(LANGUAGES.map((l) => [l.code, l]));

export function languageOf(code: LanguageCode): Language {
  return byCode.get(code)!;
}

export function isLanguageCode(code: string): code is LanguageCode {
  return byCode.has(code as LanguageCode);
}
