// Memory benchmark: peak RSS of the engine for the largest documents the spec accepts and for the hostile inputs
// it must refuse cheaply, then the services' own peaks for the largest inline document and upload. Each engine case
// runs in a fresh Node process that first warms the engine up as a service worker thread does (engine-worker.ts);
// its peak is that process's RSS high-water mark (/proc VmHWM, reset after the warm-up), so "above idle" is what
// the document itself costs over a warm, idle worker (the "idle" case: the same process with no document). Heap
// used and array buffers are sampled every 5 ms (between the engine's async steps, so they can miss a peak).
// Tesseract runs in child processes, so their RSS is sampled separately from /proc (the sum over those at once).
//   bash scripts/run node scripts/build.mjs && bash scripts/run node test/bench/memory.bench.mjs [--quick] [--runs N]
//     [--no-stack | --stack] [--only <case,case>]
// --quick (CI, about a minute): one run per case (three otherwise: medians), no largest-image case and no services
// section (--stack adds it back). --no-stack skips the services section. Budgets are printed with PASS/FAIL; a FAIL exits non-zero.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, readlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');
const argv = process.argv.slice(2);
const arg = (n) => { const i = argv.indexOf(`--${n}`); return i >= 0 ? argv[i + 1] : undefined; };
const quick = argv.includes('--quick');
const MiB = 1024 * 1024;
const median = (xs) => {
  const s = xs.slice().sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** What `extract` gets as the schema: a 20-field contract/invoice schema, as the extraction benchmark uses. */
const SCHEMA = {
  type: 'object',
  properties: Object.fromEntries([
    ['party_a', { type: ['string', 'null'], description: 'First party to the agreement.' }],
    ['party_b', { type: ['string', 'null'], description: 'Second party to the agreement.' }],
    ['effective_date', { type: ['string', 'null'], format: 'date' }],
    ['expiration_date', { type: ['string', 'null'], format: 'date' }],
    ['total_amount', { type: ['number', 'null'], description: 'Total contract value, as a number.' }],
    ['currency', { type: ['string', 'null'], description: 'Currency as an ISO 4217 code.' }],
    ['term', { type: ['string', 'null'], description: "Initial term, e.g. '2 years'." }],
    ['jurisdiction', { type: ['string', 'null'], description: 'Courts / venue for disputes.' }],
    ['invoice_number', { type: ['string', 'null'] }],
    ['vendor', { type: ['string', 'null'] }],
    ...Array.from({ length: 10 }, (_, i) => [`note_${i}`, { type: ['string', 'null'] }]),
  ]),
};

// --- The engine cases. `file`: the document (built once by the parent into a temp dir); `expect`: 'ok' or the
// error code the engine must answer with; `kind`: which budget applies.
const CASES = [
  { name: 'idle', label: 'idle engine process (warm-up only)', kind: 'idle' },
  { name: 'pdf-200p-80kw', label: 'digital PDF, 200 pages, 80,000 words (both limits)', kind: 'accepted', expect: 'ok' },
  { name: 'pdf-50mib', label: 'digital PDF of 50 MiB (3 pages + 49 MiB attachment)', kind: 'accepted', expect: 'ok' },
  { name: 'scan-300dpi', label: 'scanned PDF page, 300 dpi, OCR', kind: 'accepted', expect: 'ok' },
  { name: 'scan-4p', label: 'scanned PDF, 4 pages, 300 dpi, OCR', kind: 'accepted', expect: 'ok', full: true },
  { name: 'scan-8p', label: 'scanned PDF, 8 pages, 300 dpi, OCR', kind: 'accepted', expect: 'ok', full: true },
  { name: 'photo-12mpx', label: 'receipt photo, 4032x3024 JPEG, OCR', kind: 'accepted', expect: 'ok' },
  { name: 'image-40mpx', label: 'largest accepted image, 7300x5470 PNG, OCR', kind: 'accepted', expect: 'ok', full: true },
  // PDFs of blank pages without a text layer (each page is rendered for OCR; a 200-page scan is too slow to OCR
  // here): the differences show what every further page needing OCR adds.
  { name: 'blank-2p', label: 'PDF, 2 blank pages without text layer', kind: 'accepted', expect: 'ok' },
  { name: 'blank-8p', label: 'PDF, 8 blank pages without text layer', kind: 'accepted', expect: 'ok' },
  // Long enough for the collector's own pace to show: the budget is checked on a measured peak, not extrapolated.
  { name: 'blank-40p', label: 'PDF, 40 blank pages without text layer', kind: 'accepted', expect: 'ok' },
  { name: 'pdf-bomb', label: 'PDF bomb (160 MiB content stream)', kind: 'hostile', expect: 'document_too_large' },
  { name: 'png-30k', label: 'PNG declaring 30000x30000', kind: 'hostile', expect: 'document_too_large' },
  { name: 'jpeg-30k', label: 'JPEG declaring 30000x30000', kind: 'hostile', expect: 'document_too_large' },
  { name: 'pdf-1e6-pages', label: 'PDF claiming 10^6 pages (3 real, blank)', kind: 'hostile', expect: 'ok' },
];

/**
 * Budgets, MiB. The engine ones are per worker: what one document may add over a warm idle worker thread, and what
 * one Tesseract process may hold (one per core at most, shared by the threads). The service ones are what one
 * request of the largest allowed size may add to a service process. docs/operations.md ("Sizing") derives the Helm
 * memory requests and limits from these, so raising one means revisiting those.
 */
const BUDGETS = {
  idle: 200, // a warm engine process (pdf.js, schema compiler, calibrator loaded) with no document
  accepted: 512, // any document within the spec's limits, over idle
  // A refused or trivially small hostile input, over idle. A PDF bomb may cost up to the decoded-stream cap
  // (pdfjs.ts MAX_DECODED_STREAM_BYTES, 128 MiB) before it is refused.
  hostile: 160,
  ocrProcess: 256, // one Tesseract process (a pod runs one per usable CPU at most, shared by its engine threads)
  gatewayInline: 192, // the gateway for one 20 MiB inline document (27 MiB of JSON)
  gatewayUpload: 48, // the gateway for one 50 MiB upload (streamed, never buffered whole)
  // The uploads service for one 50 MiB upload or read-back: streamed with backpressure end to end, so less than
  // the file; what shows is chunks already passed on and not yet collected (V8 lets external memory grow by
  // tens of MiB between collections).
  uploadsStream: 64,
  // The extraction process for one document of the largest size (20 MiB inline, sync; 50 MiB upload, job) over
  // idle: the engine's share plus the copies on the way (gRPC message, the thread's copy).
  extractionDocument: 320,
};

// --- Document builders (parent only). The hostile ones are the engine tests' own fixtures (limits.test.ts),
// imported from their TypeScript sources (Node 24 strips the types).
async function buildDocuments(dir) {
  const fx = await import(join(root, 'libs/engine/test/fixtures/pdf-builder.ts'));
  const img = await import(join(root, 'libs/engine/test/fixtures/images.ts'));
  const { createCanvas } = createRequire(join(root, 'libs/engine/package.json'))('@napi-rs/canvas');
  const out = {};
  const put = (name, bytes) => { const f = join(dir, `${name}.bin`); if (!existsSync(f)) writeFileSync(f, bytes); out[name] = f; };
  const have = (name) => { const f = join(dir, `${name}.bin`); if (existsSync(f)) { out[name] = f; return true; } return false; };

  // Deterministic prose with amounts and dates, so layout and ranking see what they see in a long contract.
  let seed = 42;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32);
  const vocab = 'agreement party shall provide services under this contract subject terms conditions payment invoice within days notice termination effective date supplier customer company limited liability warranty confidential information obligations hereunder governed laws state court amount total fees period renewal written consent breach remedy'.split(' ');
  const word = () => {
    const r = rnd();
    if (r < 0.03) return `${Math.floor(rnd() * 90000 + 1000)}.${String(Math.floor(rnd() * 100)).padStart(2, '0')}`;
    if (r < 0.05) return `${String(Math.floor(rnd() * 28) + 1).padStart(2, '0')}/${String(Math.floor(rnd() * 12) + 1).padStart(2, '0')}/20${20 + Math.floor(rnd() * 9)}`;
    return vocab[Math.floor(rnd() * vocab.length)];
  };
  const textPages = (pages, lines, words) => Array.from({ length: pages }, () => Array.from({ length: lines }, (_, l) => [54, 750 - l * 13.8, 10, Array.from({ length: words }, word).join(' ')]));

  if (!have('pdf-200p-80kw')) put('pdf-200p-80kw', fx.textPdf(textPages(200, 50, 8)));
  for (const [name, size] of [['pdf-50mib', 50 * MiB], ['pdf-20mib', 20 * MiB]]) {
    if (have(name)) continue;
    // A digital document made large by an attached file (incompressible), as a contract with its exhibits
    // attached: the engine holds and parses the whole file but reads only the pages.
    const pages = textPages(3, 40, 8);
    const objects = [
      '<< /Type /Catalog /Pages 2 0 R /Names << /EmbeddedFiles << /Names [(exhibits.bin) 4 0 R] >> >> >>',
      '', '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
      '<< /Type /Filespec /F (exhibits.bin) /EF << /F 5 0 R >> >>',
      null,
    ];
    const kids = [];
    for (const lines of pages) {
      kids.push(`${objects.length + 1} 0 R`);
      objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${objects.length + 2} 0 R >>`);
      objects.push(fx.stream('', lines.map(([x, y, s, t]) => `BT /F1 ${s} Tf ${x} ${y} Td (${t}) Tj ET`).join('\n')));
    }
    objects[1] = `<< /Type /Pages /Kids [${kids.join(' ')}] /Count ${pages.length} >>`;
    objects[4] = fx.stream('/Type /EmbeddedFile', new Uint8Array(0));
    const small = fx.buildPdf(objects).length;
    objects[4] = fx.stream('/Type /EmbeddedFile', randomBytes(size - small - 64));
    put(name, fx.buildPdf(objects));
  }

  // Text drawn on a canvas: a page of a printed letter, a receipt. Black on white, ~10 pt at the given dpi.
  const drawText = (ctx, x, y, lines, px) => {
    ctx.fillStyle = '#111';
    ctx.font = `${px}px DejaVu Sans`;
    lines.forEach((t, i) => ctx.fillText(t, x, y + i * px * 1.45));
  };
  const prose = (n, w) => Array.from({ length: n }, () => Array.from({ length: w }, word).join(' '));
  if (!have('scan-300dpi') | !have('scan-4p') | !have('scan-8p')) { // all registered when cached
    const c = createCanvas(2550, 3300);
    const ctx = c.getContext('2d');
    ctx.fillStyle = '#fafafa';
    ctx.fillRect(0, 0, 2550, 3300);
    drawText(ctx, 225, 300, prose(45, 9), 42);
    const jpeg = new Uint8Array(await c.encode('jpeg', 85));
    // Letter pages filled by the scan: an image XObject each (the same JPEG) at 300 dpi, no text layer.
    const scanned = (n) => {
      const objects = ['<< /Type /Catalog /Pages 2 0 R >>', `<< /Type /Pages /Kids [${Array.from({ length: n }, (_, i) => `${3 + 3 * i} 0 R`).join(' ')}] /Count ${n} >>`];
      for (let i = 0; i < n; i++) {
        const o = 3 + 3 * i;
        objects.push(
          `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /Im1 ${o + 2} 0 R >> >> /Contents ${o + 1} 0 R >>`,
          fx.stream('', 'q 612 0 0 792 0 0 cm /Im1 Do Q'),
          fx.stream('/Type /XObject /Subtype /Image /Width 2550 /Height 3300 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode', jpeg),
        );
      }
      return fx.buildPdf(objects);
    };
    put('scan-300dpi', scanned(1));
    put('scan-4p', scanned(4));
    put('scan-8p', scanned(8));
  }
  const receipt = (w, h, format) => {
    const c = createCanvas(w, h);
    const ctx = c.getContext('2d');
    // A table top around the paper, a little rotated: a phone photo of a receipt.
    const g = ctx.createLinearGradient(0, 0, w, h);
    g.addColorStop(0, '#6b5a48');
    g.addColorStop(1, '#3e3328');
    ctx.fillStyle = g;
    ctx.fillRect(0, 0, w, h);
    ctx.translate(w / 2, h / 2);
    ctx.rotate(0.02);
    const pw = Math.round(w * 0.42);
    const ph = Math.round(h * 0.92);
    ctx.fillStyle = '#f4f1ea';
    ctx.fillRect(-pw / 2, -ph / 2, pw, ph);
    const px = Math.round(h / 75);
    const items = Array.from({ length: 30 }, (_, i) => `${vocab[i % vocab.length].toUpperCase()} ${vocab[(i * 7) % vocab.length]}   ${(rnd() * 90 + 1).toFixed(2)}`);
    drawText(ctx, -pw / 2 + px * 2, -ph / 2 + px * 3, ['ACME MARKET SDN BHD', 'TAX INVOICE  No. 4471-2291', 'DATE 12/03/2024  14:22', '', ...items, '', 'TOTAL   1,284.60', 'CASH    1,300.00', 'CHANGE     15.40'], px);
    return c.encode(format, 90);
  };
  if (!have('photo-12mpx')) put('photo-12mpx', new Uint8Array(await receipt(4032, 3024, 'jpeg')));
  if (!quick && !have('image-40mpx')) put('image-40mpx', new Uint8Array(await receipt(7300, 5470, 'png')));

  if (!have('pdf-bomb')) put('pdf-bomb', fx.bombPdf(160 * MiB));
  if (!have('png-30k')) put('png-30k', img.pngDeclaring(30000, 30000));
  if (!have('jpeg-30k')) put('jpeg-30k', img.jpegDeclaring(30000, 30000));
  for (const n of [2, 8, 40]) if (!have(`blank-${n}p`)) put(`blank-${n}p`, fx.lyingCountPdf(n, n));
  if (!have('pdf-1e6-pages')) put('pdf-1e6-pages', fx.lyingCountPdf(1_000_000, 3));
  return out;
}

// --- Child: one case in this fresh process; prints one JSON line.
async function runCase(name, file) {
  const engine = await import(join(root, 'libs/engine/dist/index.js'));
  // The warm-up an engine worker thread does at start (services/extraction/src/engine/engine-worker.ts).
  const warm = '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [3 0 R] /Count 1>> endobj\n'
    + '3 0 obj <</Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Resources <</Font <</F1 4 0 R>>>> /Contents 5 0 R>> endobj\n'
    + '4 0 obj <</Type /Font /Subtype /Type1 /BaseFont /Helvetica>> endobj\n'
    + '5 0 obj <</Length 44>> stream\nBT /F1 12 Tf 10 50 Td (Total 1.00) Tj ET\nendstream endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n';
  await engine.extract(new TextEncoder().encode(warm), { type: 'object', properties: { total: { type: 'number' } } }).catch(() => undefined);
  globalThis.gc?.();
  // The document's own peak: the high-water mark is reset after the warm-up (clear_refs 5), so it is not hidden
  // under the warm-up's. (getrusage's maxRSS cannot be reset, and on Linux a spawned process inherits the
  // spawning process's RSS into it at fork, so it is not used.)
  const warmPeak = status('self', 'VmHWM');
  const idleRss = status('self', 'VmRSS');
  let reset = true; // without the reset (no /proc), "above" is an upper bound: the warm-up's peak counts too
  try { writeFileSync('/proc/self/clear_refs', '5'); } catch { reset = false; }
  process.stdout.write('document\n'); // the parent samples Tesseract from here on
  let heapPeak = 0;
  let buffersPeak = 0;
  const sample = () => {
    const m = process.memoryUsage();
    heapPeak = Math.max(heapPeak, m.heapUsed);
    buffersPeak = Math.max(buffersPeak, m.arrayBuffers);
  };
  sample();
  const timer = setInterval(sample, 5);
  let outcome = 'ok';
  let detail = '';
  const t0 = performance.now();
  if (file) {
    // A view of the Buffer, not a copy: the worker holds the one copy it was handed.
    const buf = readFileSync(file);
    const bytes = new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
    try {
      const r = await engine.extract(bytes, SCHEMA);
      detail = `${r.document.pages} p, ${r.document.words} words, ${r.document.ocr_pages ?? 0} OCR`;
    } catch (err) {
      outcome = err.code ?? `error: ${err.message}`;
    }
  }
  const wallMs = performance.now() - t0;
  sample();
  clearInterval(timer);
  await engine.closeOcr();
  const docPeak = status('self', 'VmHWM');
  process.stdout.write(`${JSON.stringify({ peak: Math.max(warmPeak, docPeak), above: docPeak - idleRss, reset, idleRss, heapPeak, buffersPeak, wallMs, outcome, detail })}\n`);
}

// --- /proc helpers (Linux): the processes under a pid, a process's RSS and its high-water mark.
const status = (pid, field) => {
  try { return Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(new RegExp(`${field}:\\s+(\\d+)`))?.[1] ?? 0) * 1024; } catch { return 0; }
};
function descendants(pid) {
  const out = [];
  let tasks = [];
  try { tasks = readdirSync(`/proc/${pid}/task`); } catch { return out; }
  for (const t of tasks) {
    let kids = '';
    try { kids = readFileSync(`/proc/${pid}/task/${t}/children`, 'utf8'); } catch { continue; }
    for (const k of kids.trim().split(/\s+/).filter(Boolean).map(Number)) out.push(k, ...descendants(k));
  }
  return out;
}

/** Runs one case in a fresh process; samples the RSS of its child processes (Tesseract) meanwhile. */
function measure(name, file) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, ['--expose-gc', import.meta.filename, '--case', name, ...(file ? ['--file', file] : [])], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    let ocrPeak = 0;
    let ocrMax = 0;
    let started = false;
    child.stdout.on('data', (d) => {
      out += d;
      if (!started && out.includes('document\n')) { started = true; ocrPeak = 0; ocrMax = 0; }
    });
    const timer = setInterval(() => {
      const each = descendants(child.pid).map((p) => status(p, 'VmRSS'));
      ocrPeak = Math.max(ocrPeak, each.reduce((a, b) => a + b, 0));
      ocrMax = Math.max(ocrMax, ...each);
    }, 20);
    child.on('exit', (code) => {
      clearInterval(timer);
      const line = out.trim().split('\n').pop();
      if (code !== 0 || !line) return reject(new Error(`case ${name} exited ${code}: ${out.slice(-500)}`));
      resolvePromise({ ...JSON.parse(line), ocrPeak, ocrMax });
    });
  });
}

// --- Services: the stack as the API benchmark starts it; each service's peak RSS over one request, from its
// /proc high-water mark reset just before (clear_refs 5).
async function measureStack(files, rows) {
  const { startThrowawayStack } = await import(join(root, 'test/support/throwaway-stack.mjs'));
  const stack = await startThrowawayStack({ name: 'membench', grantUsd: '1000' });
  try {
    // Service processes are this process's children; each runs from services/<name>.
    const pids = {};
    for (const pid of descendants(process.pid)) {
      try {
        const cwd = readlinkSync(`/proc/${pid}/cwd`);
        const m = cwd.match(/services\/(\w+)$/);
        if (m && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('dist/main.js')) pids[m[1]] = pid;
      } catch { /* gone */ }
    }
    const auth = { authorization: `Bearer ${stack.apiKey}` };
    const schema = { type: 'object', properties: { total: { type: 'number' }, party_a: { type: 'string' } } };
    const extractJson = async (path, document) => {
      const res = await fetch(`${stack.url}${path}`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ schema, document }) });
      const body = await res.json();
      if (res.status >= 300) throw new Error(`${path}: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
      return body;
    };
    const tiny = readFileSync(join(root, 'docs/examples/invoice.pdf')).toString('base64');
    for (let i = 0; i < 3; i++) await extractJson('/v1/extract', { bytes_base64: tiny }); // warm-up
    const names = ['gateway', 'uploads', 'extraction'];
    /** One request; `budgets`: MiB over idle per service (services without one are printed only). */
    const step = async (label, budgets, fn) => {
      const idle = Object.fromEntries(names.map((n) => [n, status(pids[n], 'VmRSS')]));
      for (const n of names) { try { writeFileSync(`/proc/${pids[n]}/clear_refs`, '5'); } catch { /* old kernel: HWM since start */ } }
      const t0 = performance.now();
      await fn();
      const wallMs = performance.now() - t0;
      for (const n of names) rows.push({ svc: n, label, idle: idle[n], peak: status(pids[n], 'VmHWM'), wallMs, budget: budgets[n] });
    };
    const inline = readFileSync(files['pdf-20mib']);
    await step('sync extract, 20 MiB inline (27 MiB JSON)', { gateway: BUDGETS.gatewayInline, extraction: BUDGETS.extractionDocument }, () => extractJson('/v1/extract', { bytes_base64: inline.toString('base64') }));
    let uploadKey;
    await step('upload of 50 MiB', { gateway: BUDGETS.gatewayUpload, uploads: BUDGETS.uploadsStream }, async () => {
      const up = await fetch(`${stack.url}/v1/uploads`, { method: 'POST', headers: { ...auth, 'content-type': 'application/pdf' }, body: readFileSync(files['pdf-50mib']) });
      const staged = await up.json();
      if (up.status !== 201) throw new Error(`upload: ${up.status} ${JSON.stringify(staged)}`);
      uploadKey = staged.upload_key;
    });
    await step('job on the 50 MiB upload', { uploads: BUDGETS.uploadsStream, extraction: BUDGETS.extractionDocument }, async () => {
      const job = await extractJson('/v1/jobs', { upload_key: uploadKey });
      for (const deadline = Date.now() + 120_000; Date.now() < deadline;) {
        const j = await (await fetch(`${stack.url}/v1/jobs/${job.id}`, { headers: auth })).json();
        if (j.state === 'succeeded') return;
        if (j.state === 'failed') throw new Error(`job failed: ${JSON.stringify(j.error)}`);
        await new Promise((r) => setTimeout(r, 200));
      }
      throw new Error('job did not finish in 2 minutes');
    });
  } finally {
    await stack.stop();
  }
}

