import { compileSchema, extractFromDocument } from '../../src/index.js';
import { doc } from '../helpers/doc.js';
import { rankLeaf } from '../../src/kinds/registry.js';
import { DocContext } from '../../src/extract/context.js';

const invoice = doc([
  { text: 'ACME TRADING SDN BHD', y: 0.05 },
  { text: 'NO 12, JALAN DEDAP 13, 81100 JOHOR BAHRU', y: 0.08 },
  { text: 'Invoice No: INV-2041', y: 0.15 },
  { text: 'Invoice Date: 25/12/2018', y: 0.18 },
  { text: 'Subtotal 1.234,56', y: 0.6 },
  { text: 'VAT 21% 259,26', y: 0.63 },
  { text: 'Total 1.493,82 €', y: 0.66 },
]);

const invoiceSchema = {
  type: 'object',
  properties: {
    vendor_name: { type: ['string', 'null'], description: 'Company that issued the invoice.' },
    invoice_number: { type: ['string', 'null'] },
    invoice_date: { type: ['string', 'null'], description: 'ISO 8601 YYYY-MM-DD' },
    subtotal_amount: { type: ['number', 'null'] },
    total_amount: { type: ['number', 'null'], description: 'Grand total' },
    currency: { type: ['string', 'null'], description: 'ISO 4217 code' },
    due_date: { type: ['string', 'null'], description: 'Payment due date' },
  },
};

const contract = doc(
  [
    'MUTUAL NON-DISCLOSURE AGREEMENT',
    'This Agreement is made and entered into as of the 8th day of June, 2010 (the "Effective Date"), by and between',
    'Acme Widgets, Inc., a Delaware corporation ("Acme"), and Beta Labs LLC, a California limited liability company ("Beta").',
    'The obligations of this Agreement shall remain in effect for a period of two (2) years from the Effective Date.',
  ],
  [
    'This Agreement shall be governed by and construed in accordance with the laws of the State of New York.',
    'Neither party may assign this Agreement without the prior written consent of the other party.',
  ],
);

const contractSchema = {
  type: 'object',
  properties: {
    document_name: { type: ['string', 'null'], description: 'Title of the contract as printed at the top.' },
    parties: { type: 'array', items: { type: 'string' }, description: 'Names of the parties.' },
    effective_date: { type: ['string', 'null'], description: 'Effective date, ISO 8601.' },
    term: { type: ['string', 'null'], description: "Length of the agreement as '<number> <unit>'." },
    governing_law: { type: ['string', 'null'], description: 'State whose law governs.' },
    has_anti_assignment_clause: { type: 'boolean', description: 'Is consent required to assign the contract?' },
    has_audit_rights: { type: 'boolean', description: 'Right to audit the books of the counterparty?' },
  },
};

describe('extractFromDocument', () => {
  const inv = extractFromDocument(invoice, compileSchema(invoiceSchema));
  const con = extractFromDocument(contract, compileSchema(contractSchema));

  test('extracts a labelled identifier to the right of its label', () => {
    expect(inv.data.invoice_number).toBe('INV-2041');
  });

  test('normalises a labelled day-first date to ISO', () => {
    expect(inv.data.invoice_date).toBe('2018-12-25');
  });

  test('reads European-formatted amounts by label', () => {
    expect(inv.data.total_amount).toBeCloseTo(1493.82);
    expect(inv.data.subtotal_amount).toBeCloseTo(1234.56);
  });

  test('maps a currency symbol to its ISO code', () => {
    expect(inv.data.currency).toBe('EUR');
  });

  test('takes the merchant name from the document header', () => {
    expect(inv.data.vendor_name).toBe('ACME TRADING SDN BHD');
  });

  test('reports an absent field as missing with null data', () => {
    expect(inv.data.due_date).toBeNull();
    expect(inv.fields['/due_date'].state).toBe('missing');
    expect(inv.fields['/due_date'].reason).toBeDefined();
  });

  test('grounds every extracted value on a page span whose text it came from', () => {
    for (const [ptr, f] of Object.entries(inv.fields)) {
      if (f.state !== 'extracted') continue;
      expect(f.grounding.length).toBeGreaterThan(0);
      for (const g of f.grounding) {
        expect(invoice.pages[g.page - 1].text.slice(g.start, g.end)).toBe(g.text);
        expect(g.bbox.every((v) => v >= 0 && v <= 1)).toBe(true);
      }
      expect(f.confidence).toBeGreaterThan(0);
      expect(f.confidence).toBeLessThan(1);
      expect(ptr.startsWith('/')).toBe(true);
    }
  });

  test('reads a legal-phrasing effective date', () => {
    expect(con.data.effective_date).toBe('2010-06-08');
  });

  test('extracts the parties named in the preamble', () => {
    expect(con.data.parties).toEqual(['Acme Widgets Inc.', 'Beta Labs LLC']);
  });

  test('ranks the normalised term "two (2) years" as the best term candidate', () => {
    const leaf = compileSchema(contractSchema).leaves.find((l) => l.name === 'term')!;
    expect(rankLeaf(new DocContext(contract), leaf)[0].value).toBe('2 years');
  });

  test('finds the governing law jurisdiction', () => {
    expect(con.data.governing_law).toBe('New York');
  });

  test('takes the document title from the top of page 1', () => {
    expect(con.data.document_name).toBe('MUTUAL NON-DISCLOSURE AGREEMENT');
  });

  test('flags a clause present in the text as true', () => {
    expect(con.data.has_anti_assignment_clause).toBe(true);
  });

  test('flags a clause absent from the text as false', () => {
    expect(con.data.has_audit_rights).toBe(false);
  });

  test('reports document metadata', () => {
    expect(con.document).toEqual({ format: 'pdf', pages: 2, words: contract.wordCount, ocr_pages: 0 });
  });

  test('returns [] for a missing array of objects', () => {
    const r = extractFromDocument(contract, compileSchema({ type: 'object', properties: { line_items: { type: 'array', items: { type: 'object', properties: { price: { type: 'number' } } } } } }));
    expect(r.data.line_items).toEqual([]);
  });

  test('is deterministic: the same input gives the same result', () => {
    const again = extractFromDocument(contract, compileSchema(contractSchema));
    expect(JSON.stringify(again)).toBe(JSON.stringify(con));
  });
});

describe('a document model without pages', () => {
  test('every field comes back missing (not_found) instead of a ranker failing on page 1', () => {
    const schema = compileSchema({
      type: 'object',
      properties: {
        vendor_name: { type: 'string' }, total: { type: 'number' }, subtotal: { type: 'number' }, paid: { type: 'boolean' },
        parties: { type: 'array', items: { type: 'string' } },
        line_items: { type: 'array', items: { type: 'object', properties: { description: { type: 'string' }, amount: { type: 'number' } } } },
      },
    });
    const result = extractFromDocument({ format: 'pdf', pages: [], pageCount: 0, wordCount: 0 }, schema);
    expect(result.data).toEqual({ vendor_name: null, total: null, subtotal: null, paid: null, parties: [], line_items: [] });
    for (const f of Object.values(result.fields)) expect(f).toMatchObject({ state: 'missing', reason: 'not_found' });
  });
});
