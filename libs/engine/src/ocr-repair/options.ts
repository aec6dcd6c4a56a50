/**
 * Tuning of the receipt ranker's use of the alternative OCR readings (receipt.ts), as options with their defaults
 * in one place (ExtractOptions.ocrRepair). For experiments: the defaults are what the engine is measured with.
 */
export interface OcrRepairOptions {
  /** Extra cost of a value read from the alternative OCR pass rather than the primary one. Default 0.3. */
  altCost?: number;
  /** Extra cost of a value read from the majority of a word's three readings (see votedText). Default 0.15. */
  voteCost?: number;
  /**
   * A line this many times taller than the page's usual line ran several printed lines together: its crop holds
   * them all, and its re-reading mixes their words ("13-02-16" from the line below a date), so its vote is not
   * used. Default 1.6.
   */
  tallLine?: number;
  /**
   * Which reading merchant names are taken from: 'primary' (the page's text), or 'confident' (each word's
   * alternative reading where the second pass is clearly surer of it). Default 'primary'.
   */
  nameReading?: 'primary' | 'confident';
}

export type OcrRepairSettings = Readonly<Required<OcrRepairOptions>>;

export const OCR_REPAIR_DEFAULTS: OcrRepairSettings = Object.freeze({ altCost: 0.3, voteCost: 0.15, tallLine: 1.6, nameReading: 'primary' });

/** The options with every unset field at its default; a malformed value is a programming error (TypeError). */
export function ocrRepairSettings(options: OcrRepairOptions = {}): OcrRepairSettings {
  const s = { ...OCR_REPAIR_DEFAULTS };
  for (const [k, v] of Object.entries(options)) if (v !== undefined) (s as Record<string, unknown>)[k] = v;
  for (const k of ['altCost', 'voteCost', 'tallLine'] as const) {
    if (typeof s[k] !== 'number' || !Number.isFinite(s[k])) throw new TypeError(`ocrRepair.${k} must be a finite number`);
  }
  if (s.nameReading !== 'primary' && s.nameReading !== 'confident') throw new TypeError("ocrRepair.nameReading must be 'primary' or 'confident'");
  return Object.freeze(s);
}
