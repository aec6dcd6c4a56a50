/**
 * Mutation fuzzing of document ingest (extract = openDocument + field extraction): every mutant must end in a
 * result or an EngineError with the contract's document codes (unsupported_document, document_too_large). Any
 * other exception, a crash, an unhandled rejection, running past --timeout or an RSS past --max-rss-mb fails.
 *   node libs/engine-tools/dist/cli/fuzz-ingest.js [--count 2000] [--seed 1] [--jobs 1] [--timeout 20]
 *     [--max-rss-mb 1536] [--ocr-share 0.05] [--only <index>] [--save <dir>] [--datasets <folder>]
 * Mutants run in child processes (fuzz-child.ts), reused until one fails; the same --seed gives the same
 * mutants, and each failure prints the --seed/--only pair that reruns it alone. Exit code 1 when any failed.
 * --ocr-share is the share of mutants run with OCR 'auto' (decoding images with sharp, rendering PDF pages,
 * Tesseract: ~1-5 s each); the rest run with OCR 'never' (parsing and text extraction only).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { builtSeeds, mutant, seedPng, type Mutant, type Seed } from './fuzz-mutants.js';
import type { FuzzOutcome, FuzzRequest } from './fuzz-child.js';
import { repoRoot } from './repo-root.js';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/** Small real documents from the datasets (digital PDFs, a receipt photo, a PNG), when present. */
const DATASET_SEEDS = [
  'invoice2data/cases/SammyMaystoneLinesTest/document.pdf',
  'docile-sample/cases/docile-516f2d61ea404b30a9192a72/document.pdf',
  'sroie/cases/sroie-003/document.jpg',
  'invoice2data/cases/AmazonWebServices-png/document.png',
];

export async function fuzzSeeds(datasets: string): Promise<Seed[]> {
  const seeds = builtSeeds();
  seeds.push({ name: 'built.jpg', bytes: new Uint8Array(await sharp(seedPng()).jpeg({ quality: 80 }).toBuffer()) });
  for (const rel of DATASET_SEEDS) {
    const file = join(datasets, rel);
    if (existsSync(file)) seeds.push({ name: rel, bytes: new Uint8Array(readFileSync(file)) });
  }
  return seeds;
}

interface Failure {
  mutant: Mutant;
  what: string;
  stack?: string;
}

/** Failure class: the message without numbers, plus the first stack frame inside the engine or pdf.js. */
function classOf(f: Failure): string {
  const msg = f.what.replace(/\d+(\.\d+)?/g, 'N').slice(0, 160);
  const frame = f.stack?.split('\n').find((l) => /at .*(engine|pdf\.worker|pdf-|sharp)/.test(l))?.trim().replace(/:\d+:\d+\)?$/, '');
  return frame ? `${msg} @ ${frame.replace(/\(.*[\\/]/, '(')}` : msg;
}

