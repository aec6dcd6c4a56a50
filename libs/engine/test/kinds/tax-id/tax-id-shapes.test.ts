import { compileSchema, extractFromDocument } from '../../../src/index.js';
import { doc } from '../../helpers/doc.js';

const schema = compileSchema({ type: 'object', properties: { seller_vat_id: { type: 'string', description: 'VAT or tax id of the seller' } } });
const read = (line: string) => extractFromDocument(doc(['Reformas Galán S.L.', 'Calle del Coso 77', '50001 Zaragoza', line, '', 'Factura 2026/118']), schema).data.seller_vat_id;

test.each([
  ['C.I.F.: B-50123456', 'B-50123456'],
  ['NIF: A46123456', 'A46123456'],
  ['NIF-IVA: ESB91702274', 'ESB91702274'],
  ['UID: CHE-123.456.789', 'CHE-123.456.789'],
])('"%s": a tax id that starts with a letter keeps it', (line, id) => {
  expect(read(line)).toBe(id);
});

test.each([
  ['NIP: 676-123-45-67', '676-123-45-67'],
  ['NIP 951-234-56-78', '951-234-56-78'],
])('"%s": a tax id printed in digit groups split by hyphens is read whole', (line, id) => {
  expect(read(line)).toBe(id);
});

test('a word of letters after the id names it and is no part of it', () => {
  expect(read('UID: CHE-123.456.789 MWST')).toBe('CHE-123.456.789');
  expect(read('NIF: B-50123456 IVA')).toBe('B-50123456');
});

test('a Brazilian CNPJ is read whole, with the branch number after its slash', () => {
  expect(read('CNPJ: 12.345.678/0001-95')).toBe('12.345.678/0001-95');
});

test('a sum of money in thousands and cents is no tax id, even under a "VAT" label', () => {
  expect(read('VAT: 18 549.22')).toBeNull();
  expect(read('VAT: 1.234.567,89')).toBeNull();
});
