import { compileSchema } from '../../src/schema/compile.js';
import { extractFromDocument } from '../../src/extract/extract.js';
import { repairAddress } from '../../src/ocr-repair/address.js';
import type { DocumentModel } from '../../src/document/model.js';
import { doc } from '../helpers/doc.js';

const ocr = (d: DocumentModel): DocumentModel => ({ ...d, format: 'jpeg', pages: d.pages.map((p) => ({ ...p, source: 'ocr' as const })) });

const receiptSchema = compileSchema({
  type: 'object',
  properties: {
    company: { type: ['string', 'null'], description: 'Name of the merchant / company that issued the receipt, as printed at the top.' },
    address: { type: ['string', 'null'], description: 'Full postal address of the merchant as printed, lines joined with spaces.' },
  },
});

/** A receipt whose address block is `address` (lines), with the usual header and footer around it. */
const receipt = (address: string[]) => ocr(doc(['KEDAI MAJU SDN BHD', ...address, 'TEL : 03-8888 1234', 'Date: 01/02/2018', 'TOTAL 10.00', 'CASH 10.00', 'CHANGE 0.00', 'THANK YOU']));

const word = (d: DocumentModel, text: string) => d.pages[0]!.words.find((w) => w.text === text)!;

describe('address repair: codes', () => {
  test('a one-letter unit code read with "i" for its 1 is repaired next to a sibling code or after a unit word', () => {
    expect(repairAddress('Blk 2, Unit Gi & G2, Bestari Terrace')).toBe('Blk 2, Unit G1 & G2, Bestari Terrace');
    expect(repairAddress('Lot Bi, Jalan Danga')).toBe('Lot B1, Jalan Danga');
    // no code around it: a word like any other
    expect(repairAddress('Jalan Di Raja, Taman Nusa')).toBe('Jalan Di Raja, Taman Nusa');
  });

  test('a capital O beside a digit in a code is a zero, the O of "NO" is not', () => {
    expect(repairAddress('F.KO6, First Floor')).toBe('F.K06, First Floor');
    expect(repairAddress('LOT 1O5, JALAN MAWAR')).toBe('LOT 105, JALAN MAWAR');
    expect(repairAddress('NO6, JALAN MAWAR')).toBe('NO6, JALAN MAWAR');
  });
});

describe('address repair: street codes', () => {
  test('an S of a street code read as a dollar sign is an S', () => {
    expect(repairAddress('NO.3, JALAN $$21/39,47400 PETALING JAYA')).toBe('NO.3, JALAN SS21/39,47400 PETALING JAYA');
    expect(repairAddress('JALAN S$4/3, KELANA JAYA')).toBe('JALAN SS4/3, KELANA JAYA');
    // a lone sign before four digits is no street code: it stays as read
    expect(repairAddress('TAMAN BUKIT MALURI, $2100 KUALA LUMPUR')).toBe('TAMAN BUKIT MALURI, $2100 KUALA LUMPUR');
  });
});

describe('address repair: place names', () => {
  test('place names keep the spelling OCR read: the engine holds no gazetteer of one country\'s towns', () => {
    expect(repairAddress('40150 SHAH ALAM, SELANGOR TARUL EHSAN.')).toBe('40150 SHAH ALAM, SELANGOR TARUL EHSAN.');
    expect(repairAddress('40150 Shah Alak, Selangor')).toBe('40150 Shah Alak, Selangor');
  });

  test('a street named like a town, or two words split by a comma, keep their spelling', () => {
    expect(repairAddress('9, JALAN SUBANG JASA 3, 40150 SHAH ALAM')).toBe('9, JALAN SUBANG JASA 3, 40150 SHAH ALAM');
    expect(repairAddress('JALAN KUALA, LUMPAR 2')).toBe('JALAN KUALA, LUMPAR 2');
  });
});

