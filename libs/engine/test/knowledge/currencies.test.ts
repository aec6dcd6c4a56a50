import { compileSchema, extractFromDocument } from '../../src/index.js';
import { CURRENCIES, CURRENCY_CODES, CURRENCY_MENTION_SOURCE, currencyOf } from '../../src/knowledge/currencies/index.js';
import { doc } from '../helpers/doc.js';

test('every currency has one ISO 4217 code of three capitals', () => {
  for (const c of CURRENCIES) expect(c.code).toMatch(/^[A-Z]{3}$/);
  expect(new Set(CURRENCY_CODES).size).toBe(CURRENCY_CODES.length);
});

test.each([
  ['R$ 1.234,00', 'BRL'], ['MXN', 'MXN'], ['100 zł', 'PLN'], ['1 290 Kč', 'CZK'], ['Rs. 500', 'INR'], ['RM 12.50', 'MYR'],
  ['NOK', 'NOK'], ['US$ 20', 'USD'], ['$ 20', 'USD'], ['€', 'EUR'], ['EUROS', 'EUR'], ['₺ 50', 'TRY'], ['HK$ 88', 'HKD'],
])('"%s" is %s', (text, code) => {
  expect(currencyOf(text)).toBe(code);
});

test('a letter symbol away from a number, or in another word, is no currency ("12 ft", "Rsvp", "kr")', () => {
  const re = new RegExp(CURRENCY_MENTION_SOURCE, 'gu');
  expect([...'Width 12 ft, Rsvp by Friday, FTP access, kr 12'.matchAll(re)].map((m) => m[0])).toEqual([]);
});

test('a code printed on the invoice beats the dollar sign of its amounts', () => {
  const schema = compileSchema({ type: 'object', properties: { currency: { type: 'string' } } });
  const d = doc(['Factura F2024-0919', 'Divisa: MXN', 'Subtotal $ 1,000.00', 'IVA $ 160.00', 'Total $ 1,160.00']);
  expect(extractFromDocument(d, schema).data.currency).toBe('MXN');
});

test('"R$" amounts are Brazilian reais', () => {
  const schema = compileSchema({ type: 'object', properties: { currency: { type: 'string' } } });
  expect(extractFromDocument(doc(['Fatura 123', 'Total R$ 1.234,00']), schema).data.currency).toBe('BRL');
});
