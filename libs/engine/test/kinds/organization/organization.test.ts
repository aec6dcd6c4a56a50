import { claimers, extract, field, groupOf, kindName, str } from '../kind-helpers.js';
import { compileSchema, extractFromDocument } from '../../../src/index.js';
import type { DocumentModel } from '../../../src/document/model.js';
import { doc } from '../../helpers/doc.js';

const INVOICE = [
  { text: 'ACME TRADING GmbH', y: 0.05 },
  { text: 'Hauptstr. 1, 10115 Berlin', y: 0.08 },
  { text: 'Bill to:', y: 0.2 },
  { text: 'Beta Logistics Ltd', y: 0.23 },
  { text: '5 High Street, London', y: 0.26 },
  { text: 'Invoice No: 1001', y: 0.3 },
];

describe('organization kind', () => {
  test('claims names of the vendor, the customer and other organisations', () => {
    expect(kindName('vendor_name', str)).toBe('organization');
    expect(kindName('customer_name', str)).toBe('organization');
    expect(kindName('billed_by', str)).toBe('organization');
    expect(kindName('merchant', str)).toBe('organization');
  });

  test('does not claim a contact person, an address or a tax id', () => {
    expect(claimers('contact_person', str)).not.toContain('organization');
    expect(claimers('vendor_address', str)).not.toContain('organization');
    expect(claimers('vendor_vat_number', str)).not.toContain('organization');
  });

  test('the seller is the party block at the top, the buyer the one under "Bill to"', () => {
    expect(extract(INVOICE, { vendor_name: str, customer_name: str }).data).toEqual({ vendor_name: 'ACME TRADING GmbH', customer_name: 'Beta Logistics Ltd' });
  });

  test('a name printed again counts whole words only: a title cut short ("Faktur") is not printed again in "Fakturanummer"', () => {
    const lines = [
      { text: 'Faktur', y: 0.05 },
      { text: 'Kodehuset ApS', y: 0.08 },
      { text: 'Vesterbrogade 112', y: 0.11 },
      { text: '1620 København V', y: 0.14 },
      { text: 'Fakturanummer: 2026-041', y: 0.3 },
      { text: 'Fakturadato: 12.03.2026', y: 0.33 },
    ];
    expect(field(lines, 'seller_name', str).value).toBe('Kodehuset ApS');
  });

  test('calibrates in the name group', () => {
    expect(groupOf('vendor_name', str)).toBe('name');
    expect(field(INVOICE, 'vendor_name', str).result.group).toBe('name');
  });
});

describe('a brand on the letterhead and the company\'s legal name in the footer', () => {
  const invoice = (footer: string) => [
    { text: 'SEMRUSH', y: 0.05 },
    { text: 'Invoice', y: 0.12 },
    { text: 'Invoice number: 4471', y: 0.16 },
    { text: 'Bill to: Harbour Lane Print LLP', y: 0.22 },
    { text: 'Total due 120.00', y: 0.6 },
    { text: footer, y: 0.95 },
  ];

  test('the name with its legal form that contains the brand word for word answers', () => {
    expect(field(invoice('Semrush Inc., 800 Boylston Street, Boston'), 'seller_name', str).value).toBe('Semrush Inc.');
  });

  test('a company whose name does not contain the brand does not', () => {
    expect(field(invoice('Payments handled by Stripe Payments Europe Ltd'), 'seller_name', str).value).toBe('SEMRUSH');
  });
});

describe('an unlabelled addressee block (a window address)', () => {
  const letter = [
    { text: 'ACME TRADING GmbH', y: 0.05 },
    { text: 'Hauptstr. 1, 10115 Berlin', y: 0.08 },
    { text: 'ACME TRADING GmbH - Hauptstr. 1 - 10115 Berlin', y: 0.16 },
    { text: 'Nordwerk Druck & Medien', y: 0.2 },
    { text: 'z. Hd. Markus Engel', y: 0.23 },
    { text: 'Landstraße 57', y: 0.26 },
    { text: '4090 Linz', y: 0.29 },
    { text: 'Rechnungsnummer 8817732', y: 0.36 },
    { text: 'Pos. Bezeichnung Menge Preis', y: 0.45 },
    { text: 'Summe 230,00', y: 0.7 },
  ];

  test('the name right above an attention line is the buyer', () => {
    expect(field(letter, 'buyer_name', str).value).toBe('Nordwerk Druck & Medien');
  });

  test('and not the seller', () => {
    expect(field(letter, 'seller_name', str).value).toBe('ACME TRADING GmbH');
  });
});

