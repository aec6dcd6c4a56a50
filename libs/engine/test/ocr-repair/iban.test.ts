import { compileSchema, extractFromDocument } from '../../src/index.js';
import { ibanLayout, repairIban } from '../../src/ocr-repair/iban.js';
import { page } from '../helpers/doc.js';

test('letters OCR read where an IBAN has digits are read as those digits when the check digits then hold', () => {
  expect(repairIban('NLSOINGB0683251309')).toBe('NL50INGB0683251309');
  expect(repairIban('NL50 INGB O683 2513 O9')).toBe('NL50 INGB 0683 2513 09');
});

test('a digit OCR read where an IBAN has a letter is read as that letter when only one letter is confused with it', () => {
  expect(repairIban('NL50IN6B0683251309')).toBe('NL50INGB0683251309');
});

test('no repair is made that the checksum does not confirm, nor one of more than three characters', () => {
  expect(repairIban('NLSOINGB0683251308')).toBeUndefined();
  expect(repairIban('NLSOINGB06832S13O9')).toBeUndefined(); // four fixes
  expect(repairIban('NL5OINGB0683251309')).toBe('NL50INGB0683251309'); // one fix
});

test('a valid IBAN, a country without IBANs and a wrong length are left alone', () => {
  expect(repairIban('NL50INGB0683251309')).toBeUndefined();
  expect(repairIban('US12345678901234')).toBeUndefined();
  expect(repairIban('NLSOINGB068325130')).toBeUndefined();
});

test("a country's IBAN layout comes from its registered format", () => {
  expect(ibanLayout('NL')).toBe('aadd' + 'aaaa' + 'd'.repeat(10));
  expect(ibanLayout('DE')).toBe('aadd' + 'd'.repeat(18));
  expect(ibanLayout('US')).toBeUndefined();
});

const schema = compileSchema({ type: 'object', properties: { iban: { type: ['string', 'null'], description: 'IBAN of the seller' } } });
const ocrDoc = (lines: string[]) => {
  const p = page(lines);
  p.source = 'ocr';
  return { format: 'pdf' as const, pages: [p], pageCount: 1, wordCount: p.words.length };
};

test("on an OCR'd page the labelled IBAN is read repaired rather than another number of its shape", () => {
  const r = extractFromDocument(ocrDoc(['Coolblue B.V.', 'BTW NL810433941B01', 'IBAN NLSOINGB0683251309', 'BIC INGBNL2A']), schema);
  expect(r.data.iban).toBe('NL50INGB0683251309');
});

test('a text layer is never repaired: what is printed is what was meant', () => {
  const p = page(['Coolblue B.V.', 'IBAN NLSOINGB0683251309']);
  const r = extractFromDocument({ format: 'pdf', pages: [p], pageCount: 1, wordCount: p.words.length }, schema);
  expect(r.data.iban).not.toBe('NL50INGB0683251309');
});
