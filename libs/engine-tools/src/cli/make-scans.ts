/**
 * Makes scanned copies of labelled digital-PDF cases (same case.json, image-only document.pdf), to score the
 * OCR path with `eval --datasets <out>`:
 *   node libs/engine-tools/dist/cli/make-scans.js --sets invoice2data,parsee-invoices --out .data/scans
 *     [--datasets <folder>] [--dpi 204] [--style fax|bw|grey] [--max-pages 3] [--whole-only] [--limit N]
 * --whole-only skips documents longer than --max-pages, so a copy of a long document (a contract) never
 * keeps labels whose evidence lies on pages left out; --limit caps the copies per set (OCR costs ~1-2 s/page).
 * Writes <out>/scan-<style>-<set>/cases/<case>/. Deterministic: the same input makes the same copies.
 */
import { join, resolve } from 'node:path';
import { makeScanCopies } from '../eval/calibration-scans.js';
import type { ScanStyle } from '../eval/scan-copies.js';
import { repoRoot } from './repo-root.js';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function main() {
  const datasets = resolve(arg('datasets') ?? join(repoRoot, '../shared/datasets'));
  const out = resolve(arg('out') ?? join(repoRoot, '.data/scans'));
  const sets = (arg('sets') ?? 'invoice2data,parsee-invoices').split(',').filter(Boolean);
  const dpi = Number(arg('dpi') ?? 204);
  const style = (arg('style') ?? 'fax') as ScanStyle;
  const maxPages = Number(arg('max-pages') ?? 3);
  const wholeOnly = process.argv.includes('--whole-only');
  const limit = arg('limit') ? Number(arg('limit')) : Infinity;
  if (!['fax', 'bw', 'grey'].includes(style) || !(dpi >= 50 && dpi <= 600) || !(maxPages >= 1) || !(limit >= 1)) {
    console.error('usage: make-scans --sets a,b [--out dir] [--datasets dir] [--dpi 50..600] [--style fax|bw|grey] [--max-pages N] [--whole-only] [--limit N]');
    process.exit(2);
  }
  await makeScanCopies({ datasets, out, sets, style, dpi, maxPages, wholeOnly, limit }, console.log);
}

await main();
