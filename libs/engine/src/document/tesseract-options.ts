/**
 * How local Tesseract reads pages: the options a library user passes (OpenDocumentOptions.tesseract) and their
 * defaults, in one place. The engine reads no environment variables for these; the command-line tools map their
 * EXS_* variables onto these options (libs/engine-tools/src/cli/env-options.ts).
 */
import { isLanguageCode, LANGUAGES, type LanguageCode } from '../knowledge/languages/index.js';

export interface TesseractOptions {
  /** The `tesseract` binary: a command name looked up on PATH, or a path. Default 'tesseract'. */
  bin?: string;
  /**
   * Page segmentation mode of the alternative-reading pass (see ocr.ts); '0' or 'off' runs no such pass.
   * Default '3' (automatic segmentation).
   */
  altPsm?: string;
  /**
   * The alternative pass runs on pages of up to this many pixels (receipt photos, small scans, full pages scanned
   * at up to ~200 dpi), where it costs ~1-2 s of CPU next to the first pass; on full 300-dpi pages it would break
   * the 2.5 s-per-page budget for a small gain. Larger pages get only the bands of ink (large or body type) the
   * first pass left unread, cut out and read in one run (ocr.ts unreadBandLines). Default 4,000,000.
   */
  altMaxPixels?: number;
  /** Re-read date and total lines the two passes disagree on, as upscaled crops (line-rereads.ts). Default true. */
  rereads?: boolean;
  /** Most lines re-read per page. Default 8. */
  rereadMaxLines?: number;
  /**
   * Languages a page may be read in. A page whose words are clearly in one of them other than English is read
   * again with that language's model (when its data is installed) and the better reading kept; ['en'] reads every
   * page with the English model only. Default: every language the engine knows (knowledge/languages).
   */
  languages?: readonly LanguageCode[];
}

export type TesseractSettings = Readonly<Required<TesseractOptions>>;

export const TESSERACT_DEFAULTS: TesseractSettings = Object.freeze({
  bin: 'tesseract',
  altPsm: '3',
  altMaxPixels: 4_000_000,
  rereads: true,
  rereadMaxLines: 8,
  languages: Object.freeze(LANGUAGES.map((l) => l.code)),
});

/** The options with every unset field at its default; a malformed value is a programming error (TypeError). */
export function tesseractSettings(options: TesseractOptions = {}): TesseractSettings {
  const s = { ...TESSERACT_DEFAULTS };
  for (const [k, v] of Object.entries(options)) if (v !== undefined) (s as Record<string, unknown>)[k] = v;
  if (typeof s.bin !== 'string' || s.bin === '') throw new TypeError('tesseract.bin must be a non-empty string');
  if (typeof s.altPsm !== 'string') throw new TypeError('tesseract.altPsm must be a string');
  if (!(s.altMaxPixels >= 0)) throw new TypeError('tesseract.altMaxPixels must be a number >= 0');
  if (!(Number.isInteger(s.rereadMaxLines) && s.rereadMaxLines >= 0)) throw new TypeError('tesseract.rereadMaxLines must be an integer >= 0');
  const unknown = s.languages.filter((l) => !isLanguageCode(l));
  if (unknown.length) throw new TypeError(`tesseract.languages: unknown language ${unknown.join(', ')} (one of ${LANGUAGES.map((l) => l.code).join(', ')})`);
  return Object.freeze(s);
}
