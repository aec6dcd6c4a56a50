/**
 * The engine's options from environment variables, for the command-line tools only (the engine itself reads no
 * environment: a library user passes options). Unset variables leave the engine's defaults.
 *   EXS_TESSERACT_BIN        tesseract binary (command or path)
 *   EXS_OCR_ALT_PSM          page segmentation of the alternative pass ('0' or 'off': none)
 *   EXS_OCR_ALT_MAX_PIXELS   largest page (pixels) that gets the alternative pass
 *   EXS_OCR_REREADS          '0' turns off the re-reading of disputed date/total lines
 *   EXS_OCR_REREAD_MAX       most lines re-read per page
 *   EXS_OCR_LANGUAGES        languages pages may be read in, comma-separated ISO 639-1 codes ('en': English only)
 *   EXS_OCR_ALT_COST, EXS_OCR_VOTE_COST, EXS_OCR_TALL_LINE, EXS_OCR_NAME_READING   receipt ranker tuning
 */
import type { LanguageCode, OcrRepairOptions, TesseractOptions } from '@exs/engine';

type Env = Record<string, string | undefined>;

const num = (v: string | undefined) => (v === undefined || v === '' ? undefined : Number(v));

export function tesseractOptionsFromEnv(env: Env = process.env): TesseractOptions {
  return {
    bin: env.EXS_TESSERACT_BIN || undefined,
    altPsm: env.EXS_OCR_ALT_PSM || undefined,
    altMaxPixels: num(env.EXS_OCR_ALT_MAX_PIXELS),
    rereads: env.EXS_OCR_REREADS === undefined ? undefined : env.EXS_OCR_REREADS !== '0',
    rereadMaxLines: num(env.EXS_OCR_REREAD_MAX),
    languages: env.EXS_OCR_LANGUAGES ? (env.EXS_OCR_LANGUAGES.split(',').map((l) => l.trim()).filter(Boolean) as LanguageCode[]) : undefined,
  };
}

export function ocrRepairOptionsFromEnv(env: Env = process.env): OcrRepairOptions {
  return {
    altCost: num(env.EXS_OCR_ALT_COST),
    voteCost: num(env.EXS_OCR_VOTE_COST),
    tallLine: num(env.EXS_OCR_TALL_LINE),
    nameReading: (env.EXS_OCR_NAME_READING || undefined) as OcrRepairOptions['nameReading'],
  };
}