function rssMb(pid: number): number {
  try {
    const m = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/);
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

class Runner {
  private child?: ChildProcess;
  private ready?: Promise<void>;
  constructor(private readonly timeoutMs: number, private readonly maxRssMb: number) {}

  private start(): void {
    const entry = fileURLToPath(new URL('./fuzz-child.js', import.meta.url));
    const child = fork(entry, [], {
      serialization: 'advanced',
      execArgv: [`--max-old-space-size=${Math.max(256, Math.floor(this.maxRssMb * 0.75))}`],
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    child.stderr?.resume();
    this.child = child;
    this.ready = new Promise((ok) => child.once('message', () => ok()));
  }

  stop(): void {
    this.child?.kill('SIGKILL');
    this.child = undefined;
  }

  /** Runs one mutant; a failed mutant's child is killed (a fresh one serves the next). */
  async run(m: Mutant, ocr: 'never' | 'auto'): Promise<FuzzOutcome & { peakMb: number; ms: number }> {
    if (!this.child) this.start();
    await this.ready;
    const child = this.child!;
    const t0 = Date.now();
    let peakMb = 0;
    const out = await new Promise<FuzzOutcome>((done) => {
      const finish = (o: FuzzOutcome) => {
        clearInterval(poll);
        clearTimeout(timer);
        child.off('message', onMessage);
        child.off('exit', onExit);
        done(o);
      };
      const onMessage = (o: FuzzOutcome) => finish(o);
      const onExit = (code: number | null, signal: string | null) => finish({ index: m.index, kind: 'failure', what: `child died (exit ${code}, signal ${signal})` });
      const poll = setInterval(() => {
        const mb = rssMb(child.pid!);
        peakMb = Math.max(peakMb, mb);
        if (mb > this.maxRssMb) finish({ index: m.index, kind: 'failure', what: `RSS over ${this.maxRssMb} MiB` });
      }, 50);
      const timer = setTimeout(() => finish({ index: m.index, kind: 'failure', what: `no outcome within ${this.timeoutMs / 1000} s` }), this.timeoutMs);
      child.on('message', onMessage);
      child.once('exit', onExit);
      child.send({ index: m.index, bytes: m.bytes, ocr } satisfies FuzzRequest);
    });
    if (out.kind === 'failure') this.stop();
    return { ...out, peakMb, ms: Date.now() - t0 };
  }
}

async function main() {
  const count = Number(arg('count') ?? 2000);
  const masterSeed = Number(arg('seed') ?? 1);
  const jobs = Math.max(1, Number(arg('jobs') ?? 1));
  const timeoutMs = 1000 * Number(arg('timeout') ?? 20);
  const maxRssMb = Number(arg('max-rss-mb') ?? 1536);
  const ocrShare = Number(arg('ocr-share') ?? 0.05);
  const only = arg('only');
  const save = arg('save');
  const seeds = await fuzzSeeds(resolve(arg('datasets') ?? join(repoRoot, '../shared/datasets')));
  console.log(`seeds: ${seeds.map((s) => `${s.name} (${s.bytes.length} B)`).join(', ')}`);
  const indices = only !== undefined ? [Number(only)] : Array.from({ length: count }, (_, i) => i);
  // Every 1/ocrShare-th mutant runs with OCR (deterministic, so --only reruns it the same way).
  const ocrFor = (i: number) => (ocrShare > 0 && i % Math.round(1 / ocrShare) === 0 ? 'auto' : 'never');
  const failures: Failure[] = [];
  const tally = { ok: 0, unsupported_document: 0, document_too_large: 0, failure: 0 } as Record<string, number>;
  let next = 0;
  let slowest = { ms: 0, index: -1 };
  let peak = { mb: 0, index: -1 };
  const t0 = Date.now();
  const worker = async () => {
    const runner = new Runner(timeoutMs, maxRssMb);
    try {
      while (next < indices.length) {
        const index = indices[next++]!;
        const m = mutant(seeds, masterSeed, index);
        const out = await runner.run(m, ocrFor(index));
        if (out.ms > slowest.ms) slowest = { ms: out.ms, index };
        if (out.peakMb > peak.mb) peak = { mb: out.peakMb, index };
        if (out.kind === 'ok') tally.ok!++;
        else if (out.kind === 'rejected') tally[out.code] = (tally[out.code] ?? 0) + 1;
        else {
          tally.failure!++;
          failures.push({ mutant: m, what: out.what, stack: out.stack });
          console.log(`FAIL --seed ${masterSeed} --only ${index} [${m.seed}: ${m.ops.join(', ')}; ocr ${ocrFor(index)}] ${out.what.slice(0, 300)}`);
          if (only !== undefined && out.stack) console.log(out.stack);
          if (save) {
            mkdirSync(save, { recursive: true });
            writeFileSync(join(save, `seed${masterSeed}-${index}.bin`), m.bytes);
          }
        }
        if (only !== undefined) console.log(JSON.stringify({ ...out, stack: undefined }));
        const done = tally.ok! + tally.unsupported_document! + tally.document_too_large! + tally.failure!;
        if (done % 200 === 0) console.log(`${done}/${indices.length} mutants, ${tally.failure} failed, ${((Date.now() - t0) / 1000).toFixed(0)} s`);
      }
    } finally {
      runner.stop();
    }
  };
  await Promise.all(Array.from({ length: Math.min(jobs, indices.length) }, worker));
  const classes = new Map<string, Failure[]>();
  for (const f of failures) classes.set(classOf(f), [...(classes.get(classOf(f)) ?? []), f]);
  console.log(`\n${indices.length} mutants in ${((Date.now() - t0) / 1000).toFixed(0)} s: ${JSON.stringify(tally)}; slowest ${slowest.ms} ms (--only ${slowest.index}), peak RSS ${peak.mb.toFixed(0)} MiB (--only ${peak.index})`);
  for (const [cls, fs] of [...classes].sort((a, b) => b[1].length - a[1].length)) {
    console.log(`${fs.length} x ${cls}\n    rerun: ${fs.slice(0, 3).map((f) => `--seed ${masterSeed} --only ${f.mutant.index}`).join(' | ')}`);
  }
  process.exitCode = failures.length > 0 ? 1 : 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) await main();
