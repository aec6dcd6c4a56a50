import { DOCUMENT_WORDS, cuePhrases, documentWords, wordsPattern } from '../../src/knowledge/document-words/index.js';
import { ADDRESS_WORDS, STANDALONE_STREET_WORDS } from '../../src/knowledge/addresses/index.js';
import { BUYER_FIELD_WORDS, COLUMN_FIELD_WORDS, CUE_ROLES, FIELD_STOP_WORDS, GROSS_FIELD_WORDS, PERIOD_FIELD_PREFIXES, fieldWordsTest } from '../../src/knowledge/field-words/index.js';
import { MAIL_PROVIDER_LABELS, MAIL_PROVIDERS, TOP_LEVEL_DOMAINS } from '../../src/knowledge/web-domains/index.js';
import { LANGUAGES } from '../../src/knowledge/languages/index.js';
import { ADDRESS_LIKE, DOC_TYPE, ISSUER_DETAILS, NOT_NAME, WEB_ADDRESS } from '../../src/kinds/organization/issuer.js';
import { SUM_TOTAL_ANYWHERE } from '../../src/kinds/table/tables.js';
import { OTHER_DATE_ROLE_RE, RANGE_AROUND } from '../../src/kinds/date/index.js';
import { GENERIC, cueWords } from '../../src/extract/ranking.js';
import { NOT_LETTERHEAD } from '../../src/kinds/organization/index.js';
import { PAYMENT_LINE } from '../../src/kinds/payment-terms/index.js';
import * as old from './old-in-code-vocabulary.js';

const LIST_KEYS = [
  'notName', 'notNameAbbreviations', 'titles', 'titleQualifiers', 'issuerDetails', 'sumRowStart', 'sumRowAnywhere', 'taxIncluded', 'taxIncludedAfter', 'taxExcluded', 'taxExcludedAfter', 'taxNames', 'dateRoleStems',
  'rangeWords', 'labelNouns', 'notLetterhead', 'paymentWords', 'copyWords', 'slipTitles',
] as const;

/** Every word of the old patterns and of the new data, in the contexts the rules meet them in. */
const words = [...new Set([
  ...old.oldWords(),
  ...LIST_KEYS.flatMap((k) => documentWords(k)),
  ...STANDALONE_STREET_WORDS, ...MAIL_PROVIDER_LABELS, ...TOP_LEVEL_DOMAINS,
  ...COLUMN_FIELD_WORDS.flatMap((c) => [...(c.fits.words ?? []), ...(c.fits.pairs ?? []).flat(2)]),
  ...CUE_ROLES.flatMap((r) => [...(r.fits.words ?? []), ...(r.fits.prefixes ?? []), ...(r.fits.unless ?? [])]),
  'p.o. box', 'po box', 'p.o box', 'po. box', 'no.', 'nr.', 'www.', 'reg. no', 'reg.no', 'excl. vat', 'incl btw', 'inclusief btw', 'excl.mwst', 'exclusief iva',
])];
const spellings = (w: string) => [w, w.toUpperCase(), w[0]!.toUpperCase() + w.slice(1), w.replace(/ /g, ''), w.replace(/ /g, '  '), w.replace(/ /g, '\t'),
  w.replace(/ /g, '.'), w.replace(/ /g, '-'), w.replace(/-/g, ''), w.replace(/-/g, ' '), w.replace(/-/g, '- '), w.replace(/\./g, ''), w.replace(/\./g, '. ')];
const contexts = (s: string) => [s, `${s}.`, `${s}:`, `${s}: `, `${s}.5`, `${s}.x`, `${s}s`, `x${s}`, `${s}x`, `a ${s} b`, `${s}-x`, `12 ${s}`, `${s} 12`, `12345 ${s}`,
  `${s} no. 5`, ` ${s}`, `${s}_x`, `é${s}`, `${s}é`, `ACME Ltd ${s}`, `${s} - ACME`, `${s}: ACME`, `ACME – ${s}`, `ACME - tax ${s}`, `Tax ${s} – ACME`, `01.06.2023 ${s} |`,
  `| ${s} 30.06.2023`, `01.06.2023 | ${s} 30`, `${s}@x`, `info@${s}.de`, `www.${s}.com/x`, `${s}.co.uk`];
