import { compileSchema, extractFromDocument } from '../../src/index.js';
import { doc } from '../helpers/doc.js';
import { repairDateSeparators } from '../../src/extract/candidates.js';

const rateSchema = compileSchema({ type: 'object', properties: { vat_rate_percent: { type: ['number', 'null'], description: 'VAT rate in percent.' } } });
const rate = (lines: string[]) => extractFromDocument(doc(lines), rateSchema).data.vat_rate_percent;

describe('values on OCR-noisy lines', () => {
  test('a rate after a doubled point of dirt is still read', () => {
    expect(rate(['Rechnung', 'Netto 100,00 €', 'zzgl..19,0% MwSt. 19,00 €', 'Gesamt 119,00 €'])).toBe(19);
  });

  test('a speck read as a point between the rate and its sign is passed over', () => {
    expect(rate(['Rechnung', 'Gesamtnetto 170,42', 'zzgl. 19.% Ust. 32,38', 'Summe brutto 202,80'])).toBe(19);
  });

  test('the digits after a decimal separator are not read as a rate of their own', () => {
    expect(rate(['Invoice', 'Subtotal 100.00', 'VAT 1.19% 1.19', 'Total 101.19'])).toBe(1.19);
  });
});

describe('dates with a misread separator', () => {
  test('a colon among points of a numeric date is read as a point', () => {
    expect(repairDateSeparators('Bonn 04:07.2023')).toBe('Bonn 04.07.2023');
    expect(repairDateSeparators('04.07;2023')).toBe('04.07.2023');
  });

  test('a time of day is left alone', () => {
    expect(repairDateSeparators('23.06.23, 11:09 invoice')).toBe('23.06.23, 11:09 invoice');
    expect(repairDateSeparators('at 11:09:2023')).toBe('at 11:09:2023');
  });

  test('day, month and year spaced where OCR lost the hyphens get them back, before a time too', () => {
    expect(repairDateSeparators('08 08 2025 18:39')).toBe('08-08-2025 18:39');
    expect(repairDateSeparators('Datum 27 09 2025')).toBe('Datum 27-09-2025');
  });

  test('spaced numbers inside a longer run of numbers are no date', () => {
    expect(repairDateSeparators('Tel +33 1 23 2025')).toBe('Tel +33 1 23 2025');
    expect(repairDateSeparators('Ref 12 10 2025 4471')).toBe('Ref 12 10 2025 4471');
    expect(repairDateSeparators('5,40 12 10 2025')).toBe('5,40 12 10 2025');
    expect(repairDateSeparators('12 10 1850')).toBe('12 10 1850');
  });
});
