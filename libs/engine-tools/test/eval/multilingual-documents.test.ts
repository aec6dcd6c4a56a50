import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { closeOcr, compileSchema, extract } from '@exs/engine';
import { compareScalar } from '../../src/eval/compare.js';
import { fieldOutcomes, MULTILINGUAL_DIR } from '../support/engine-fixtures.js';

// The invoices and receipts in fifteen languages of libs/engine/test/fixtures/multilingual (generate.mjs,
// documents/*.mjs), digital and scanned, extracted through the engine's public API and scored by the eval's
// comparison. Every field the engine gets right today must stay right; knownMisses.json lists the rest, and each
// entry must still be a miss, so the list shrinks as the engine learns (a field that starts passing is to be
// removed from it).

const root = MULTILINGUAL_DIR;
const knownMisses: Record<string, string[]> = JSON.parse(readFileSync(join(root, 'knownMisses.json'), 'utf8'));

const cases = readdirSync(root)
  .filter((set) => existsSync(join(root, set, 'cases')))
  .flatMap((set) => readdirSync(join(root, set, 'cases')).map((id) => `${set}/${id}`))
  .sort();

function readCase(name: string) {
  const [set, id] = name.split('/') as [string, string];
  const dir = join(root, set, 'cases', id);
  return {
    caseFile: JSON.parse(readFileSync(join(dir, 'case.json'), 'utf8')) as { schema: unknown; expected: Record<string, unknown> },
    bytes: new Uint8Array(readFileSync(join(dir, 'document.pdf'))),
  };
}

afterAll(() => closeOcr());

test('the set holds two invoices and a receipt in each language, and scanned copies of some', () => {
  for (const lang of ['fr', 'de', 'es', 'it', 'nl', 'pt', 'pl', 'cs', 'sv', 'da', 'nb', 'fi', 'ro', 'hu', 'tr']) {
    const docs = cases.filter((c) => c.startsWith(`ml-${lang}/`)).map((c) => readCase(c).caseFile as { schema: { title: string } });
    expect(docs.filter((d) => d.schema.title === 'Invoice').length).toBeGreaterThanOrEqual(2);
    expect(docs.filter((d) => d.schema.title === 'Receipt').length).toBeGreaterThanOrEqual(1);
  }
  expect(cases.filter((c) => c.startsWith('scan-')).length).toBeGreaterThanOrEqual(3);
});

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
