/**
 * Scanned copies of the development sets' digital documents (scan-copies.ts degrades them): the OCR'd fields
 * the calibrator's scan groups and OCR-domain second stage learn from besides the one native receipt set, so
 * that holding that set out still leaves OCR'd documents to calibrate on. `npm run eval` makes them once
 * (deterministic: the same inputs make the same copies), scores them and pools their records with the sets'.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openPdf, renderPdfGrey } from '@exs/engine/internals';
import { degrade, imageOnlyPdf, type ScannedPage, type ScanStyle } from './scan-copies.js';

export interface ScanCopyOptions {
  /** Folder of labelled sets (<set>/cases/<case>/document.pdf + case.json). */
  datasets: string;
  /** Output folder: copies go to <out>/scan-<style>-<set>/cases/<case>/. */
  out: string;
  sets: readonly string[];
  style: ScanStyle;
  dpi: number;
  /** Pages copied per document. */
  maxPages: number;
  /** Skip documents longer than maxPages, so no copy keeps labels whose evidence lies on pages left out. */
  wholeOnly?: boolean;
  /** Copies per set at most (OCR costs ~1-2 s/page). */
  limit?: number;
}

/** Writes the scanned copies; returns how many each set got. */
export async function makeScanCopies(o: ScanCopyOptions, log: (line: string) => void = () => {}): Promise<Record<string, number>> {
  const made: Record<string, number> = {};
  for (const set of o.sets) {
    const src = join(o.datasets, set, 'cases');
    const dst = join(o.out, `scan-${o.style}-${set}`, 'cases');
    let n = 0;
    for (const c of readdirSync(src).sort()) {
      if (n >= (o.limit ?? Infinity)) break;
      const file = join(src, c, 'document.pdf');
      if (!existsSync(file)) continue; // image cases are scans already
      const pdf = await openPdf(new Uint8Array(readFileSync(file)));
      if (o.wholeOnly && pdf.doc.numPages > o.maxPages) { await pdf.close(); continue; }
      const pages: ScannedPage[] = [];
      try {
        for (let p = 1; p <= Math.min(o.maxPages, pdf.doc.numPages); p++) {
          const page = await pdf.doc.getPage(p);
          const image = await renderPdfGrey(page, o.dpi / 72);
          degrade(image, o.style);
          const vp = page.getViewport({ scale: 1 });
          pages.push({ widthPt: vp.width, heightPt: vp.height, image });
        }
      } finally {
        await pdf.close();
      }
      mkdirSync(join(dst, c), { recursive: true });
      copyFileSync(join(src, c, 'case.json'), join(dst, c, 'case.json'));
      writeFileSync(join(dst, c, 'document.pdf'), imageOnlyPdf(pages));
      n++;
    }
    made[set] = n;
    log(`${set}: ${n} scanned copies in ${dst}`);
  }
  return made;
}

/**
 * The copies the shipped calibrator is trained with: the short digital invoice sets in all three styles, and
 * 30 whole short NDAs in one (long documents would add OCR time, not variety).
 */
export const CALIBRATION_SCANS: readonly Omit<ScanCopyOptions, 'datasets' | 'out'>[] = [
  { sets: ['invoice2data', 'parsee-invoices'], style: 'fax', dpi: 204, maxPages: 3 },
  { sets: ['invoice2data', 'parsee-invoices'], style: 'bw', dpi: 300, maxPages: 3 },
  { sets: ['invoice2data', 'parsee-invoices'], style: 'grey', dpi: 150, maxPages: 3 },
  { sets: ['kleister-nda'], style: 'bw', dpi: 300, maxPages: 3, wholeOnly: true, limit: 30 },
];

/**
 * Makes the calibration copies that are not in `out` yet, of the sets in `only` when given (a set whose
 * development folder is absent is skipped).
 */
export async function ensureCalibrationScans(datasets: string, out: string, log: (line: string) => void = () => {}, only?: readonly string[]): Promise<void> {
  for (const recipe of CALIBRATION_SCANS) {
    const sets = recipe.sets.filter((s) => (!only?.length || only.includes(s)) && existsSync(join(datasets, s, 'cases')) && !existsSync(join(out, `scan-${recipe.style}-${s}`, 'cases')));
    if (sets.length) await makeScanCopies({ ...recipe, sets, datasets, out }, log);
  }
}
