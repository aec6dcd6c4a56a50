/**
 * Hand-laid invoices and till slips (fixtures/layout-probes: invented data, seven languages), each family probing one
 * way real ones are laid out: parties as key-value rows under headings, tax per rate, labels the vocabulary words
 * differently, sentences, totals formats, tables running over two pages, date and amount formats, delivery blocks,
 * till slips (copy titles, centred headers, cash handed over and its change), item tables (every row and column).
 * Each document is printed to a PDF text layer and read through the whole engine; every field must come out right
 * but those its knownMisses.json lists, and a listed miss that starts passing is to be removed (the list only shrinks).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileSchema, extractFromDocument, openDocument } from '../../src/index.js';
import { textPdf } from '../fixtures/pdf-builder.js';

const DIR = join(import.meta.dirname, '../fixtures/layout-probes');
interface Probe { name: string; lines: [number, number, string, boolean, number?][]; expected: Record<string, unknown>; mediaBox?: [number, number] }
const { schema, sets } = JSON.parse(readFileSync(join(DIR, 'probes.json'), 'utf8')) as { schema: object; sets: Record<string, Probe[]> };
const misses = JSON.parse(readFileSync(join(DIR, 'knownMisses.json'), 'utf8')) as Record<string, string[]>;
const compiled = compileSchema(schema);
/** A4 in points unless a probe gives its page's size (a till slip's narrow page); lines are placed from the page's top. */
const A4: [number, number] = [595, 842];

const same = (got: unknown, want: unknown) => typeof want === 'number'
  ? typeof got === 'number' && Math.abs(got - want) < 0.005
  : String(got).toLowerCase().replace(/[^\p{L}\p{N}]/gu, '') === String(want).toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

async function read(probe: Probe): Promise<Record<string, boolean>> {
  const pages: [number, number, number, string][][] = [];
  const [w, h] = probe.mediaBox ?? A4;
  for (const [x, y, text, bold, page = 0] of probe.lines) (pages[page] ??= []).push([x, h - y, bold ? 12 : 9.5, text]);
  const doc = await openDocument(textPdf(pages, { mediaBox: [w, h] }), { ocr: 'never' });
  const { data } = extractFromDocument(doc, compiled);
  const right: Record<string, boolean> = {};
  for (const [field, want] of Object.entries(probe.expected)) {
    if (field === 'line_items') {
      // every row, every column the probe gives
      const got = (data.line_items ?? []) as Record<string, unknown>[];
      const rows = want as Record<string, unknown>[];
      right[field] = got.length === rows.length && rows.every((row, i) => Object.entries(row).every(([k, v]) => same(got[i]![k], v)));
    } else if (field === 'line_item_amounts') {
      const got = ((data.line_items ?? []) as { amount?: number }[]).map((r) => r.amount);
      right[field] = got.length === (want as number[]).length && got.every((a, i) => same(a, (want as number[])[i]));
    } else right[field] = same(data[field], want);
  }
  return right;
}

describe.each(Object.entries(sets))('%s', (set, probes) => {
  test.each(probes.map((p) => [p.name, p] as const))('%s', async (name, probe) => {
    const right = await read(probe);
    const listed = misses[`${set}/${name}`] ?? [];
    expect(Object.keys(right).filter((f) => !right[f] && !listed.includes(f))).toEqual([]);
    // (a listed miss now read right is stale: remove it)
    expect(listed.filter((f) => right[f])).toEqual([]);
  });
});

test('knownMisses names only probes and fields that exist', () => {
  for (const [key, fields] of Object.entries(misses)) {
    const set = key.slice(0, key.indexOf('/'));
    const name = key.slice(key.indexOf('/') + 1);
    const probe = sets[set]?.find((p) => p.name === name);
    expect(probe).toBeDefined();
    for (const f of fields) expect(Object.keys(probe!.expected)).toContain(f);
  }
});
