import { compileSchema, extractFromDocument } from '../../../src/index.js';
import { STREET_LINE_RE } from '../../../src/knowledge/addresses/index.js';
import { DocContext } from '../../../src/extract/context.js';
import { partyCandidates } from '../../../src/kinds/organization/issuer.js';
import { doc } from '../../helpers/doc.js';

const parties = compileSchema({ type: 'object', properties: { seller_name: { type: 'string' }, buyer_name: { type: 'string' } } });

test.each([
  'Via Roma 20', 'Viale dei Mille 2', 'Calle Real 22, bajo', 'Av. Juárez 63, Piso 4', 'Pol. Ind. Los Olivos, nave 134',
  'Rua Augusta 120', 'Zona Industrial, Lote 90', '73, rue des Tanneurs', 'Industrieweg 48', 'Hauptstraße 157', 'Kerkstraat 12',
  'Am Lindenhof 132', '4557 De Silva St',
])('"%s" reads as a street line', (line) => {
  expect(STREET_LINE_RE.test(line)).toBe(true);
});

test.each(['Gentile Trasporti S.p.A.', 'Bakkerij de Graaf', 'Via Verde Consulting', 'Rue du Commerce'])('"%s" (no house number) is no street line', (line) => {
  expect(STREET_LINE_RE.test(line)).toBe(false);
});

test('the buyer is the name above a street line, not the street line', () => {
  const d = doc([
    { text: 'Rinaldi Trasporti S.a.s.', y: 0.05 }, { text: 'Viale dei Mille 2', y: 0.08 }, { text: '50128 Firenze FI', y: 0.11 },
    { text: 'P. IVA: IT12669620788', y: 0.14 },
    { text: 'Gentile Trasporti S.p.A.', x: 0.55, y: 0.23 }, { text: 'Via Roma 20', x: 0.55, y: 0.26 },
    { text: '10188 Torino (TO)', x: 0.55, y: 0.29 },
    { text: 'FATTURA n. 380/W del 06.02.2024', y: 0.4 }, { text: 'Totale documento 122,00', y: 0.6 },
  ]);
  expect(extractFromDocument(d, parties).data.buyer_name).toBe('Gentile Trasporti S.p.A.');
  // (the street line is no candidate at all, whatever else scores it)
  expect(partyCandidates(new DocContext(d), 'buyer').map((c) => c.value)).not.toContain('Via Roma 20');
});

test('a line that is only a label is no party name', () => {
  const d = doc(['Factura', 'Vendedor', 'Peñalta S.A. de C.V.', 'Monterrey, N.L., C.P. 64058', '', 'Divisa:', 'MXN', 'Cliente', 'Altamira S. de R.L. de C.V.']);
  const r = extractFromDocument(d, parties).data;
  expect(r.buyer_name).toBe('Altamira S. de R.L. de C.V.');
  expect(r.seller_name).toBe('Peñalta S.A. de C.V.');
});

test.each([
  ['de', 'Zu Händen Jana Krüger'], ['nl', 't.a.v. Bram Postma'], ['it', 'Alla c.a. Matteo Mariani'], ['fr', "À l'attention de Antoine Brunet"], ['en', 'Attn: Michael Caldwell'],
  ['pt', 'At. Beatriz Teixeira'], ['es', 'Atn. Lucía Romero'], ['fr', 'A l’att. de Hugo Mercier'],
])('%s: the person on an attention line is not the buyer; the company above it is', (_lang, attention) => {
  const d = doc(['ACME Supplies Ltd', '1 High Street', 'London', '', 'Invoice 1042', '', 'Bill to:', 'Whitfield Holding', attention, '12 Mill Road', 'Leeds LS1 4AB']);
  expect(extractFromDocument(d, parties).data.buyer_name).toBe('Whitfield Holding');
  // (the person is a candidate marked as named by an attention line, which counts against it)
  const person = partyCandidates(new DocContext(d), 'buyer').find((c) => attention.endsWith(c.value));
  expect(person?.features.attention).toBe(1);
});

test("a partnership's full style ending in '& C.' is kept whole", () => {
  const d = doc(['Idrotermica Martini S.r.l.', 'Via Garibaldi 8', '', 'Cliente', 'Albergo Bellavista S.a.s. di Neri Paolo & C.', 'Via del Lago 3', '', 'Fattura 12/2026']);
  expect(extractFromDocument(d, parties).data.buyer_name).toBe('Albergo Bellavista S.a.s. di Neri Paolo & C.');
});

test.each([['es', 'TICKET DE VENTA'], ['fr', 'FACTURETTE'], ['it', 'RICEVUTA'], ['pt', 'TALÃO DE VENDA']])(
  '%s: a receipt\'s title line ("%s") is not its merchant', (_lang, title) => {
    const schema = compileSchema({ type: 'object', properties: { merchant_name: { type: 'string' }, total: { type: 'number' } } });
    const d = doc([title, 'Panadería Castillo', 'Calle Mayor 12', '28013 Madrid', '', 'Pan 1,20', 'TOTAL 1,20']);
    expect(extractFromDocument(d, schema).data.merchant_name).toBe('Panadería Castillo');
  });

test('a role word ending a longer line ("... presso il cliente") opens no party block below it', () => {
  const ctx = new DocContext(doc([
    { text: 'Installazione presso il cliente', y: 0.5 }, { text: 'Subtotale onorario', y: 0.53 },
    { text: 'Dati del cliente', y: 0.7 }, { text: 'Bianchi Trasporti S.r.l.', y: 0.73 },
  ]));
  expect(ctx.blockRole(0, 1).role).toBeUndefined();
  expect(ctx.blockRole(0, 3).role).toBe('buyer');
});

