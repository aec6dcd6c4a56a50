import { execFile } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { promisify } from 'node:util';
import { aptInstall } from './binaries.js';

const execFileP = promisify(execFile);

/** Where Debian's `chromium` package puts its launcher; the browser tests drive it with playwright-core. */
export const CHROMIUM_BIN = '/usr/bin/chromium';
/** Debian's package: no browser download of playwright's own (it cannot reach its CDN here, nor should CI). */
export const CHROMIUM_PACKAGES = ['chromium'] as const;

export interface ChromiumReady {
  bin: string;
  /** e.g. `156.0.8078.108` */
  version: string;
  /** Whether this call installed anything. */
  installed: boolean;
}

export interface EnsureChromiumOptions {
  /** The browser the tests launch. Default: `EXS_CHROMIUM_BIN`, else /usr/bin/chromium. */
  bin?: string;
  log?: (line: string) => void;
  /** Installs packages; default `apt-get install` (as root or with passwordless sudo). */
  install?: (packages: string[], log: (line: string) => void) => Promise<void>;
}

/** The version `bin` reports, or undefined when it is absent or does not run. */
async function probe(bin: string): Promise<string | undefined> {
  try {
    accessSync(bin, constants.X_OK);
    // Debian's launcher is a shell script that also sources /etc/chromium.d; --version starts no browser.
    const { stdout } = await execFileP(bin, ['--version'], { timeout: 20_000 });
    return /(\d+(?:\.\d+){1,3})/.exec(stdout)?.[1];
  } catch {
    return undefined;
  }
}

let inflight: Promise<ChromiumReady> | undefined;

/**
 * Makes sure the browser of the browser end-to-end tests (test/e2e/dashboard-browser.test.ts) is there:
 * Debian's Chromium at /usr/bin/chromium, installed with apt-get like Tesseract, Redis and NATS when missing
 * (~124 MB to download, ~414 MB on disk). Rejects with what to install by hand when that is not possible.
 */
export function ensureChromium(opts: EnsureChromiumOptions = {}): Promise<ChromiumReady> {
  inflight ??= check(opts).finally(() => { inflight = undefined; });
  return inflight;
}

async function check(opts: EnsureChromiumOptions): Promise<ChromiumReady> {
  const log = opts.log ?? (() => {});
  const bin = opts.bin ?? process.env.EXS_CHROMIUM_BIN ?? CHROMIUM_BIN;
  const before = await probe(bin);
  if (before) return { bin, version: before, installed: false };

  log(`[devinfra] browser: ${bin} not found or does not run; installing ${CHROMIUM_PACKAGES.join(' ')} with apt-get`);
  let installError: unknown;
  try {
    await (opts.install ?? aptInstall)([...CHROMIUM_PACKAGES], log);
  } catch (err) {
    installError = err;
  }
  const after = await probe(bin);
  if (after) return { bin, version: after, installed: true };
  const reason = installError instanceof Error ? installError.message : installError !== undefined ? String(installError) : `${bin} still missing after the install`;
  throw new Error(`the browser for the browser tests is not usable (${bin}) and could not be installed: ${reason}. Install the package ${CHROMIUM_PACKAGES.join(', ')} (or run: sudo bash scripts/install-os-deps.sh)`);
}
