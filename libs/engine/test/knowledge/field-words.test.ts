import { DESCRIPTION_STOP_WORDS, OPAQUE_FIELD_WORDS, SEMANTIC_FIELD_WORDS, fieldWordsTest } from '../../src/knowledge/field-words/index.js';
import { descriptionWords, inferSemantic, isOpaque, nameWords, type SemanticInput } from '../../src/schema/semantic.js';
import { WEBSITE_FIELD } from '../../src/kinds/contact/index.js';
import { PAYMENT_TERMS_FIELD } from '../../src/kinds/payment-terms/index.js';
import { LEFT_TO_PAY_FIELD } from '../../src/kinds/amount/index.js';
import { CUSTOMER_ADDRESS_FIELD } from '../../src/kinds/address/parts.js';
import * as old from './old-semantic.js';

const dataWords = Object.values(SEMANTIC_FIELD_WORDS).flatMap((f: Record<string, unknown>) =>
  Object.values(f).flatMap((v) => (Array.isArray(v) ? v.flat(2) : [])) as string[]);
const words = [...new Set([
  ...old.oldSemanticWords(), ...dataWords, ...OPAQUE_FIELD_WORDS, ...DESCRIPTION_STOP_WORDS,
  'cityname', 'hometown', 'citytown', 'currencycode', 'timestamped', 'datetimes', 'invoice', 'vendor name', 'field 3', 'q3', 'payable', 'terms', 'link', 'x',
])];
const pairs = words.flatMap((a) => words.map((b) => `${a} ${b}`));

describe('field-name word data', () => {
  test('the placeholder and description stop words are the former lists', () => {
    expect(new Set(OPAQUE_FIELD_WORDS)).toEqual(old.OLD_OPAQUE);
    expect(new Set(DESCRIPTION_STOP_WORDS)).toEqual(old.OLD_STOP);
    expect(new Set(OPAQUE_FIELD_WORDS).size).toBe(OPAQUE_FIELD_WORDS.length);
    expect(new Set(DESCRIPTION_STOP_WORDS).size).toBe(DESCRIPTION_STOP_WORDS.length);
  });

  test('semantic field words are lower case and listed once per test', () => {
    for (const f of Object.values(SEMANTIC_FIELD_WORDS) as Record<string, unknown>[]) {
      for (const v of Object.values(f)) {
        const list = (v as unknown[]).flat(2) as string[];
        for (const w of list) expect(w).toBe(w.toLowerCase());
        if (!Array.isArray((v as unknown[])[0])) expect(new Set(list).size).toBe(list.length);
      }
    }
  });

  test('`endings`, `anywhere` and `both` read as their comment says', () => {
    expect(fieldWordsTest({ endings: ['town'] })('home hometown')).toBe(true);
    expect(fieldWordsTest({ endings: ['town'] })('towns')).toBe(false);
    expect(fieldWordsTest({ anywhere: ['currenc'] })('xcurrency')).toBe(true);
    expect(fieldWordsTest({ both: [['country', 'code']] })('code of country')).toBe(true);
    expect(fieldWordsTest({ both: [['country', 'code']] })('country')).toBe(false);
  });
});

describe('the readers of field names decide as their former in-code lists did', () => {
  const names = [...words, ...pairs];
  test(`${names.length} field names: website host, payment terms, what is left to pay, the customer's address parts`, () => {
    const differ = (now: (s: string) => boolean, was: (w: string[]) => boolean) => names.filter((n) => {
      const w = nameWords(n.replace(/ /g, '_'));
      return now(w.join(' ')) !== was(w);
    });
    expect(differ(WEBSITE_FIELD, old.oldWebsiteHost)).toEqual([]);
    expect(differ(PAYMENT_TERMS_FIELD, old.oldPaymentTerms)).toEqual([]);
    expect(differ(LEFT_TO_PAY_FIELD, old.oldLeftToPay)).toEqual([]);
    expect(differ(CUSTOMER_ADDRESS_FIELD, old.oldCustomerAddress)).toEqual([]);
  });

  test('placeholder keys and description words', () => {
    const oldOpaque = (ws: string[]) => ws.every((w) => old.OLD_OPAQUE.has(w) || /^[a-z]{0,3}\d+[a-z]?$/.test(w) || w.length === 1);
    expect(names.filter((n) => isOpaque(nameWords(n)) !== oldOpaque(nameWords(n)))).toEqual([]);
    const oldDesc = (d: string) => {
      const first = d.split(/\(?\b(?:e\.\s?g|i\.\s?e|for example|such as)\b|[.;:](?:\s|$)/i)[0] ?? '';
      const seen = new Set<string>();
      return nameWords(first).filter((w) => w.length > 1 && !old.OLD_STOP.has(w) && (w === 'of' || !seen.has(w)) && seen.add(w)).slice(0, 7);
    };
    const descs = pairs.map((p) => `The ${p} of the merchant as printed`);
    expect(descs.filter((d) => descriptionWords(d).join(' ') !== oldDesc(d).join(' '))).toEqual([]);
  });

  const inputs: SemanticInput[] = [];
  const types = [['string'], ['number'], ['integer'], ['string', 'null']];
  pairs.forEach((p, i) => {
    inputs.push({ name: p.replace(/ /g, '_'), types: types[i % 4] });
    inputs.push({ name: `field_${i % 7}`, title: p.replace(/ /g, i % 2 ? ' ' : '-'), types: types[(i + 1) % 4] });
    inputs.push({ name: p.split(' ')[0]!, title: p.split(' ').slice(1).join(' '), description: `${p} value`, types: types[(i + 2) % 4] });
  });
  for (const w of words) {
    inputs.push({ name: w.replace(/ /g, '_'), types: ['string'], enum: ['EUR', 'USD'] }, { name: 'x', description: `${w} code`, enum: ['eur', null] });
    for (const d of words) inputs.push({ name: 'name', description: `The ${d} ${w}`, types: types[d.length % 4] }, { name: 'value', types: ['number'], description: `${w} in ${d}` });
  }

  test(`${inputs.length} fields (names, titles, descriptions, types, enums): the same semantic`, () => {
    expect(inputs.filter((f) => inferSemantic(f) !== old.oldInferSemantic(f)).map((f) => JSON.stringify(f)).slice(0, 20)).toEqual([]);
  });
});
