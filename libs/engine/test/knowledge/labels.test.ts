import { CONCEPT_IDS, LABEL_LANGUAGES, NUMBER_WORDS, conceptPhrases, languagePhrases, phrasesOf, phrasesPattern, taxQualifiedPhrases, type LabelConcept } from '../../src/knowledge/labels/index.js';
import { OLD_COLUMNS, OLD_FAMILIES } from './old-vocabulary.js';

const SEVEN = ['en', 'fr', 'de', 'es', 'it', 'nl', 'pt'];
const norm = (s: string) => s.normalize('NFC').toLowerCase().replace(/\s+/g, ' ').trim();

describe('label vocabulary data', () => {
  test('covers English, French, German, Spanish, Italian, Dutch and Portuguese', () => {
    expect(LABEL_LANGUAGES.map((l) => l.language)).toEqual(expect.arrayContaining(SEVEN));
  });

  test.each(LABEL_LANGUAGES.map((l) => [l.language, l] as const))('%s states every concept: phrases, or null for no such label', (_, lang) => {
    expect(Object.keys(lang.concepts).sort()).toEqual([...CONCEPT_IDS].sort());
    for (const c of CONCEPT_IDS) {
      const list = lang.concepts[c];
      if (list !== null) expect(list.length).toBeGreaterThan(0);
    }
  });

  test('the seven main languages, Polish, Czech and Swedish have a label for every business-document concept', () => {
    const business = CONCEPT_IDS.filter((c) => c !== 'addressee');
    const main = [...SEVEN, 'pl', 'cs', 'sv'];
    expect(LABEL_LANGUAGES.map((l) => l.language)).toEqual(expect.arrayContaining(main));
    for (const lang of LABEL_LANGUAGES.filter((l) => main.includes(l.language))) {
      for (const c of business) expect([lang.language, c, lang.concepts[c]?.length ?? 0]).not.toEqual([lang.language, c, 0]);
    }
  });

  test.each(LABEL_LANGUAGES.map((l) => [l.language, l] as const))('%s states its connectors, number words and "your" words', (_, lang) => {
    expect(lang.connectors).toBeInstanceOf(Array);
    expect(lang.numberWords.length).toBeGreaterThan(0);
    expect(lang.yours.length).toBeGreaterThan(0);
  });

  test.each(LABEL_LANGUAGES.map((l) => [l.language, l] as const))('%s lists no phrase twice within a concept', (_, lang) => {
    for (const c of CONCEPT_IDS) {
      const list = (lang.concepts[c] ?? []).map(norm);
      expect([c, list.filter((p, i) => list.indexOf(p) !== i)]).toEqual([c, []]);
    }
  });

  test.each(LABEL_LANGUAGES.map((l) => [l.language, l] as const))('%s phrases are lower case and trimmed, one space between words', (_, lang) => {
    for (const c of CONCEPT_IDS) for (const p of lang.concepts[c] ?? []) expect(p).toBe(norm(p));
  });
});

describe('label vocabulary loader', () => {
  test('a concept\'s phrases hold every language\'s labels, each once', () => {
    const all = conceptPhrases('due_date');
    for (const lang of LABEL_LANGUAGES) for (const p of lang.concepts.due_date ?? []) expect(all).toContain(p);
    expect(new Set(all).size).toBe(all.length);
  });

  test('phrases are ranked by their place in their own language: every language\'s first label before any last one', () => {
    const all = conceptPhrases('document_number');
    const firsts = LABEL_LANGUAGES.map((l) => all.indexOf(l.concepts.document_number![0]!));
    const lasts = LABEL_LANGUAGES.map((l) => all.indexOf(l.concepts.document_number!.at(-1)!)).filter((i) => i >= 0);
    expect(Math.max(...firsts)).toBeLessThan(Math.min(...lasts));
  });

  test('English breaks ties between equally placed phrases', () => {
    expect(conceptPhrases('iban')[0]).toBe('iban');
    expect(conceptPhrases('issue_date')[0]).toBe('invoice date');
  });

  test('several concepts\' phrases are listed in the order asked, each once', () => {
    const list = phrasesOf('total', 'amount_due');
    expect(list.indexOf('grand total')).toBeLessThan(list.indexOf('please pay'));
    expect(new Set(list).size).toBe(list.length);
  });

  test('number words of every language are one vocabulary', () => {
    for (const w of ['no', 'nr', 'n°', 'nº', 'número', 'numéro', 'nummer']) expect(NUMBER_WORDS.has(w)).toBe(true);
  });

  test('a phrase pattern matches the label whatever separates its words, not inside a longer word', () => {
    const re = new RegExp(phrasesPattern(['bill to', 'facturé à']), 'iu');
    expect(re.test('BILL-TO:')).toBe(true);
    expect(re.test('Facturé à : ACME')).toBe(true);
    expect(re.test('billtoday')).toBe(false);
  });
});