describe('a line that gives the buyer\'s number heads no party block', () => {
  const invoice = [
    { text: 'Ribamar Consultoria S.A.', y: 0.05 },
    { text: 'Av. Afonso Pena, 6 - Centro', y: 0.08 },
    { text: 'Montalvo Consultoria, Ltda', y: 0.18 },
    { text: 'Rua da Consolação, 58', y: 0.21 },
    { text: 'Data: 18/05/2024', y: 0.3 },
    { text: 'Cliente n.º: CL23638', y: 0.33 },
    { text: 'Moeda: BRL', y: 0.36 },
    { text: 'N.º Designação Quantidade', y: 0.42 },
    { text: '10 Serviços de consultoria 8', y: 0.45 },
  ];

  test('the lines under "Cliente n.º: CL23638" are no buyer\'s (neither a currency code nor a table header)', () => {
    expect(field(invoice, 'buyer_name', str).value).not.toMatch(/^(?:BRL|N\.º Designação Quantidade|10 Serviços de consultoria 8)$/);
  });

  test('a currency code alone is no party name', () => {
    expect(field([{ text: 'Invoice 2024-17', y: 0.1 }, { text: 'Bill to', y: 0.2 }, { text: 'EUR', y: 0.23 }], 'buyer_name', str).value).toBeNull();
  });
});

describe('two blocks side by side under their own headings, their names joined on one text line', () => {
  const lines = [
    { text: 'Ausgangsrechnung', y: 0.05 },
    { text: 'Rechnung an:', x: 0.097, y: 0.11 }, { text: 'Lieferant:', x: 0.517, y: 0.11 },
    { text: 'Lindenhof Holzbau UG', x: 0.097, y: 0.137 }, { text: 'Elektrotechnik Krüger UG', x: 0.517, y: 0.137 },
    { text: 'Otto-Hahn-Str. 9', x: 0.097, y: 0.164 }, { text: 'Am Lindenhof 15', x: 0.517, y: 0.164 },
    { text: '60354 Frankfurt am Main', x: 0.097, y: 0.191 }, { text: '50682 Köln', x: 0.517, y: 0.191 },
    { text: 'Summe 230,00', y: 0.7 },
  ];
  /** The two names on one text line, as a text layer joins words on one baseline (the newline between them a space). */
  function joined(): DocumentModel {
    const d = doc(lines);
    const pg = d.pages[0]!;
    const [a, b] = [pg.lines[3]!, pg.lines[4]!];
    pg.text = `${pg.text.slice(0, a.end)} ${pg.text.slice(a.end + 1)}`;
    for (let w = b.wordStart; w < b.wordEnd; w++) pg.words[w]!.line = 3;
    pg.lines.splice(3, 2, { ...a, end: b.end, wordEnd: b.wordEnd, bbox: [a.bbox[0], a.bbox[1], b.bbox[2], b.bbox[3]] });
    for (let l = 4; l < pg.lines.length; l++) for (let w = pg.lines[l]!.wordStart; w < pg.lines[l]!.wordEnd; w++) pg.words[w]!.line = l;
    return d;
  }
  const read = (name: string) => extractFromDocument(joined(), compileSchema({ type: 'object', properties: { [name]: { type: ['string', 'null'] } } })).data[name];

  test('the heading over each half names its block', () => {
    expect(read('buyer_name')).toBe('Lindenhof Holzbau UG');
    expect(read('seller_name')).toBe('Elektrotechnik Krüger UG');
  });

  test('a document title compounded in one word ("Ausgangsrechnung") is no seller', () => {
    expect(field([{ text: 'Ausgangsrechnung', y: 0.05 }, { text: 'Rechnungsnummer 8817732', y: 0.2 }, { text: 'Summe 230,00', y: 0.7 }], 'seller_name', str).value).toBeNull();
  });
});
