/**
 * Trains the learned scorer (scoring/) from eval records and prints its leave-one-dataset-out evaluation.
 *   node libs/engine-tools/dist/cli/train-scorer.js --records a.jsonl[,b.jsonl] [--extras synth.jsonl] [--out model.json] [--lambda 1]
 * --records: development records (each set is held out in turn); --extras: training-only records (synthetic
 * documents made with a training seed: never the held-out seed). Without --out nothing is written.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { scorerLodo, trainScorer, type ScorerRecord } from '../scoring/train.js';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

function read(list: string | undefined): ScorerRecord[] {
  return (list ?? '').split(',').filter(Boolean).flatMap((f) => readFileSync(resolve(f), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as ScorerRecord));
}

const records = read(arg('records'));
const extras = read(arg('extras')).map((r) => ({ ...r, set: `extra:${r.set}` }));
const lambda = Number(arg('lambda') ?? 1);
if (!records.length) {
  console.error('usage: train-scorer --records a.jsonl[,b.jsonl] [--extras x.jsonl] [--out model.json] [--lambda 1]');
  process.exit(2);
}
const pct = (x: number) => x.toFixed(3);
console.log('set               fields  hand-str  hand-fuz  in-str  in-fuz  LODO-str  LODO-fuz');
for (const f of scorerLodo(records, extras, { lambda })) {
  console.log(`${f.set.padEnd(18)}${String(f.fields).padEnd(8)}${pct(f.hand.strict).padEnd(10)}${pct(f.hand.fuzzy).padEnd(10)}${pct(f.inSample.strict).padEnd(8)}${pct(f.inSample.fuzzy).padEnd(8)}${pct(f.lodo.strict).padEnd(10)}${pct(f.lodo.fuzzy)}`);
}
const model = trainScorer([...records, ...extras], { lambda });
console.log(`model ${model.version}: threshold ${model.threshold}`);
const out = arg('out');
if (out) writeFileSync(resolve(out), `${JSON.stringify(model, null, 1)}\n`);
