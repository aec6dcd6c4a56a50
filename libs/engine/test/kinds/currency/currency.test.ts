import { compileSchema, extractFromDocument } from '../../../src/index.js';
import { doc } from '../../helpers/doc.js';
import { claimers, field, groupOf, kindName, num, str } from '../kind-helpers.js';

describe('currency kind', () => {
  test('claims currency codes, also an enum of ISO codes, and symbols (its symbol kind)', () => {
    expect(kindName('currency', str)).toBe('currency');
    expect(kindName('currency_code', str)).toBe('currency');
    expect(kindName('invoice_currency', { type: 'string', enum: ['EUR', 'USD'] })).toBe('currency');
    expect(kindName('currency_symbol', str)).toBe('currency-symbol');
  });

  test('does not claim an amount or an enum of other words', () => {
    const currencyKinds = expect.arrayContaining([expect.stringMatching(/^currency/)]);
    expect(claimers('total_amount', num)).not.toEqual(currencyKinds);
    expect(claimers('currency_amount', num)).not.toEqual(currencyKinds);
    expect(claimers('document_type', { type: 'string', enum: ['invoice', 'credit note'] })).not.toEqual(currencyKinds);
  });

  test('the most repeated code wins, even over a code printed once', () => {
    expect(field(['Price EUR 10.00', 'Shipping USD 5.00', 'Fee USD 2.00', 'Total USD 17.00'], 'currency', str).value).toBe('USD');
    expect(field(['Price € 10.00', 'Shipping € 5.00', 'Fee € 2.00', 'Total 17.00 USD'], 'currency', str).value).toBe('EUR');
  });

  test('a code outside the enum is no candidate: the field is not found rather than found invalid', () => {
    const { value, result } = field(['Total USD 17.00'], 'currency', { type: ['string', 'null'], enum: ['EUR', 'GBP', null] });
    expect(value).toBeNull();
    expect(result.reason).toBe('not_found');
  });

  test('an enum restricts the code to its members', () => {
    const lines = ['Price EUR 10.00', 'Shipping USD 5.00', 'Fee USD 2.00', 'Total USD 17.00'];
    expect(field(lines, 'currency', { type: ['string', 'null'], enum: ['EUR', 'GBP', null] }).value).toBe('EUR');
  });

  test('a code outside the enum reads as its "Other" member', () => {
    expect(field(['Total USD 17.00'], 'currency', { type: ['string', 'null'], enum: ['EUR', 'Other', null] }).value).toBe('Other');
  });

  test('"kr" names the crown of the page\'s language, and no currency on a page in another language', () => {
    const read = (language: string | undefined) => {
      const d = doc(['Att betala 5 810,00 kr']);
      if (language) d.pages[0]!.language = language as never;
      return extractFromDocument(d, compileSchema({ type: 'object', properties: { currency: str } })).data.currency;
    };
    expect(read('sv')).toBe('SEK');
    expect(read('da')).toBe('DKK');
    expect(read('nb')).toBe('NOK');
    expect(read('de')).toBeNull();
    expect(read(undefined)).toBeNull();
  });

  test('"TL" and "LEI" name the lira and the leu only on a page in Turkish or Romanian', () => {
    const read = (text: string, language: string | undefined) => {
      const d = doc([text]);
      if (language) d.pages[0]!.language = language as never;
      return extractFromDocument(d, compileSchema({ type: 'object', properties: { currency: str } })).data.currency;
    };
    expect(read('Genel Toplam 1.200,00 TL', 'tr')).toBe('TRY');
    expect(read('Genel Toplam 1.200,00 TL', 'en')).toBeNull();
    expect(read('TOTAL LEI 1.190,00', 'ro')).toBe('RON');
    expect(read('LEI 5493001KJTIIGC8Y1R12', 'en')).toBeNull();
    expect(read('Total 1.190,00 lei', undefined)).toBe('RON');
    expect(read('Bruttó végösszeg 127 000 Ft', undefined)).toBe('HUF');
  });

  test('calibrates in the code group', () => {
    expect(groupOf('currency', str)).toBe('code');
    expect(groupOf('currency_symbol', str)).toBe('code');
    expect(field(['Total USD 17.00'], 'currency', str).result.group).toBe('code');
  });
});
