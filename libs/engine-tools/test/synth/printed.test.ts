import { closeOcr, openDocument } from '@exs/engine';
import { synthCases, type SynthCase } from '../../src/synth/cases.js';
import { parseIso } from '../../src/synth/format.js';
import { LOCALES, SYNTH_LANGUAGES } from '../../src/synth/locales/index.js';

afterAll(() => closeOcr());

const cases = [...synthCases({ seed: 'printed-check', languages: SYNTH_LANGUAGES, perLanguage: 5, receipts: 2 })];
const flat = (s: string) => s.replace(/\s+/g, ' ').trim();

/** Every printed form of the expected values, as [field, printed]. */
function printedForms(c: SynthCase): [string, string][] {
  const out: [string, string][] = [];
  for (const [field, v] of Object.entries(c.json.expected_raw)) {
    if (v === null) continue;
    if (field === 'line_items') (v as Record<string, string>[]).forEach((row, i) => Object.entries(row).forEach(([k, cell]) => out.push([`line_items[${i}].${k}`, cell])));
    else if (!Array.isArray(v)) out.push([field, v as string]);
  }
  return out;
}

/** A printed amount read back with its document's separators, without the engine's parser. */
function readAmount(printed: string, numbers: string): number {
  const decimal = numbers.endsWith('comma') ? ',' : '.';
  const kept = printed.replace(decimal === ',' ? /[^\d,]/g : /[^\d.]/g, '').replace(',', '.');
  return Number(kept);
}

test.each(cases.map((c) => [c.id, c] as const))('%s: every expected value is printed in the PDF text layer', async (_id, c) => {
  const doc = await openDocument(new Uint8Array(c.pdf), { ocr: 'never' });
  expect(doc.pages).toHaveLength(1);
  expect(doc.pages[0]!.source).toBe('text-layer');
  const text = flat(doc.pages.map((p) => p.text).join('\n'));
  const missing = printedForms(c).filter(([, printed]) => !text.includes(flat(printed)));
  expect(missing).toEqual([]);
  const currency = c.json.expected_raw.currency as string[] | undefined;
  if (currency) expect(currency.some((form) => text.includes(form))).toBe(true);
});

/** A printed date read back: numeric ones by their field order, month-name ones by the language's month names. */
function readDate(printed: string, style: string, language: keyof typeof LOCALES): string | undefined {
  const nums = printed.match(/\d+/g)?.map(Number) ?? [];
  let y: number, m: number, d: number;
  if (style === 'yyyy-mm-dd') [y, m, d] = nums as [number, number, number];
  else if (style === 'mm/dd/yyyy') [m, d, y] = nums as [number, number, number];
  else if (style === 'long' || style === 'short') {
    const names = Array.from({ length: 12 }, (_, i) => LOCALES[language].longDate(2000, i + 1, 15, style === 'short').replace(/[\d.,]|\bde\b/g, ' ').trim());
    const month = names.findIndex((n) => printed.includes(n));
    if (month < 0) return undefined;
    [d, y] = nums as [number, number];
    m = month + 1;
  } else [d, m, y] = nums as [number, number, number];
  if (y < 100) y += 2000;
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

test.each(cases.map((c) => [c.id, c] as const))('%s: printed values read back as the expected values', (_id, c) => {
  const { expected, expected_raw: raw, synth } = c.json;
  for (const field of ['subtotal', 'tax_amount', 'total', 'tax']) {
    // (a tax printed only per rate has no one printed form)
    if (field in expected && raw[field] !== null) expect(readAmount(raw[field] as string, synth.numbers)).toBeCloseTo(expected[field] as number, 2);
  }
  for (const field of ['invoice_date', 'due_date', 'date']) {
    if (!(field in expected) || expected[field] === null) continue;
    // the US and Austrian month-name dates (month first, Jänner) are checked by their numbers only
    const monthNames = (synth.dates === 'long' || synth.dates === 'short') && (synth.country === 'US' || synth.country === 'AT');
    if (monthNames) expect((raw[field] as string).match(/\d+/g)!.map(Number)).toEqual(expect.arrayContaining([parseIso(expected[field] as string).year]));
    else expect(readDate(raw[field] as string, synth.dates, synth.language)).toBe(expected[field]);
  }
  for (const [i, row] of ((raw.line_items ?? []) as Record<string, string>[]).entries()) {
    const truth = (expected.line_items as Record<string, unknown>[])[i]!;
    expect(row.description).toBe(truth.description);
    for (const k of ['quantity', 'unit_price', 'amount']) if (k in row) expect(readAmount(row[k]!, synth.numbers)).toBeCloseTo(truth[k] as number, 2);
  }
});
