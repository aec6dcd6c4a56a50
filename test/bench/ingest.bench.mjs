// Ingest benchmark: digital-PDF text-layer throughput (pages/s, one core) and OCR time per page.
// Run after `pnpm --filter @exs/engine build`:  bash scripts/run node test/bench/ingest.bench.mjs [--quick]
// [--pdf-only] [--engine <dir>]. --engine points at another build's libs/engine (a copy of its dist/ with a
// node_modules link) to compare builds in one sitting; --pdf-only skips the OCR timings.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');
const datasets = resolve(root, '../shared/datasets');
const engineArg = process.argv.indexOf('--engine');
const engineDir = engineArg > 0 ? resolve(process.argv[engineArg + 1]) : join(root, 'libs/engine');
const engine = await import(join(engineDir, 'dist/document/index.js'));
const quick = process.argv.includes('--quick');
const pdfOnly = process.argv.includes('--pdf-only');

const median = (xs) => {
  const s = xs.slice().sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const cases = (set, ext) => {
  const dir = join(datasets, set, 'cases');
  if (!existsSync(dir)) return [];
  return readdirSync(dir).sort().map((c) => join(dir, c, `document.${ext}`)).filter(existsSync);
};

// Digital PDFs: the long contracts (cuad) and NDAs (kleister-nda); text layer only.
const pdfs = [...cases('cuad', 'pdf').slice(0, quick ? 8 : 30), ...cases('kleister-nda', 'pdf').slice(0, quick ? 10 : 40)]
  .map((f) => new Uint8Array(readFileSync(f)));
if (pdfs.length > 0) {
  const runs = [];
  const cpuRuns = [];
  for (let r = 0; r < (quick ? 3 : 5) + 1; r++) {
    let pages = 0;
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    for (const bytes of pdfs) pages += (await engine.openDocument(bytes, { ocr: 'never' })).pageCount;
    const s = (performance.now() - t0) / 1000;
    const c = process.cpuUsage(c0);
    // The first pass warms up the JIT.
    if (r > 0) {
      runs.push(pages / s);
      cpuRuns.push(pages / ((c.user + c.system) / 1e6));
    }
    if (r === 0) console.log(`digital pdf corpus: ${pdfs.length} documents, ${pages} pages`);
  }
  console.log(`digital pdf ingest: ${median(runs).toFixed(1)} pages/s (median of ${runs.length} runs, one thread, wall clock)`);
  console.log(`digital pdf ingest: ${median(cpuRuns).toFixed(1)} pages per CPU-second (same runs; less affected by other load)`);
  console.log(`  runs (pages/s, pages per CPU-s): ${runs.map((w, i) => `${w.toFixed(0)}/${cpuRuns[i].toFixed(0)}`).join(' ')}`);
}

// OCR: scanned receipts (sroie), one at a time so the figure is seconds per page per core.
const images = pdfOnly ? [] : cases('sroie', 'jpg').slice(0, quick ? 3 : 8);
if (images.length > 0) {
  const times = [];
  for (const f of images) {
    const t0 = performance.now();
    const m = await engine.openDocument(new Uint8Array(readFileSync(f)));
    times.push((performance.now() - t0) / 1000 / m.pageCount);
  }
  console.log(`ocr receipt image: ${median(times).toFixed(2)} s/page (median of ${times.length}, one page at a time)`);
}

// OCR of scanned PDF pages (rendered at 300 dpi): the docile sample and invoice2data's scanned cases.
const scanned = pdfOnly ? [] : cases('docile-sample', 'pdf').slice(0, 1);
if (scanned.length > 0) {
  const times = [];
  for (const f of scanned) {
    for (let r = 0; r < (quick ? 1 : 3); r++) {
      const t0 = performance.now();
      const m = await engine.openDocument(new Uint8Array(readFileSync(f)), { ocr: 'always' });
      times.push((performance.now() - t0) / 1000 / m.pageCount);
    }
  }
  console.log(`ocr scanned pdf page (300 dpi render): ${median(times).toFixed(2)} s/page (median of ${times.length})`);
}
await engine.closeOcr();
