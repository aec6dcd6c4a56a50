// helm/exs/README.md is generated from values.yaml by helm/tools/gen-readme.mjs (helm-docs style): it must be
// what the generator writes now, list every value with its type and default, and the generator must refuse a
// value nobody described. Regenerate with `node helm/tools/gen-readme.mjs > helm/exs/README.md`.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHART, ROOT, YAML2JSON, describeHelm } from './support/chart.js';

const GEN = join(ROOT, 'helm/tools/gen-readme.mjs');
const generate = (args: string[] = []) => spawnSync(process.execPath, [GEN, ...args], { encoding: 'utf8' });

/** Every value as the README lists it: leaves, lists and empty maps, and maps written as one (resources). */
function leaves(v: unknown, path: string[] = []): string[] {
  if (v === null || typeof v !== 'object' || Array.isArray(v) || Object.keys(v).length === 0) return [path.join('.')];
  if (path.at(-1) === 'resources') return [path.join('.')];
  return Object.entries(v).flatMap(([k, child]) => leaves(child, [...path, k]));
}

describeHelm('chart README', () => {
  test('README.md is what helm/tools/gen-readme.mjs generates from values.yaml', () => {
    const res = generate();
    expect(res.stderr).toBe('');
    expect(res.status).toBe(0);
    expect(readFileSync(join(CHART, 'README.md'), 'utf8')).toBe(res.stdout);
  });

  test('every value has a row with its type, default and a description', () => {
    const values = JSON.parse(spawnSync(YAML2JSON, [], { input: readFileSync(join(CHART, 'values.yaml')), encoding: 'utf8' }).stdout)[0];
    const readme = readFileSync(join(CHART, 'README.md'), 'utf8');
    const rows = new Map([...readme.matchAll(/^\| `([^`]+)` \| (\w+) \| (.+?) \| (.*) \|$/gm)].map((m) => [m[1], { type: m[2], def: m[3], description: m[4] }]));
    const all = leaves(values);
    expect(all.length).toBeGreaterThan(200);
    for (const key of all) {
      const row = rows.get(key);
      expect({ key, row: row && { ...row, description: row.description.length > 0 } }).toEqual({ key, row: { type: expect.stringMatching(/^(string|int|float|bool|list|object)$/), def: expect.stringMatching(/^`.*`$/), description: true } });
    }
    expect(rows.get('nats.stream.replicas')).toEqual({ type: 'int', def: '`1`', description: expect.stringContaining('1..5') });
  });

  test('a value changed in values.yaml shows in the generated table (the README check catches drift)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'exs-readme-'));
    try {
      cpSync(CHART, dir, { recursive: true });
      const values = join(dir, 'values.yaml');
      writeFileSync(values, readFileSync(values, 'utf8').replace(/^(\s+replicas: )1(\s+# 1\.\.5)/m, '$13$2'));
      const res = generate(['--chart', dir]);
      expect(res.status).toBe(0);
      expect(res.stdout).toContain('| `nats.stream.replicas` | int | `3` |');
      expect(res.stdout).not.toBe(readFileSync(join(CHART, 'README.md'), 'utf8'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a value without a description fails the generator, naming it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'exs-readme-'));
    try {
      cpSync(CHART, dir, { recursive: true });
      writeFileSync(join(dir, 'values.yaml'), `${readFileSync(join(dir, 'values.yaml'), 'utf8')}\nundocumentedKnob: 7\n`);
      const res = generate(['--chart', dir]);
      expect({ status: res.status, stderr: res.stderr }).toEqual({ status: 1, stderr: expect.stringContaining('\n  undocumentedKnob\n') });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
