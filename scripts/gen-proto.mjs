// Generates TypeScript contracts from proto/ with buf + ts-proto.
//   node scripts/gen-proto.mjs          regenerate libs/contracts/src/gen
//   node scripts/gen-proto.mjs --check  lint the protos and fail when the committed code differs from a fresh generation
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const root = join(import.meta.dirname, '..');
const protoDir = join(root, 'proto');
const genDir = join(root, 'libs/contracts/src/gen');
const buf = join(root, 'node_modules/.bin/buf');

function generate(outDir) {
  const template = readFileSync(join(protoDir, 'buf.gen.yaml'), 'utf8').replace('out: ../libs/contracts/src/gen', `out: ${outDir}`);
  execFileSync(buf, ['generate', '--template', template], { cwd: protoDir, stdio: 'inherit' });
}

function listFiles(dir) {
  return readdirSync(dir, { recursive: true }).map(String).filter((f) => statSync(join(dir, f)).isFile()).sort();
}

if (process.argv.includes('--check')) {
  execFileSync(buf, ['lint'], { cwd: protoDir, stdio: 'inherit' });
  const tmp = mkdtempSync(join(tmpdir(), 'exs-gen-'));
  try {
    generate(tmp);
    const fresh = listFiles(tmp);
    const committed = listFiles(genDir);
    const drift = [...new Set([...fresh, ...committed])].filter((f) => {
      try { return readFileSync(join(tmp, f), 'utf8') !== readFileSync(join(genDir, f), 'utf8'); } catch { return true; }
    });
    if (drift.length) {
      console.error(`generated contracts are out of date (${drift.join(', ')}); run: npm run gen`);
      process.exit(1);
    }
    console.log(`contracts in sync with proto/ (${fresh.length} files)`);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
} else {
  rmSync(genDir, { recursive: true, force: true });
  generate(genDir);
  console.log(`generated ${listFiles(genDir).length} files into ${relative(root, genDir)}`);
}
