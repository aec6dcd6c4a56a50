/**
 * Synthetic multilingual invoices and receipts (seeded, deterministic), for training and for held-out
 * checks on languages, labels and layouts no development document has. See cases.ts for the output format
 * and cli/make-synth.ts for the command.
 */
export { INVOICE_SCHEMA, RECEIPT_SCHEMA, makeCase, synthCases, type CaseJson, type SynthCase, type SynthKind, type SynthSetOptions } from './cases.js';
export { LOCALES, SYNTH_LANGUAGES } from './locales/index.js';
export type { SynthLanguage } from './locale.js';
