import { openDocument } from '@exs/engine';
import { synthCases } from '../../src/synth/cases.js';
import { LOCALES, SYNTH_LANGUAGES } from '../../src/synth/locales/index.js';

// Some invoices print each party as key-value rows under its heading ("Name:" | "ACME Ltd", "Address:" | "1 High St").

const invoices = [...synthCases({ seed: 'party-blocks', languages: SYNTH_LANGUAGES, perLanguage: 6, receipts: 0 })];
const keyed = invoices.filter((c) => /\/keyed\//.test(c.json.notes as string));

test('a share of the invoices, in several languages, print keyed party blocks', () => {
  expect(keyed.length).toBeGreaterThanOrEqual(5);
  expect(keyed.length).toBeLessThan(invoices.length);
  expect(new Set(keyed.map((c) => c.set)).size).toBeGreaterThanOrEqual(3);
});

test.each(keyed.map((c) => [c.id, c] as const))('%s: each party name is printed right of a name key of its language, on its row', async (_id, c) => {
  const doc = await openDocument(new Uint8Array(c.pdf), { ocr: 'never' });
  const page = doc.pages[0]!;
  const language = c.id.slice(0, 2) as keyof typeof LOCALES;
  const keys = LOCALES[language].invoice.nameKey.map((k) => k.toLowerCase());
  for (const name of [c.json.expected.seller_name, c.json.expected.buyer_name] as string[]) {
    const first = page.words.find((w, i) => page.text.slice(w.start).startsWith(name) && (i === 0 || page.words[i - 1]!.end < w.start));
    expect(first).toBeDefined();
    const left = page.words.filter((w) => Math.abs(w.bbox[1] - first!.bbox[1]) < 0.004 && w.bbox[2] <= first!.bbox[0]);
    const key = left.map((w) => w.text).join(' ').toLowerCase().replace(/\s*:$/, '');
    expect(keys.some((k) => key.endsWith(k))).toBe(true);
  }
});
