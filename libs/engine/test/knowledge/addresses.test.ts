import { ADDRESS_BLOCK_STOP, ADDRESS_WORDS, ISSUER_BLOCK_MARKS, STREET_TYPE_WORDS, TOWN_LINE_LABELS } from '../../src/knowledge/addresses/index.js';
import { NOT_CITY_WORD, STREET_WORD, VENDOR_HINT } from '../../src/kinds/address/parts.js';
import { ADDRESS_STOP } from '../../src/kinds/address/index.js';

/** The address readers' lists before they became data (kinds/address/parts.ts, index.ts rankAddress), verbatim. */
const OLD_STREET_WORD = /\b(st|street|ave|avenue|rd|road|blvd|boulevard|lane|ln|dr|drive|way|court|ct|place|pl|straat|weg|laan|plein|gracht|strasse|straße|str|rue|via|calle)\.?$/i;
const OLD_VENDOR_HINT = /\b(kvk|btw|vat|iban|bic|swift|tax id|ust|siret|siren|chamber of commerce|e-?mail|website|www\.)/i;
const OLD_STOP = /(tel|phone|fax|gst|reg|invoice|receipt|date|e-?mail|www|@|tax)/i;
const OLD_NOT_CITY_WORD = /^(tel|tél|phone|fax|telefon|e-?mail|website|web|kvk|btw|vat|iban)\.?:?$/i;

const words = [...new Set([
  ...[OLD_STREET_WORD, OLD_VENDOR_HINT, OLD_STOP, OLD_NOT_CITY_WORD].flatMap((re) => re.source.replace(/\\[sbdw]/g, ' ').split(/[^\p{L}\d@ .-]+|\\\.|\.\?|-\?/u)),
  ...ADDRESS_WORDS.flatMap((a) => [...a.words, ...a.suffixes, ...a.standalone]),
  ...ISSUER_BLOCK_MARKS.flatMap((m) => m.words), ...ADDRESS_BLOCK_STOP.flatMap((s) => s.words), ...TOWN_LINE_LABELS.flatMap((l) => l.words),
  'e-mail', 'email', 'e mail', 'www', 'www.', 'tax id', 'taxid', 'tax  id', 'ste', 'st.', 'str.', 'telefon', 'registration', 'vatican', 'bicycle',
])].filter((w) => w.trim());
const spellings = (w: string) => [w, w.toUpperCase(), w[0]!.toUpperCase() + w.slice(1), `${w}.`, `${w}:`, `${w}.:`, `${w}:.`, w.replace(/\./g, ''), w.replace(/-/g, '')];
const contexts = (s: string) => [s, `x${s}`, `${s}x`, `4557 De Silva ${s}`, `De ${s}`, `${s} 12`, `12 ${s}`, `a ${s} b`, `${s}:`, `${s}: 12`, `é${s}`, `${s}é`,
  `_${s}`, `${s}_`, `1234 AB ${s}`, `Tel. ${s}`, `${s}@acme.nl`, `NO 12, ${s}`];
const probes = [...new Set(words.flatMap((w) => spellings(w).flatMap(contexts)))];

describe('address data', () => {
  test('street types are street words of their own language, lower case, each once', () => {
    for (const a of ADDRESS_WORDS) {
      const types = a.streetTypes ?? [];
      expect(new Set(types).size).toBe(types.length);
      for (const t of types) expect(a.words).toContain(t);
    }
    expect(new Set(STREET_TYPE_WORDS).size).toBe(STREET_TYPE_WORDS.length);
  });

  test('issuer marks, town-line labels and block stops are lower case, each once per language', () => {
    for (const l of [ISSUER_BLOCK_MARKS, ADDRESS_BLOCK_STOP, TOWN_LINE_LABELS]) {
      expect(new Set(l.map((x) => x.language)).size).toBe(l.length);
      for (const { words: ws } of l) {
        expect(new Set(ws).size).toBe(ws.length);
        for (const w of ws) expect(w).toBe(w.toLowerCase());
      }
    }
  });
});

describe('the address readers match what their former in-code lists matched', () => {
  test(`${probes.length} probes: a town ending in a street type, a label after the town, an issuer's details near a block, the end of a letterhead's block`, () => {
    const differ = (a: RegExp, b: RegExp) => probes.filter((p) => a.test(p) !== b.test(p));
    expect(differ(STREET_WORD, OLD_STREET_WORD)).toEqual([]);
    expect(differ(VENDOR_HINT, OLD_VENDOR_HINT)).toEqual([]);
    expect(differ(ADDRESS_STOP, OLD_STOP)).toEqual([]);
    expect(differ(NOT_CITY_WORD, OLD_NOT_CITY_WORD)).toEqual([]);
  });
});
