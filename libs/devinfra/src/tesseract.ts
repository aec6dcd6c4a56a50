import { execFile } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { promisify } from 'node:util';
import { aptInstall, findBinary } from './binaries.js';

const execFileP = promisify(execFile);

/**
 * The traineddata the engine's OCR uses: English and osd always, and the model of each language a page may be
 * re-read in (libs/engine/src/knowledge/languages: French, German, Spanish, Italian, Dutch, Portuguese, Polish, Czech,
 * Swedish, Danish, Norwegian, Finnish, Romanian, Hungarian, Turkish).
 */
export const TESSERACT_LANGUAGES = ['eng', 'osd', 'fra', 'deu', 'spa', 'ita', 'nld', 'por', 'pol', 'ces', 'swe', 'dan', 'nor', 'fin', 'ron', 'hun', 'tur'] as const;
/** Debian's packages for the binary and each language (named explicitly: not every distribution makes them dependencies). */
export const TESSERACT_PACKAGES = ['tesseract-ocr', ...TESSERACT_LANGUAGES.map((lang) => `tesseract-ocr-${lang}`)] as const;

export interface TesseractReady {
  bin: string;
  /** e.g. `5.3.0` */
  version: string;
  /** Every language the binary reports (`tesseract --list-langs`). */
  languages: string[];
  /** Whether this call installed anything. */
  installed: boolean;
}

export interface EnsureTesseractOptions {
  /**
   * The binary the services will run: a path or a command name. Default: `EXS_TESSERACT_BIN` (the engine's
   * own override), else `tesseract` on PATH.
   */
  bin?: string;
  log?: (line: string) => void;
  /** Installs packages; default `apt-get install` (as root or with passwordless sudo). */
  install?: (packages: string[], log: (line: string) => void) => Promise<void>;
}

function locate(bin: string): string | undefined {
  if (!bin.includes('/')) return findBinary(bin);
  try {
    accessSync(bin, constants.X_OK);
    return bin;
  } catch {
    return undefined;
  }
}

/** What `bin` can read, or undefined when it does not run. */
async function probe(bin: string): Promise<{ version: string; languages: string[] } | undefined> {
  try {
    // Tesseract 5 prints both to stdout; older builds printed --version to stderr.
    const v = await execFileP(bin, ['--version'], { timeout: 10_000 });
    const version = /tesseract\s+v?(\S+)/i.exec(`${v.stdout}\n${v.stderr}`)?.[1] ?? 'unknown';
    const l = await execFileP(bin, ['--list-langs'], { timeout: 10_000 });
    const languages = `${l.stdout}\n${l.stderr}`.split('\n').map((s) => s.trim()).filter((s) => s && !/^list of available languages/i.test(s));
    return { version, languages };
  } catch {
    return undefined;
  }
}

let inflight: Promise<TesseractReady> | undefined;

/**
 * Makes sure the OCR engine the extraction service runs is there: the `tesseract` binary with the data of every
 * language the engine reads (TESSERACT_LANGUAGES). When either is missing, installs Debian's packages the way Redis and NATS are
 * installed (apt-get); rejects with what to install by hand when that is not possible. Without it every
 * scanned page fails with 422 extraction_failed ("OCR engine not installed").
 */
export function ensureTesseract(opts: EnsureTesseractOptions = {}): Promise<TesseractReady> {
  // Concurrent callers (several stacks in one process) share one check and at most one apt-get.
  inflight ??= check(opts).finally(() => { inflight = undefined; });
  return inflight;
}

async function check(opts: EnsureTesseractOptions): Promise<TesseractReady> {
  const log = opts.log ?? (() => {});
  const name = opts.bin ?? process.env.EXS_TESSERACT_BIN ?? 'tesseract';
  const readable = async () => {
    const bin = locate(name);
    const found = bin ? await probe(bin) : undefined;
    const missing = TESSERACT_LANGUAGES.filter((lang) => !found?.languages.includes(lang));
    return { bin, found, missing };
  };

  const before = await readable();
  if (before.bin && before.found && before.missing.length === 0) return { bin: before.bin, ...before.found, installed: false };

  const why = !before.bin ? `${name} not found` : !before.found ? `${before.bin} does not run` : `${before.bin} lacks language data ${before.missing.join(', ')}`;
  log(`[devinfra] OCR: ${why}; installing ${TESSERACT_PACKAGES.join(' ')} with apt-get`);
  let installError: unknown;
  try {
    await (opts.install ?? aptInstall)([...TESSERACT_PACKAGES], log);
  } catch (err) {
    installError = err;
  }
  const after = await readable();
  if (after.bin && after.found && after.missing.length === 0) return { bin: after.bin, ...after.found, installed: true };
  const reason = installError instanceof Error ? installError.message : installError !== undefined ? String(installError) : `${TESSERACT_LANGUAGES.join(', ')} still missing after the install`;
  throw new Error(`the OCR engine is not usable (${why}) and could not be installed: ${reason}. Install the packages ${TESSERACT_PACKAGES.join(', ')} (or run: sudo bash scripts/install-os-deps.sh)`);
}
