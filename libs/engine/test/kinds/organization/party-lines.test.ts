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
