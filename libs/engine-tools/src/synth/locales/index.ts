/** The languages the generator writes, by code. */
import type { Language, SynthLanguage } from '../locale.js';
import { de } from './de.js';
import { en } from './en.js';
import { es } from './es.js';
import { fr } from './fr.js';
import { it } from './it.js';
import { nl } from './nl.js';
import { pt } from './pt.js';

export const SYNTH_LANGUAGES: readonly SynthLanguage[] = ['en', 'fr', 'de', 'es', 'it', 'nl', 'pt'];

export const LOCALES: Record<SynthLanguage, Language> = { en, fr, de, es, it, nl, pt };