/**
 * Languages added after the lists became data: their words are new readings, not former ones. Probes are made of
 * every other word (a word they share with an earlier language or the former lists must read as before); their
 * own words are checked to read as the data says, below.
 */
const ADDED_LANGUAGES = ['da', 'nb', 'fi', 'ro', 'hu', 'tr', 'sv', 'pl', 'cs'];
const earlierWords = new Set([
  ...old.oldWords(),
  ...DOCUMENT_WORDS.filter((d) => !ADDED_LANGUAGES.includes(d.language)).flatMap((d) => LIST_KEYS.flatMap((k) => d[k])),
  ...ADDRESS_WORDS.filter((a) => !ADDED_LANGUAGES.includes(a.language)).flatMap((a) => a.standalone),
]);
/**
 * Words added to earlier languages since: till-slip titles and the names of copies (read as no name, and as the end of a
 * compound title), and words of lines that are no name; new readings too, checked below.
 */
const ADDED_WORDS = [...new Set([...documentWords('slipTitles'), ...documentWords('copyWords'), 'totale', 'importo', 'grazie', 'factura', 'fecha', 'importe', 'gracias', 'fatura', 'obrigado'])]
  .filter((w) => !old.oldWords().includes(w));
for (const w of ADDED_WORDS) earlierWords.delete(w);
const addedOnly = (w: string) => ADDED_WORDS.includes(w) || !earlierWords.has(w) && (DOCUMENT_WORDS.some((d) => ADDED_LANGUAGES.includes(d.language) && LIST_KEYS.some((k) => d[k].includes(w)))
  || ADDRESS_WORDS.some((a) => ADDED_LANGUAGES.includes(a.language) && a.standalone.includes(w)));
const probes = [...new Set(words.filter((w) => !addedOnly(w)).flatMap((w) => spellings(w).flatMap(contexts)))];

describe('document words data', () => {
  test('languages are ones the engine reads, or * for words printed alike everywhere; each once', () => {
    const codes = DOCUMENT_WORDS.map((d) => d.language);
    expect(new Set(codes).size).toBe(codes.length);
    const known = new Set<string>([...LANGUAGES.map((l) => l.code), '*']);
    for (const c of codes) expect(known.has(c)).toBe(true);
  });

  test.each(DOCUMENT_WORDS.map((d) => [d.language, d] as const))('%s: words are lower case, trimmed, and each list holds a word once', (_, d) => {
    for (const k of LIST_KEYS) {
      const list = d[k];
      expect(new Set(list).size).toBe(list.length);
      for (const w of list) expect(w).toBe(w.toLowerCase().trim());
    }
    for (const list of Object.values(d.cues)) expect(new Set(list).size).toBe(list!.length);
  });

  test('no date-role stem begins another (the label\'s stem found is the same whatever their order)', () => {
    const stems = documentWords('dateRoleStems');
    for (const a of stems) for (const b of stems) if (a !== b) expect(b.startsWith(a)).toBe(false);
  });

  test('wordsPattern escapes each word and spells spaces and hyphens as asked', () => {
    expect(wordsPattern(['st.', 'reg no'])).toBe('st\\.|reg no');
    expect(wordsPattern(['reg no'], { space: '\\s*' })).toBe('reg\\s*no');
    expect(wordsPattern(['sub-total'], { hyphen: '-?\\s?' })).toBe('sub-?\\s?total');
  });

  test('mail providers and top-level domains are lower case and listed once', () => {
    const labels = MAIL_PROVIDERS.flatMap((p) => p.labels);
    expect(new Set(labels).size).toBe(labels.length);
    for (const l of [...labels, ...TOP_LEVEL_DOMAINS]) expect(l).toBe(l.toLowerCase());
  });

  test('standalone street words are lower case and each language lists a word once', () => {
    for (const a of ADDRESS_WORDS) {
      expect(new Set(a.standalone).size).toBe(a.standalone.length);
      for (const w of a.standalone) expect(w).toBe(w.toLowerCase());
    }
  });
});

