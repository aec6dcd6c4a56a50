/**
 * Regression tests over a folder of labelled sets (the datasets layout: <set>/cases/<id>/{document.pdf,case.json})
 * with a knownMisses.json: every case is extracted through the engine's public API and scored by the eval's
 * comparison. Every field the engine gets right must stay right; knownMisses.json lists the rest, and each entry
 * must still be a miss, so the list only shrinks (a field that starts passing is to be removed from it). Never add
 * an entry to make a regression pass.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { closeOcr, compileSchema, extract } from '@exs/engine';
import { compareScalar } from '../../src/eval/compare.js';
import { fieldOutcomes } from './engine-fixtures.js';

export interface LabelledCase {
  caseFile: { schema: unknown; expected: Record<string, unknown> };
  bytes: Uint8Array;
}

/** The cases of a folder of sets, as "<set>/<id>", sorted, and a reader for each. */
export function labelledCases(root: string): { cases: string[]; readCase: (name: string) => LabelledCase } {
  const cases = readdirSync(root)
    .filter((set) => existsSync(join(root, set, 'cases')))
    .flatMap((set) => readdirSync(join(root, set, 'cases')).map((id) => `${set}/${id}`))
    .sort();
  const readCase = (name: string): LabelledCase => {
    const [set, id] = name.split('/') as [string, string];
    const dir = join(root, set, 'cases', id);
    return {
      caseFile: JSON.parse(readFileSync(join(dir, 'case.json'), 'utf8')) as LabelledCase['caseFile'],
      bytes: new Uint8Array(readFileSync(join(dir, 'document.pdf'))),
    };
  };
  return { cases, readCase };
}

/** Defines the knownMisses tests of the folder (one per case, and one that the list names real cases and fields). */
export function knownMissesTests(root: string): void {
  const knownMisses: Record<string, string[]> = JSON.parse(readFileSync(join(root, 'knownMisses.json'), 'utf8'));
  const { cases, readCase } = labelledCases(root);

  afterAll(() => closeOcr());

  test('knownMisses names only cases and fields of the set', () => {
    for (const [name, fields] of Object.entries(knownMisses)) {
      expect(cases).toContain(name);
      const { caseFile } = readCase(name);
      const scored = Object.keys(fieldOutcomes(caseFile, caseFile.expected, { compileSchema, compareScalar }));
      for (const f of fields) expect(scored).toContain(f);
    }
  });

  test.each(cases)('%s: every field outside knownMisses is extracted right, and every known miss is still missed', async (name) => {
    const { caseFile, bytes } = readCase(name);
    const result = await extract(bytes, caseFile.schema);
    const outcomes = fieldOutcomes(caseFile, result.data, { compileSchema, compareScalar });
    const known = new Set(knownMisses[name] ?? []);
    const problems: string[] = [];
    for (const [field, right] of Object.entries(outcomes)) {
      const path = field.split('.')[0]!;
      if (!right && !known.has(field)) problems.push(`${field}: expected ${JSON.stringify(caseFile.expected[path])}, got ${JSON.stringify(result.data[path])}`);
      if (right && known.has(field)) problems.push(`${field} is now right: remove it from knownMisses`);
    }
    expect(problems).toEqual([]);
  });
}