if (arg('case')) {
  await runCase(arg('case'), arg('file'));
} else {
  // Built documents are kept between runs (keyed by this version: bump it when a builder changes).
  const dir = join(tmpdir(), 'exs-membench-docs-2');
  mkdirSync(dir, { recursive: true });
  const t0 = performance.now();
  const files = await buildDocuments(dir);
  console.log(`documents built in ${((performance.now() - t0) / 1000).toFixed(1)} s (cached in ${dir})`);
  const only = arg('only')?.split(',');
  const runs = Number(arg('runs') ?? (quick ? 1 : 3));
  const results = [];
  let crashed = false;
  for (const c of CASES) {
    if ((c.full && quick) || (only && c.name !== 'idle' && !only.includes(c.name))) continue;
    const rs = [];
    try {
      for (let i = 0; i < runs; i++) rs.push(await measure(c.name, files[c.name]));
    } catch (err) {
      // A case that crashed (out of memory, a broken build) is reported and fails the run; the others still run.
      console.log(`${c.label}: did not complete (${err.message.split('\n')[0]})`);
      crashed = true;
      continue;
    }
    const m = (k) => median(rs.map((r) => r[k]));
    results.push({ ...c, peak: m('peak'), above: m('above'), idleRss: m('idleRss'), heapPeak: m('heapPeak'), buffersPeak: m('buffersPeak'), ocrPeak: m('ocrPeak'), ocrMax: m('ocrMax'), wallMs: m('wallMs'), outcomes: [...new Set(rs.map((r) => r.outcome))], detail: rs[0].detail });
  }
  const mib = (b) => (Number.isFinite(b) ? (b / MiB).toFixed(0) : '?').padStart(5);
  let failed = crashed;
  const verdict = (ok) => { if (!ok) failed = true; return ok ? 'PASS' : 'FAIL'; };
  console.log(`\nengine, one document per fresh warmed-up process (${runs === 1 ? 'one run' : `median of ${runs} runs`}), MiB. "peak RSS": the process's`);
  console.log(`high-water mark (warm-up included); "above idle": the document's peak over the warm idle process; "tesseract": the`);
  console.log(`OCR processes' RSS, summed over those running at once, and the largest one (sampled). Budgets: warm idle RSS`);
  console.log(`< ${BUDGETS.idle}; per document above idle: accepted < ${BUDGETS.accepted}, hostile < ${BUDGETS.hostile}; one Tesseract process < ${BUDGETS.ocrProcess}.`);
  console.log(`${'case'.padEnd(52)} peak RSS  above idle  heap used  buffers  tesseract (one)  wall s  outcome: budget`);
  for (const r of results) {
    const okOutcome = r.kind === 'idle' || (r.outcomes.length === 1 && r.outcomes[0] === r.expect);
    const budget = r.kind === 'idle' ? r.idleRss < BUDGETS.idle * MiB : r.above < BUDGETS[r.kind] * MiB;
    const ocrOk = r.ocrMax < BUDGETS.ocrProcess * MiB;
    const outcome = r.kind === 'idle' ? `idle RSS ${(r.idleRss / MiB).toFixed(0)}` : `${r.outcomes.join('/')}${r.detail ? ` (${r.detail})` : ''}`;
    console.log(`${r.label.padEnd(52)} ${mib(r.peak)}     ${r.kind === 'idle' ? '    -' : mib(Math.max(0, r.above))}       ${mib(r.heapPeak)}    ${mib(r.buffersPeak)}      ${r.ocrPeak ? `${mib(r.ocrPeak)} (${(r.ocrMax / MiB).toFixed(0).padStart(3)})` : '    -      '}  ${(r.wallMs / 1000).toFixed(1).padStart(6)}  ${outcome}: ${verdict(okOutcome && budget && ocrOk)}`);
  }
  // What each further page needing OCR adds, from two sizes of the same kind of document, extrapolated to the
  // sync path's 20 pages and the job limit's 200: blank pages (quick) and, in full runs, 300-dpi scans. With pages
  // read a few at a time and their pixels freed as they go, this should be near zero.
  const slope = (a, b, pagesA, pagesB, what) => {
    const [ra, rb] = [a, b].map((n) => results.find((r) => r.name === n));
    if (!ra || !rb) return;
    const perPage = (rb.above - ra.above) / (pagesB - pagesA);
    const at = (pages) => ra.above + (pages - pagesA) * perPage;
    // Informative, not a verdict: freed pixels and page garbage go back when V8 collects, so the growth over a few
    // pages flattens over more (the 40-page case carries the budget); a steady slope there would be a leak.
    console.log(`pages needing OCR (${what}): ${(perPage / MiB).toFixed(0)} MiB more per page; if it held, a 20-page document ~${(at(20) / MiB).toFixed(0)} MiB, a 200-page`);
    console.log(`  one (the job limit) ~${(at(200) / MiB).toFixed(0)} MiB above idle`);
  };
  slope('blank-2p', 'blank-8p', 2, 8, 'blank pages, 2 -> 8');
  slope('blank-8p', 'blank-40p', 8, 40, 'blank pages, 8 -> 40');
  // From 4 pages up: below that the pages read at once (OCR_PAGES_IN_FLIGHT) are still ramping up.
  slope('scan-4p', 'scan-8p', 4, 8, '300-dpi scans, 4 -> 8');
  if (quick && !argv.includes('--stack')) console.log('\nservices: not measured in --quick (run without it, or add --stack)');
  if (!argv.includes('--no-stack') && (!quick || argv.includes('--stack'))) {
    const rows = [];
    try {
      await measureStack(files, rows);
    } catch (err) {
      console.log(`\nservices: not measured (${err.message})`);
      failed = true;
    }
    if (rows.length) {
      console.log('\nservices, one request of the largest allowed size (stack as in api.bench.mjs; MiB, peak from VmHWM reset before the request)');
      console.log(`${'request'.padEnd(44)} ${'service'.padEnd(11)} idle RSS  peak RSS  above idle  wall s  budget`);
      for (const r of rows) {
        const above = r.peak - r.idle;
        const check = r.budget === undefined ? '-' : `< ${r.budget}: ${verdict(above < r.budget * MiB)}`;
        console.log(`${r.label.padEnd(44)} ${r.svc.padEnd(11)} ${mib(r.idle)}     ${mib(r.peak)}      ${mib(above)}  ${(r.wallMs / 1000).toFixed(1).padStart(6)}  ${check}`);
      }
    }
  }
  process.exit(failed ? 1 : 0);
}