describe('the readers match what their former in-code lists matched', () => {
  test(`${probes.length} probes: issuer lines (address, not a name, registration details), letterhead lines, payment lines`, () => {
    const differ = (a: RegExp, b: RegExp) => probes.filter((p) => a.test(p) !== b.test(p));
    expect(differ(ADDRESS_LIKE, old.OLD_ADDRESS_LIKE)).toEqual([]);
    expect(differ(NOT_NAME, old.OLD_NOT_NAME)).toEqual([]);
    expect(differ(ISSUER_DETAILS, old.OLD_ISSUER_DETAILS)).toEqual([]);
    expect(differ(NOT_LETTERHEAD, old.OLD_NOT_LETTERHEAD)).toEqual([]);
    expect(differ(PAYMENT_LINE, old.OLD_PAYMENT_LINE)).toEqual([]);
  });

  test('titles around a letterhead name and web addresses inside it are cut alike', () => {
    expect(probes.filter((p) => p.replace(DOC_TYPE, '') !== p.replace(old.OLD_DOC_TYPE, ''))).toEqual([]);
    expect(probes.filter((p) => p.replace(WEB_ADDRESS, ' ') !== p.replace(old.OLD_WEB_ADDRESS, ' '))).toEqual([]);
  });

  test('till-slip titles and the names of copies added since are no names', () => {
    for (const t of ['Kassenbon', 'Ticket', 'Reçu', 'Scontrino', 'Recibo', 'Talão', 'Copie client', 'Copia cliente']) expect([t, NOT_NAME.test(t)]).toEqual([t, true]);
  });

  test('words of the languages added since are read as their data says', () => {
    for (const t of ['Faktura', 'KVITTERING', 'Lasku', 'Chitanta', 'Számla', 'Fatura']) expect([t, DOC_TYPE.test(`ACME - ${t}`)]).toEqual([t, true]);
    for (const t of ['CVR-nr. 12345678', 'Org.nr. 923 456 789', 'Y-tunnus 1234567-8', 'CUI RO123456', 'Adószám: 12345678-2-42', 'Vergi Dairesi: Kadıköy']) expect([t, ISSUER_DETAILS.test(t)]).toEqual([t, true]);
    for (const t of ['Postboks 12', 'Strada Lipscani 5', 'Váci utca 12', 'Atatürk Caddesi']) expect([t, ADDRESS_LIKE.test(t)]).toEqual([t, true]);
    for (const t of ['I alt 1.250,00', 'TOTALT 980,00', 'Ekskl. moms 1.000,00', 'Fără TVA 100,00', 'Toplam 1.180,00']) expect([t, SUM_TOTAL_ANYWHERE.test(t)]).toEqual([t, true]);
    for (const t of ['Forfaldsdato', 'Forfallsdato', 'Eräpäivä', 'Data scadenței', 'Fizetési határidő', 'Teljesítés dátuma', 'Vade tarihi', 'Sevk tarihi']) expect([t, OTHER_DATE_ROLE_RE.test(t)]).toEqual([t, true]);
    for (const t of ['Fakturadato', 'Laskun päivämäärä', 'Data emiterii', 'Számla kelte', 'Fatura tarihi']) expect([t, OTHER_DATE_ROLE_RE.test(t)]).toEqual([t, false]);
    expect(RANGE_AROUND.test('01.03.2026 til |')).toBe(true);
    expect(RANGE_AROUND.test('| până la 31.03.2026')).toBe(true);
  });

  test('mail provider domains', () => {
    expect(words.filter((w) => MAIL_PROVIDER_LABELS.has(w) !== old.OLD_GENERIC_DOMAINS.test(w))).toEqual([]);
  });

  test('sums rows, other date roles and date ranges', () => {
    expect(probes.filter((p) => SUM_TOTAL_ANYWHERE.test(p) !== old.OLD_SUM_TOTAL_ANYWHERE.test(p))).toEqual([]);
    // as the table reader uses it: inside a pattern with the 'iu' flags
    const iu = new RegExp(SUM_TOTAL_ANYWHERE.source, 'iu');
    const oldIu = new RegExp(old.OLD_SUM_TOTAL_ANYWHERE.source, 'iu');
    expect(probes.filter((p) => iu.test(p) !== oldIu.test(p))).toEqual([]);
    const role = (re: RegExp, p: string) => { const m = re.exec(p); return m ? `${m.index}:${m[1]}` : ''; };
    expect(probes.filter((p) => role(OTHER_DATE_ROLE_RE, p) !== role(old.OLD_OTHER_DATE_ROLE_RE, p))).toEqual([]);
    expect(probes.filter((p) => RANGE_AROUND.test(p) !== old.OLD_RANGE_AROUND.test(p))).toEqual([]);
  });

  // field names are matched as lower-case words joined by spaces
  const fieldWords = [...new Set(words.map((w) => w.toLowerCase()).filter((w) => /^[a-z0-9 ]+$/.test(w)))];
  const fieldNames = [...fieldWords, ...fieldWords.flatMap((a) => fieldWords.map((b) => `${a} ${b}`)), ...fieldWords.map((w) => `line ${w} x`)];

  test(`${fieldNames.length} field names: columns, gross, buyer side, period ends`, () => {
    COLUMN_FIELD_WORDS.forEach((c, i) => {
      const [concept, re] = old.OLD_COLUMN_WHEN[i]!;
      expect(c.concept).toBe(concept);
      const fits = fieldWordsTest(c.fits);
      expect(fieldNames.filter((n) => fits(n) !== re.test(n))).toEqual([]);
    });
    expect(COLUMN_FIELD_WORDS.length).toBe(old.OLD_COLUMN_WHEN.length);
    const same = (fits: (n: string) => boolean, re: RegExp) => fieldNames.filter((n) => fits(n) !== re.test(n));
    expect(same(fieldWordsTest(GROSS_FIELD_WORDS), old.OLD_GROSS_FIELD)).toEqual([]);
    expect(same(fieldWordsTest(BUYER_FIELD_WORDS.blocks), old.OLD_BUYER_BLOCKS)).toEqual([]);
    expect(same(fieldWordsTest(BUYER_FIELD_WORDS.letterhead), old.OLD_BUYER_LETTERHEAD)).toEqual([]);
    expect(fieldWords.filter((w) => PERIOD_FIELD_PREFIXES.some((p) => w.startsWith(p)) !== old.OLD_PERIOD_FIELD.test(w))).toEqual([]);
  });

  test('cue words: the same stop words, and the same contract phrases for every field name, in order', () => {
    expect([...GENERIC]).toEqual(old.OLD_GENERIC);
    expect([...FIELD_STOP_WORDS]).toEqual(old.OLD_GENERIC);
    // every former phrase, in order, first; a due date's cues since grew to every language ("zahlbar", "betalen")
    const extras = (n: string) => CUE_ROLES.flatMap((r) => (fieldWordsTest(r.fits)(n) ? (r.role === 'due' ? cuePhrases(r.role).slice(0, 3) : cuePhrases(r.role)) : []));
    expect(fieldNames.filter((n) => extras(n).join('|') !== old.oldCueExtras(n).join('|'))).toEqual([]);
    expect(cuePhrases('due').slice(0, 3)).toEqual(['due', 'payable', 'pay by']);
    expect(cuePhrases('due')).toEqual(expect.arrayContaining(['zahlbar', 'betalen', 'régler', 'pagare', 'pagar', 'betalas']));
    expect(cueWords({ name: 'effective_date' })).toEqual(['effective', 'commenc', 'as of']);
    expect(cueWords({ name: 'renewal_term', title: 'Renewal Term' })).toEqual(['renewal', 'term', 'renew', 'successive', 'automatically', 'extend']);
  });
});
