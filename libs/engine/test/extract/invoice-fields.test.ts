import { compileSchema, extractFromDocument } from '../../src/index.js';
import { DocContext } from '../../src/extract/context.js';
import { findLabels, labelRelation } from '../../src/extract/labels.js';
import { doc } from '../helpers/doc.js';

const extract = (d: ReturnType<typeof doc>, properties: Record<string, unknown>) => extractFromDocument(d, compileSchema({ type: 'object', properties })).data;

describe('invoice fields', () => {
  test('a number inside a date is not the invoice number', () => {
    const d = doc(['Sammy Maystone', 'INVOICE', '# invoice_no_7', 'Date: Jan 1, 2022', 'Balance Due: $127.50']);
    expect(extract(d, { invoice_number: { type: ['string', 'null'] } }).invoice_number).toBe('invoice_no_7');
  });

  test('a number sign opening its line labels the invoice number when the title is unreadable', () => {
    // an OCR'd page whose big "INVOICE" title came out as noise: only the '#' says what the number is
    const d = doc(['Sammy Maystone | N V | FE', 'smaystone4@fake.com', '# invoice_number_1', 'Date: Jan 1, 2022', 'Balance Due: $127.50']);
    expect(extract(d, { invoice_number: { type: ['string', 'null'] } }).invoice_number).toBe('invoice_number_1');
  });

  test('label words inside an underscored identifier are not a label', () => {
    const d = doc(['Sammy Maystone', 'ref_invoice_number_1', 'Total: 127.50']);
    const ctx = new DocContext(d);
    expect(findLabels(ctx, ['invoice number', 'invoice'])).toHaveLength(0);
  });

  test('a number sign after other words labels their number, not the invoice number', () => {
    const d = doc(['Sammy Maystone', 'PO # 4711', 'Date: Jan 1, 2022', 'Balance Due: $127.50']);
    expect(extract(d, { invoice_number: { type: ['string', 'null'] } }).invoice_number).toBeNull();
  });

  test('the only date of an invoice is its date even without a label', () => {
    const d = doc(['ACME WIDGETS INC', 'Invoice no 123', 'Item 1 10.00', 'Item 2 20.00', 'Item 3 30.00', 'Item 4 40.00', 'Total 100.00', 'Terms:', 'Your bank account will be debited on 1/02/02']);
    // (day or month first is not this rule's business: the order cannot be told from this page)
    expect(extract(d, { issue_date: { type: ['string', 'null'], description: 'Invoice issue date, ISO 8601 YYYY-MM-DD.' } }).issue_date).toMatch(/^2002-0[12]-0[12]$/);
  });

  test('with two different dates, neither is the invoice date without a label', () => {
    const d = doc(['ACME WIDGETS INC', 'Invoice no 123', 'Item 1 10.00', 'Total 10.00', 'Shipped 1/03/02, debited on 1/02/02']);
    expect(extract(d, { issue_date: { type: ['string', 'null'], description: 'Invoice issue date, ISO 8601 YYYY-MM-DD.' } }).issue_date).toBeNull();
  });

  test('a label qualified by a few words and closed by a colon still labels its value', () => {
    const d = doc([
      { text: 'Azure Interior', y: 0.05 },
      { text: 'Invoice INV/2023/03/0008', y: 0.15 },
      { text: 'Reference:', x: 0.6, y: 0.2 },
      { text: 'CUSTREF123', x: 0.6, y: 0.23 },
      { text: 'Total $ 279.84', y: 0.6 },
      { text: 'Please use the following communication for your payment : 202309097001', y: 0.7 },
    ]);
    const data = extract(d, { payment_reference: { type: ['string', 'null'], description: 'Payment reference / structured communication to quote when paying.' } });
    expect(data.payment_reference).toBe('202309097001');
  });

  test('a value and another label between a label and a value do not qualify the label', () => {
    const d = doc([{ text: 'Kvk nummer: 04080176 BTW-nr: NL815254295B01', y: 0.9 }]);
    const ctx = new DocContext(d);
    const hits = findLabels(ctx, ['kvk']);
    const text = d.pages[0].text;
    const span = (v: string) => ({ p: 0, start: text.indexOf(v), end: text.indexOf(v) + v.length });
    expect(labelRelation(ctx, hits, span('NL815254295B01'), 1).score).toBeLessThan(labelRelation(ctx, hits, span('04080176'), 1).score);
  });

  test('a code field whose examples are short codes keeps the code, not its explanation', () => {
    const d = doc(['Azure Interior', 'Invoice INV/2023/03/0008', 'Incoterm: DPU - DELIVERED AT PLACE UNLOADED']);
    expect(extract(d, { incoterm: { type: ['string', 'null'], description: 'Incoterm code (e.g. DPU, EXW).' } }).incoterm).toBe('DPU');
  });

  test('a date labelled for another role, or a period, is not the invoice date', () => {
    const d = doc([
      'Medienpilot GmbH',
      'Rechnung',
      '04.07.2023',
      'Rechnungs-Nr 02581',
      'Lieferdatum,',
      '30.06.2023',
      'Leistungen 01.06.2023 - 30.06.2023',
      'Gesamt 100,00 €',
    ]);
    expect(extract(d, { invoice_date: { type: ['string', 'null'], description: 'ISO 8601' } }).invoice_date).toBe('2023-07-04');
  });

  test('a vendor name is read along its visual row when the text line mixes two rows', () => {
    const d = doc([
      { text: 'FACTUUR.', y: 0.03 },
      { text: 'Coolblue Weena 664 B.V.', x: 0.7, y: 0.06 },
      { text: '3012 CN Rotterdam', x: 0.7, y: 0.1 },
      { text: 'Factuurnummer: 993548900', y: 0.2 },
      { text: 'Totaal € 399,00', y: 0.5 },
    ]);
    // the address words "Weena 664" sit one row lower than "Coolblue" and "B.V." but were read into the same text line
    const line = d.pages[0].lines[1];
    for (let w = line.wordStart + 1; w <= line.wordStart + 2; w++) {
      const b = d.pages[0].words[w].bbox;
      d.pages[0].words[w].bbox = [b[0], b[1] + 0.02, b[2], b[3] + 0.02];
    }
    const data = extract(d, { vendor_name: { type: ['string', 'null'], description: 'Legal name of the company that issued the invoice.' } });
    expect(data.vendor_name).toBe('Coolblue B.V.');
  });

  test('a vendor name ends with its legal form, not with the words after it', () => {
    const d = doc([
      { text: 'Kopie factuur', y: 0.05 },
      { text: 'Factuur VF1005193039', y: 0.1 },
      { text: 'Factuur totaal EUR 49,99', y: 0.5 },
      { text: 'e-Luscious Nederland B.V. iov Saeco.com', y: 0.9 },
      { text: 'Fakestraat 12, 3500 MJ Utrecht', y: 0.92 },
      { text: 'www.saeco.com KvK 12345678 BTW NL123456789B01', y: 0.94 },
    ]);
    const data = extract(d, { vendor_name: { type: ['string', 'null'], description: 'Legal name of the company that issued the invoice.' } });
    expect(data.vendor_name).toBe('e-Luscious Nederland B.V.');
  });
});
