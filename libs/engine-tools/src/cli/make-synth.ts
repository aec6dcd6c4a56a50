/**
 * Writes synthetic invoices and receipts as labelled cases, one set per language (synth-<lang>):
 *   node libs/engine-tools/dist/cli/make-synth.js [--out .data/synth] [--seed heldout-1] [--languages en,fr,de,es,it,nl,pt]
 *     [--per-language 8] [--receipts 2]
 * Deterministic: the same seed and counts write the same files (document i of a language does not depend on
 * the counts). Score with `npm run eval -- --datasets <out>`; make scanned copies with make-scans --datasets <out>.
 * A set made for training must use another seed than a set used to report accuracy.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { synthCases } from '../synth/cases.js';
import { SYNTH_LANGUAGES } from '../synth/locales/index.js';
import type { SynthLanguage } from '../synth/locale.js';
import { repoRoot } from './repo-root.js';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const USAGE = 'usage: make-synth [--out dir] [--seed s] [--languages en,fr,...] [--per-language N] [--receipts N]';

function main() {
  const out = resolve(arg('out') ?? join(repoRoot, '.data/synth'));
  const seed = arg('seed') ?? 'heldout-1';
  const languages = (arg('languages') ?? SYNTH_LANGUAGES.join(',')).split(',').filter(Boolean) as SynthLanguage[];
  const perLanguage = Number(arg('per-language') ?? 8);
  const receipts = Number(arg('receipts') ?? 2);
  if (process.argv.includes('--help') || languages.some((l) => !SYNTH_LANGUAGES.includes(l)) || !(perLanguage >= 1) || !(receipts >= 0 && receipts <= perLanguage)) {
    console.error(`${USAGE}\nlanguages: ${SYNTH_LANGUAGES.join(', ')}`);
    process.exit(2);
  }
  for (const l of languages) rmSync(join(out, `synth-${l}`), { recursive: true, force: true });
  let n = 0;
  for (const c of synthCases({ seed, languages, perLanguage, receipts })) {
    const dir = join(out, c.set, 'cases', c.id);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'document.pdf'), c.pdf);
    writeFileSync(join(dir, 'case.json'), JSON.stringify(c.json, null, 2) + '\n');
    n++;
  }
  console.log(`${n} cases (seed ${JSON.stringify(seed)}) in ${out}: ${languages.map((l) => `synth-${l}`).join(', ')}`);
}

main();
