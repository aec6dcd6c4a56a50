// `npm test`: build, contract drift checks, type checks, then every Jest project (unit, integration
// against real PostgreSQL/Redis/NATS, end-to-end against the six services as processes).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildAll } from './build.mjs';

const root = join(import.meta.dirname, '..');
const step = (name) => console.log(`\n== ${name}`);

function run(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
  return res.status ?? 1;
}

step('build');
console.log(`built in ${(buildAll(root) / 1000).toFixed(1)}s`);

// The engine's OCR tests (unit and e2e) need Tesseract with its eng and osd data: installed like npm start does.
step('OCR engine');
try {
  const { ensureTesseract } = await import('../libs/devinfra/dist/index.js');
  const ocr = await ensureTesseract({ log: console.log });
  console.log(`tesseract ${ocr.version} ${ocr.installed ? 'installed' : 'found'} at ${ocr.bin} (languages ${ocr.languages.join(', ')})`);
} catch (err) {
  console.error(err.message);
  process.exit(1);
}

// The browser end-to-end tests (test/e2e/dashboard-browser.test.ts) drive Debian's Chromium: installed the same way.
step('browser');
try {
  const { ensureChromium } = await import('../libs/devinfra/dist/index.js');
  const browser = await ensureChromium({ log: console.log });
  console.log(`chromium ${browser.version} ${browser.installed ? 'installed' : 'found'} at ${browser.bin}`);
} catch (err) {
  console.error(err.message);
  process.exit(1);
}

step('generated contracts match proto/');
if (run(process.execPath, ['scripts/gen-proto.mjs', '--check']) !== 0) process.exit(1);

step('committed migrations match each schema.prisma');
if (run(process.execPath, ['scripts/check-migrations.mjs']) !== 0) process.exit(1);

step('type check');
if (run('pnpm', ['-r', '--workspace-concurrency=2', '--reporter=append-only', 'run', 'typecheck']) !== 0) process.exit(1);

step('jest');
const out = mkdtempSync(join(tmpdir(), 'exs-jest-'));
const report = join(out, 'report.json');
const jestArgs = ['node_modules/jest/bin/jest.js', '--ci', '--json', `--outputFile=${report}`, ...process.argv.slice(2)];
const status = run(process.execPath, jestArgs, {
  env: { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --experimental-vm-modules --no-warnings=ExperimentalWarning`.trim() },
});
let summary;
try {
  summary = JSON.parse(readFileSync(report, 'utf8'));
} catch {
  console.error('jest produced no report');
  process.exit(status || 1);
} finally {
  rmSync(out, { recursive: true, force: true });
}
// The plain closing line CI reads, whatever the runner.
console.log(`\n${summary.numPassedTests} passed, ${summary.numFailedTests} failed, ${summary.numPendingTests} skipped`);
process.exit(status !== 0 || summary.numFailedTests > 0 || summary.numTotalTests === 0 ? 1 : 0);