describe('address repair: vocabulary words', () => {
  test('a long address word that lost or gained one letter takes the vocabulary spelling', () => {
    expect(repairAddress('7/4,Kawasan Perindustian Tampoi')).toBe('7/4,Kawasan Perindustrian Tampoi');
    expect(repairAddress('KAWASAN PERINDUSTRRIAN')).toBe('KAWASAN PERINDUSTRIAN');
    // short words are not stretched: "TAMA" is no "TAMAN"
    expect(repairAddress('JALAN TAMA 2')).toBe('JALAN TAMA 2');
  });
});

describe('address repair: second readings and stray marks', () => {
  test('a postcode is read as printed: no place knowledge bends it toward a town', () => {
    const d = receipt(['LOT P.T. 33198, JALAN KAPAR,', '47100 KLANG, SELANGOR']);
    word(d, '47100').alt = { text: '42100', confidence: 0.7 };
    expect(extractFromDocument(d, receiptSchema).data.address).toBe('LOT P.T. 33198, JALAN KAPAR, 47100 KLANG, SELANGOR');
  });

  test('the second reading of a lot code is taken when read with clearly more confidence', () => {
    const d = receipt(['LOT 1851-4 & 1851-B, JALAN KPB 6,', '43300 SERI KEMBANGAN, SELANGOR']);
    word(d, '1851-4').confidence = 0.3;
    word(d, '1851-4').alt = { text: '1851-A', confidence: 0.9 };
    expect(extractFromDocument(d, receiptSchema).data.address).toBe('LOT 1851-A & 1851-B, JALAN KPB 6, 43300 SERI KEMBANGAN, SELANGOR');
    // about as confident: the first reading stays
    word(d, '1851-4').confidence = 0.85;
    expect(extractFromDocument(d, receiptSchema).data.address).toBe('LOT 1851-4 & 1851-B, JALAN KPB 6, 43300 SERI KEMBANGAN, SELANGOR');
  });

  test('a second reading that drops characters of a code is not taken, however confident', () => {
    const d = receipt(['NO. 31G&33G, JALAN SETIA INDAH,', '40170 SHAH ALAM']);
    word(d, '31G&33G,').confidence = 0.3;
    word(d, '31G&33G,').alt = { text: '33G,', confidence: 0.9 };
    expect(extractFromDocument(d, receiptSchema).data.address).toBe('NO. 31G&33G, JALAN SETIA INDAH, 40170 SHAH ALAM');
  });

  test('of two spellings of an address word printed once each, the one read with more confidence wins', () => {
    const d = receipt(['3RD FLR, AEON TAMAN MALURI SC', 'JLN JEJAKA, TAMAN MALURT', 'CHERAS, 55100 KUALA LUMPUR']);
    word(d, 'MALURI').confidence = 0.91;
    word(d, 'MALURT').confidence = 0.87;
    expect(extractFromDocument(d, receiptSchema).data.address).toBe('3RD FLR, AEON TAMAN MALURI SC JLN JEJAKA, TAMAN MALURI CHERAS, 55100 KUALA LUMPUR');
    // the other way round, the other spelling
    word(d, 'MALURI').confidence = 0.6;
    expect(extractFromDocument(d, receiptSchema).data.address).toBe('3RD FLR, AEON TAMAN MALURT SC JLN JEJAKA, TAMAN MALURT CHERAS, 55100 KUALA LUMPUR');
  });

  test('a short fragment set far apart from an address line is not part of it', () => {
    const d = receipt(['DOMINO PIZZA TAMAN UNIVERSITI 4', '30, Jln Kebudayaan 7, 81300 Skudai, Johor']);
    const four = word(d, '4');
    four.bbox = [0.6, four.bbox[1], 0.61, four.bbox[3]];
    expect(extractFromDocument(d, receiptSchema).data.address).toBe('DOMINO PIZZA TAMAN UNIVERSITI 30, Jln Kebudayaan 7, 81300 Skudai, Johor');
    // printed right after the word: kept
    four.bbox = [0.35, four.bbox[1], 0.36, four.bbox[3]];
    expect(extractFromDocument(d, receiptSchema).data.address).toBe('DOMINO PIZZA TAMAN UNIVERSITI 4 30, Jln Kebudayaan 7, 81300 Skudai, Johor');
  });
});