describe('the old hand-written lists are part of the data (behaviour kept)', () => {
  test.each(Object.entries(OLD_FAMILIES))('every %s sum label', (family, phrases) => {
    const concepts: Record<string, LabelConcept[]> = { subtotal: ['subtotal'], tax: ['tax_amount'], total: ['total', 'amount_due'] };
    const now = phrasesOf(...concepts[family]!);
    expect(phrases.filter((p) => !now.includes(p))).toEqual([]);
  });

  test('every payee label', () => {
    const old = ['account holder', 'account name', 'titulaire du compte', 'titulaire', 'kontoinhaber', 't.n.v.', 'ten name van', 'payable to', 'beneficiary', 'begünstigter', 'bénéficiaire'];
    expect(old.filter((p) => !conceptPhrases('account_holder').includes(p))).toEqual([]);
  });

  test.each(OLD_COLUMNS)('every %s column header', (column, phrases) => {
    const concept: Record<string, LabelConcept> = { tax_rate: 'item_tax_rate', discount: 'item_discount', unit_price: 'item_unit_price', amount: 'item_amount', price: 'item_unit_price', quantity: 'item_quantity', unit: 'item_unit', code: 'item_code', description: 'item_description' };
    const now = conceptPhrases(concept[column]!);
    expect(phrases.filter((p) => !now.includes(p))).toEqual([]);
  });
});

describe('labels composed from tax words', () => {
  const lang = (code: string) => LABEL_LANGUAGES.find((l) => l.language === code)!;

  test.each(SEVEN)('%s: a tax\'s name said to be left out labels the subtotal, after the language\'s own subtotal labels', (code) => {
    const l = lang(code);
    const own = l.concepts.subtotal ?? [];
    const all = languagePhrases(l, 'subtotal');
    expect(all.slice(0, own.length)).toEqual([...own]);
    expect(all.length).toBeGreaterThan(own.length);
  });

  test('the words go before or after the tax\'s name, as the language prints them', () => {
    expect(languagePhrases(lang('en'), 'subtotal')).toEqual(expect.arrayContaining(['without vat', 'excl tax']));
    expect(languagePhrases(lang('pt'), 'subtotal')).toEqual(expect.arrayContaining(['s/ iva', 'sem imposto']));
    expect(languagePhrases(lang('it'), 'subtotal')).toEqual(expect.arrayContaining(['iva esclusa', 'senza iva']));
    expect(languagePhrases(lang('fr'), 'subtotal')).toContain('hors taxes');
  });

  test('phrases saying tax is included label no subtotal, and only the subtotal gains composed phrases', () => {
    expect(taxQualifiedPhrases('included')).toEqual(expect.arrayContaining(['incl vat', 'c/ iva', 'iva inclusa', 'inkl mwst']));
    for (const p of taxQualifiedPhrases('included')) expect(conceptPhrases('subtotal')).not.toContain(p);
    for (const l of LABEL_LANGUAGES) for (const c of CONCEPT_IDS.filter((c) => c !== 'subtotal')) expect(languagePhrases(l, c)).toEqual(l.concepts[c] ?? []);
  });

  test('the merged subtotal list holds the composed phrases', () => {
    expect(conceptPhrases('subtotal')).toEqual(expect.arrayContaining([...taxQualifiedPhrases('excluded')]));
  });
});

test('a label\'s apostrophe matches the typographic and modifier-letter ones it is often printed with', () => {
  const re = new RegExp(phrasesPattern(["à l'attention de"]), 'iu');
  expect(re.test('À l’attention de Nicolas Girard')).toBe(true);
  expect(re.test("A l'attention de")).toBe(false);
  expect(re.test('à lʼattention de')).toBe(true);
});
