// Whole-extraction time (ingest + extraction) of a 20-page digital PDF with a 20-field schema, median of runs;
// then the sync latency of the digital invoices in ../shared/datasets (1-3 pages, most with a logo image).
//   pnpm --filter @exs/engine build && bash scripts/run node test/bench/extract.bench.mjs [--pdf <file>] [--runs N]
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, '../..');
const arg = (n) => { const i = process.argv.indexOf(`--${n}`); return i >= 0 ? process.argv[i + 1] : undefined; };
const engine = await import(join(repo, 'libs/engine/dist/index.js'));

const pdfPath = arg('pdf') ?? join(repo, '../shared/datasets/cuad/cases/cuad-019/document.pdf');
if (!existsSync(pdfPath)) { console.error(`no PDF at ${pdfPath} (pass --pdf)`); process.exit(2); }
const caseFile = join(dirname(pdfPath), 'case.json');
const base = existsSync(caseFile) ? JSON.parse(readFileSync(caseFile, 'utf8')).schema : { type: 'object', properties: {} };
const schema = structuredClone(base);
const extra = {
  total_amount: { type: ['number', 'null'], description: 'Total contract value, as a number.' },
  currency: { type: ['string', 'null'], description: 'Currency as an ISO 4217 code.' },
  term: { type: ['string', 'null'], description: "Initial term, e.g. '2 years'." },
  jurisdiction: { type: ['string', 'null'], description: 'Courts / venue for disputes.' },
};
for (const [k, v] of Object.entries(extra)) if (Object.keys(schema.properties).length < 20) schema.properties[k] = v;
while (Object.keys(schema.properties).length < 20) schema.properties[`note_${Object.keys(schema.properties).length}`] = { type: ['string', 'null'] };

const bytes = new Uint8Array(readFileSync(pdfPath));
const runs = Number(arg('runs') ?? 7);
await engine.extract(bytes, schema); // warm-up (module init, pdf.js worker)
const times = [];
let result;
for (let i = 0; i < runs; i++) {
  const t0 = performance.now();
  result = await engine.extract(bytes, schema);
  times.push(performance.now() - t0);
}
const ex = [];
const doc = await engine.openDocument(bytes);
const compiled = engine.compileSchema(schema);
for (let i = 0; i < runs; i++) { const t0 = performance.now(); engine.extractFromDocument(doc, compiled); ex.push(performance.now() - t0); }
times.sort((a, b) => a - b); ex.sort((a, b) => a - b);
const med = (a) => a[Math.floor(a.length / 2)];
console.log(`document: ${result.document.pages} pages, ${result.document.words} words; schema: ${compiled.leafCount} fields`);
console.log(`whole extraction (ingest + extract) median of ${runs}: ${med(times).toFixed(1)} ms (min ${times[0].toFixed(1)}, max ${times[times.length - 1].toFixed(1)})`);
console.log(`extraction only (DocumentModel -> result) median: ${med(ex).toFixed(1)} ms`);

// Digital invoices, each with its own schema, as the sync path runs them (embedded images included).
const invoices = [];
for (const set of ['invoice2data', 'parsee-invoices']) {
  const dir = join(repo, '../shared/datasets', set, 'cases');
  if (!existsSync(dir)) continue;
  for (const c of readdirSync(dir).sort()) {
    const file = join(dir, c, 'document.pdf');
    if (existsSync(file)) invoices.push({ bytes: new Uint8Array(readFileSync(file)), schema: JSON.parse(readFileSync(join(dir, c, 'case.json'), 'utf8')).schema });
  }
}
if (invoices.length > 0) {
  const perDoc = [];
  for (const { bytes: b, schema: s } of invoices) {
    const ts = [];
    for (let i = 0; i < Math.max(3, Math.ceil(runs / 2)); i++) {
      const t0 = performance.now();
      await engine.extract(b, s);
      ts.push(performance.now() - t0);
    }
    ts.sort((a, b2) => a - b2);
    perDoc.push(med(ts));
  }
  perDoc.sort((a, b) => a - b);
  console.log(`digital invoices (${perDoc.length} PDFs, own schemas): per-document latency median ${med(perDoc).toFixed(1)} ms, slowest ${perDoc[perDoc.length - 1].toFixed(1)} ms (each the median of its runs)`);
}
await engine.closeOcr?.();
