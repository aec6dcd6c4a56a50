import { formatDate, formatMoney, formatNumber, formatQuantity } from '../../src/synth/format.js';
import { makeInvoice } from '../../src/synth/invoice.js';
import { LOCALES, SYNTH_LANGUAGES } from '../../src/synth/locales/index.js';
import { Rng } from '../../src/synth/random.js';

test('amounts print with each convention\'s separators', () => {
  expect(formatNumber(1234.5, 'comma-dot')).toBe('1,234.50');
  expect(formatNumber(1234.5, 'dot-comma')).toBe('1.234,50');
  expect(formatNumber(1234.5, 'space-comma')).toBe('1 234,50');
  expect(formatNumber(1234.5, 'apos-dot')).toBe("1'234.50");
  expect(formatNumber(1234567.891, 'plain-comma')).toBe('1234567,89');
  expect(formatNumber(0.05, 'dot-comma')).toBe('0,05');
  expect(formatQuantity(2.5, 'dot-comma')).toBe('2,5');
  expect(formatQuantity(3, 'dot-comma', 2)).toBe('3,00');
  expect(formatMoney(123456, 'dot-comma', { mark: 'symbol', before: false, space: true }, { code: 'EUR', symbol: '€' })).toBe('1.234,56 €');
  expect(formatMoney(99, 'comma-dot', { mark: 'code', before: true, space: true }, { code: 'GBP', symbol: '£' })).toBe('GBP 0.99');
});

test('each language writes dates with its own month names', () => {
  const long = (lang: keyof typeof LOCALES, iso: string) => formatDate(iso, 'long', LOCALES[lang]);
  expect(long('en', '2024-03-03')).toBe('3 March 2024');
  expect(long('fr', '2024-03-01')).toBe('1er mars 2024');
  expect(long('fr', '2024-08-15')).toBe('15 août 2024');
  expect(long('de', '2024-03-03')).toBe('3. März 2024');
  expect(long('es', '2024-03-03')).toBe('3 de marzo de 2024');
  expect(long('it', '2024-03-03')).toBe('3 marzo 2024');
  expect(long('nl', '2024-03-03')).toBe('3 maart 2024');
  expect(long('pt', '2024-03-03')).toBe('3 de março de 2024');
  expect(formatDate('2024-10-07', 'short', LOCALES.nl)).toBe('7 okt. 2024');
  expect(formatDate('2024-02-09', 'dd.mm.yyyy', LOCALES.de)).toBe('09.02.2024');
  expect(formatDate('2024-02-09', 'mm/dd/yyyy', LOCALES.en)).toBe('02/09/2024');
  expect(formatDate('2024-02-09', 'dd-mm-yyyy', LOCALES.nl)).toBe('09-02-2024');
});

test.each(SYNTH_LANGUAGES)('%s invoices vary their date and number conventions and their labels', (lang) => {
  const docs = Array.from({ length: 60 }, (_, i) => makeInvoice(LOCALES[lang], new Rng(`formats/${lang}/${i}`)));
  const dates = new Set(docs.map((d) => d.style.dates));
  expect(dates.has('long')).toBe(true);
  expect([...dates].filter((d) => d !== 'long' && d !== 'short').length).toBeGreaterThanOrEqual(2);
  expect(new Set(docs.map((d) => d.style.numbers)).size).toBeGreaterThanOrEqual(2);
  expect(new Set(docs.map((d) => d.style.country)).size).toBeGreaterThanOrEqual(2);
  // month-name dates use the language's month names
  const months = new Set(Array.from({ length: 12 }, (_, m) => formatDate(`2024-${String(m + 1).padStart(2, '0')}-15`, 'long', LOCALES[lang]).replace(/[\d.,]/g, '').replace(/\b(de)\b/g, '').trim()));
  for (const d of docs.filter((x) => x.style.dates === 'long' && x.style.country !== 'US' && x.style.country !== 'AT')) {
    expect([...months].some((m) => (d.printed.invoice_date as string).includes(m))).toBe(true);
  }
  for (const key of ['number', 'date', 'total', 'subtotal', 'tax']) expect(new Set(docs.map((d) => d.style.labels[key]).filter(Boolean)).size).toBeGreaterThanOrEqual(3);
});
