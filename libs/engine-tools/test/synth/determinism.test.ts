import { makeCase, synthCases } from '../../src/synth/cases.js';
import { SYNTH_LANGUAGES } from '../../src/synth/locales/index.js';

test('the same seed makes the same PDF bytes and the same labels', () => {
  for (const kind of ['invoice', 'receipt'] as const) {
    const a = makeCase('seed-a', 'fr', 3, kind);
    const b = makeCase('seed-a', 'fr', 3, kind);
    expect(Buffer.compare(a.pdf, b.pdf)).toBe(0);
    expect(JSON.stringify(a.json)).toBe(JSON.stringify(b.json));
  }
});

test('another seed makes another document', () => {
  const a = makeCase('seed-a', 'de', 0, 'invoice');
  const b = makeCase('seed-b', 'de', 0, 'invoice');
  expect(Buffer.compare(a.pdf, b.pdf)).not.toBe(0);
  expect(a.json.expected).not.toEqual(b.json.expected);
});

test('a document does not depend on how many others the set holds', () => {
  const small = [...synthCases({ seed: 's', languages: ['it'], perLanguage: 2, receipts: 0 })];
  const large = [...synthCases({ seed: 's', languages: ['it'], perLanguage: 5, receipts: 1 })];
  expect(large[1]!.id).toBe(small[1]!.id);
  expect(Buffer.compare(large[1]!.pdf, small[1]!.pdf)).toBe(0);
});

test('a set has one folder per language, the last documents of each being receipts', () => {
  const cases = [...synthCases({ seed: 's', languages: SYNTH_LANGUAGES, perLanguage: 3, receipts: 1 })];
  expect(cases).toHaveLength(21);
  expect(new Set(cases.map((c) => c.set))).toEqual(new Set(SYNTH_LANGUAGES.map((l) => `synth-${l}`)));
  expect(cases.filter((c) => c.json.document_type === 'receipt').map((c) => c.id)).toEqual(SYNTH_LANGUAGES.map((l) => `${l}-03-receipt`));
});