test.each([
  ['fr', 'Chaussée de Wavre 162', '1050 Ixelles'],
  ['de', 'Industriezeile 148', '4020 Linz'],
])('%s: a street line ("%s") is no party name, though its street word is not the common one', (_lang, street, town) => {
  const d = doc(['ACME Supplies Ltd', '1 High Street', 'London', '', 'Invoice 1042', '', 'Bill to:', street, town]);
  expect(partyCandidates(new DocContext(d), 'buyer').map((c) => c.value)).not.toContain(street);
});

/** A seller's letterhead, then a block the page addresses, then a table whose first rows open with numbers. */
const letterAndWindow = (buyerHeading?: string) => doc([
  { text: 'Fontaine Fournitures de Bureau SASU', x: 0.55, y: 0.07 }, { text: '23 chemin des Vignes', x: 0.55, y: 0.09 },
  { text: '44450 Nantes', x: 0.55, y: 0.11 }, { text: 'Mail: billing@fontaine-fournitures.fr', x: 0.55, y: 0.13 },
  ...(buyerHeading ? [{ text: buyerHeading, x: 0.08, y: 0.17 }] : []),
  { text: 'Azurine Conseil SASU', x: 0.08, y: 0.19 }, { text: '12, rue des Tanneurs', x: 0.08, y: 0.21 }, { text: '75032 Paris', x: 0.08, y: 0.23 },
  { text: 'Facture de vente', x: 0.08, y: 0.28 },
  { text: 'Lín. Concepto', x: 0.08, y: 0.33 }, { text: '10 Canaleta eléctrica 2 m', x: 0.08, y: 0.35 }, { text: '20 Portes de envio', x: 0.08, y: 0.37 },
  { text: 'Total TTC 1 200,00', x: 0.6, y: 0.5 },
]);

test('a company block the page addresses without a heading (a window envelope\'s place) is the buyer', () => {
  const r = extractFromDocument(letterAndWindow(), parties).data;
  expect(r.seller_name).toBe('Fontaine Fournitures de Bureau SASU');
  expect(r.buyer_name).toBe('Azurine Conseil SASU');
});

test('a table\'s header over its numbered rows is no window block: only a company\'s name is', () => {
  const buyer = compileSchema({ type: 'object', properties: { buyer_name: { type: 'string' } } });
  const cands = extractFromDocument(letterAndWindow(), buyer, { debug: true }).fields['/buyer_name']!.candidates ?? [];
  expect(cands.find((c) => c.value === 'Azurine Conseil SASU')?.features.window).toBe(1);
  expect(cands.find((c) => c.value === 'Lín. Concepto')?.features.window).toBeUndefined();
});

test('where a block is headed as the buyer\'s, the heading decides: no block is read as a window', () => {
  const buyer = compileSchema({ type: 'object', properties: { buyer_name: { type: 'string' } } });
  const cands = extractFromDocument(letterAndWindow('Client'), buyer, { debug: true }).fields['/buyer_name']!.candidates ?? [];
  expect(cands.some((c) => c.features.window)).toBe(false);
});

test('a heading in an e-mail address ("billing@") heads no block: the rows under it are not the buyer\'s', () => {
  const d = doc([
    { text: 'Verkäufer', y: 0.1 }, { text: 'Rechnung an', x: 0.52, y: 0.1 },
    { text: 'Krüger & Engel GmbH', y: 0.12 }, { text: 'Winkler & Albrecht e.K.', x: 0.52, y: 0.12 },
    { text: 'Am Lindenhof 109', y: 0.14 }, { text: 'Am Lindenhof 107', x: 0.52, y: 0.14 },
    { text: '90451 Nürnberg', y: 0.16 }, { text: '50637 Köln', x: 0.52, y: 0.16 },
    { text: 'E-Mail: billing@kruger-engel.de', y: 0.18 },
    { text: 'Rechnungs-Nr.: RE-2025-1961', y: 0.2 },
    { text: 'Beschreibung', y: 0.22 }, { text: 'Kabelkanal 2 m', y: 0.24 }, { text: 'Projektleitung', y: 0.26 },
  ]);
  const ctx = new DocContext(d);
  const roles = partyCandidates(ctx, 'buyer').filter((c) => c.features.buyerRole! > 0).map((c) => c.value);
  expect(roles).toEqual(['Winkler & Albrecht e.K.']);
  expect(extractFromDocument(d, parties).data.buyer_name).toBe('Winkler & Albrecht e.K.');
});

test('a name matches its web domain through its accents ("Évolis" is "evolis-fournitures.fr"), and another name sharing one word does not', () => {
  const d = doc([
    'Évolis Fournitures de Bureau S.A.R.L.', '79, rue des Tanneurs', '75053 Paris CEDEX', 'E-mail: billing@evolis-fournitures.fr', '',
    'Adressé à', 'Lefèvre Fournitures de Bureau S.A.R.L.', '124 avenue Jean Jaurès', '31903 Toulouse', '', 'www.evolis-fournitures.fr',
  ]);
  const domain = new Map(partyCandidates(new DocContext(d), 'seller').map((c) => [c.value, c.features.domain]));
  expect(domain.get('Évolis Fournitures de Bureau S.A.R.L.')).toBe(0.7);
  expect(domain.get('Lefèvre Fournitures de Bureau S.A.R.L.')).toBe(0);
});
