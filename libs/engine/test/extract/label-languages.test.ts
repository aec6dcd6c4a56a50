/**
 * One-page invoices in French, German, Spanish, Italian, Dutch and Portuguese, each labelled the way invoices in
 * that language commonly are: the header fields (number, dates, order number) and the sums (tax, total) are
 * found through their printed labels (knowledge/labels) under an English schema.
 */
import { compileSchema, extractFromDocument } from '../../src/index.js';
import { doc, type LineSpec } from '../helpers/doc.js';

const SCHEMA = compileSchema({
  type: 'object',
  properties: {
    invoice_number: { type: ['string', 'null'], description: 'Invoice number.' },
    issue_date: { type: ['string', 'null'], format: 'date', description: 'Invoice issue date, ISO 8601.' },
    due_date: { type: ['string', 'null'], format: 'date', description: 'Payment due date, ISO 8601.' },
    purchase_order_number: { type: ['string', 'null'], description: "The buyer's purchase order number." },
    tax_amount: { type: ['number', 'null'], description: 'Total tax (VAT) charged.' },
    total_amount: { type: ['number', 'null'], description: 'Invoice total including tax.' },
  },
});

/** Label/value rows: each [label, value] pair is set as two words groups on one visual row. */
function invoice(head: string[], pairs: [string, string][], items: string[][], sums: [string, string][]): LineSpec[] {
  const lines: LineSpec[] = head.map((text, i) => ({ text, x: 0.05, y: 0.04 + 0.025 * i }));
  let y = 0.04 + 0.025 * head.length + 0.03;
  pairs.forEach(([label, value], i) => {
    const x = i % 2 === 0 ? 0.05 : 0.55;
    lines.push({ text: label, x, y }, { text: value, x: x + 0.22, y });
    if (i % 2 === 1) y += 0.025;
  });
  y += 0.05;
  for (const row of items) {
    row.forEach((cell, c) => lines.push({ text: cell, x: [0.05, 0.45, 0.6, 0.8][c], y }));
    y += 0.025;
  }
  y += 0.03;
  for (const [label, value] of sums) {
    lines.push({ text: label, x: 0.55, y }, { text: value, x: 0.82, y });
    y += 0.025;
  }
  return lines;
}

const extract = (lines: LineSpec[]) => extractFromDocument(doc(lines), SCHEMA).data;

describe('invoices labelled in other languages', () => {
  test('French: "N° de facture", "Date d\'émission", "Date d\'échéance", "Bon de commande", "TVA", "Net à payer"', () => {
    const r = extract(invoice(
      ['ATELIER MOREAU SARL', '14 rue des Lilas, 69003 Lyon', 'FACTURE'],
      [['N° de facture :', 'F-2024-0311'], ["Date d'émission :", '05/03/2024'], ["Date d'échéance :", '04/04/2024'], ['Bon de commande :', 'BC-55120']],
      [['Désignation', 'Qté', 'Prix unitaire', 'Montant HT'], ['Entretien annuel', '2', '150,00', '300,00']],
      [['Total HT', '300,00'], ['TVA 20 %', '60,00'], ['Net à payer', '360,00']],
    ));
    expect(r).toMatchObject({ invoice_number: 'F-2024-0311', issue_date: '2024-03-05', due_date: '2024-04-04', purchase_order_number: 'BC-55120', tax_amount: 60, total_amount: 360 });
  });

  test('German: "Rg.-Nr.", "Rechnungsdatum", "Zahlbar bis", "Ihre Bestellnummer", "zzgl. MwSt.", "Gesamtbetrag"', () => {
    const r = extract(invoice(
      ['Holzbau Krüger GmbH', 'Lindenweg 7, 28195 Bremen', 'RECHNUNG'],
      [['Rg.-Nr.:', 'RE-88417'], ['Rechnungsdatum:', '12.02.2024'], ['Zahlbar bis:', '26.02.2024'], ['Ihre Bestellnummer:', '4500078812']],
      [['Bezeichnung', 'Menge', 'Einzelpreis', 'Gesamtpreis'], ['Dachlatten', '40', '12,50', '500,00']],
      [['Nettobetrag', '500,00'], ['zzgl. MwSt. 19 %', '95,00'], ['Gesamtbetrag', '595,00']],
    ));
    expect(r).toMatchObject({ invoice_number: 'RE-88417', issue_date: '2024-02-12', due_date: '2024-02-26', purchase_order_number: '4500078812', tax_amount: 95, total_amount: 595 });
  });

  test('Spanish: "Fra. nº", "Fecha de expedición", "Vencimiento", "Nº de pedido", "Cuota IVA", "Total factura"', () => {
    const r = extract(invoice(
      ['Suministros Levante S.L.', 'Calle Mayor 21, 46001 Valencia', 'FACTURA'],
      [['Fra. nº:', 'A/2024/0093'], ['Fecha de expedición:', '18/01/2024'], ['Vencimiento:', '17/02/2024'], ['Nº de pedido:', 'PED-7731']],
      [['Concepto', 'Cantidad', 'Precio unitario', 'Importe'], ['Tornillería', '100', '1,20', '120,00']],
      [['Base imponible', '120,00'], ['Cuota IVA 21%', '25,20'], ['Total factura', '145,20']],
    ));
    expect(r).toMatchObject({ invoice_number: 'A/2024/0093', issue_date: '2024-01-18', due_date: '2024-02-17', purchase_order_number: 'PED-7731', tax_amount: 25.2, total_amount: 145.2 });
  });

  test('Italian: "Nr. fattura", "Data documento", "Scadenza pagamento", "Vs. ordine", "Totale IVA", "Totale documento"', () => {
    const r = extract(invoice(
      ['Rossi Forniture S.r.l.', 'Via Roma 12, 20121 Milano', 'FATTURA'],
      [['Nr. fattura:', '117/2024'], ['Data documento:', '14/03/2024'], ['Scadenza pagamento:', '13/04/2024'], ['Vs. ordine:', 'ORD-4471']],
      [['Descrizione', 'Q.tà', 'Prezzo unitario', 'Importo'], ['Consulenza tecnica', '10', '80,00', '800,00']],
      [['Imponibile', '800,00'], ['Totale IVA', '176,00'], ['Totale documento', '976,00']],
    ));
    expect(r).toMatchObject({ invoice_number: '117/2024', issue_date: '2024-03-14', due_date: '2024-04-13', purchase_order_number: 'ORD-4471', tax_amount: 176, total_amount: 976 });
  });

  test('Dutch: "Documentnummer", "Datum van uitgifte", "Uiterste betaaldatum", "Inkoopordernummer", "Totaal BTW", "Totaalbedrag"', () => {
    const r = extract(invoice(
      ['Bakkerij De Vries B.V.', 'Kerkstraat 3, 3511 LX Utrecht', 'FACTUUR'],
      [['Documentnummer:', '2024-0456'], ['Datum van uitgifte:', '07-05-2024'], ['Uiterste betaaldatum:', '21-05-2024'], ['Inkoopordernummer:', 'INK-3390']],
      [['Omschrijving', 'Aantal', 'Stukprijs', 'Bedrag'], ['Taarten', '4', '25,00', '100,00']],
      [['Netto bedrag', '100,00'], ['Totaal BTW', '21,00'], ['Totaalbedrag', '121,00']],
    ));
    expect(r).toMatchObject({ invoice_number: '2024-0456', issue_date: '2024-05-07', due_date: '2024-05-21', purchase_order_number: 'INK-3390', tax_amount: 21, total_amount: 121 });
  });

  test('Portuguese: "Fatura n.º", "Data de emissão", "Data de vencimento", "Nº encomenda", "Total IVA", "Total a pagar"', () => {
    const r = extract(invoice(
      ['Marques & Filhos, Lda.', 'Rua Augusta 45, 1100-048 Lisboa', 'FATURA'],
      [['Fatura n.º', '2024/215'], ['Data de emissão:', '22/04/2024'], ['Data de vencimento:', '22/05/2024'], ['Nº encomenda:', 'ENC-1208']],
      [['Descrição', 'Qtd', 'Preço unitário', 'Valor'], ['Azulejos pintados', '50', '4,00', '200,00']],
      [['Total ilíquido', '200,00'], ['Total IVA', '46,00'], ['Total a pagar', '246,00']],
    ));
    expect(r).toMatchObject({ invoice_number: '2024/215', issue_date: '2024-04-22', due_date: '2024-05-22', purchase_order_number: 'ENC-1208', tax_amount: 46, total_amount: 246 });
  });
});

describe('party blocks opened by a heading in other languages', () => {
  const PARTIES = compileSchema({ type: 'object', properties: { vendor_name: { type: ['string', 'null'] }, customer_name: { type: ['string', 'null'] } } });
  test.each([
    ['French', 'Facturé à :', 'Boulangerie Martin SARL', 'Atelier Moreau SARL'],
    ['German', 'Rechnungsempfänger:', 'Bäckerei Schulz GmbH', 'Holzbau Krüger GmbH'],
    ['Spanish', 'Facturar a:', 'Panadería López S.L.', 'Suministros Levante S.L.'],
    ['Italian', 'Spett.le', 'Forno Bianchi S.r.l.', 'Rossi Forniture S.r.l.'],
    ['Dutch', 'Factuuradres:', 'Slagerij Jansen B.V.', 'Bakkerij De Vries B.V.'],
    ['Portuguese', 'Cliente:', 'Padaria Sousa, Lda.', 'Marques & Filhos, Lda.'],
  ])('%s: the heading "%s" is the buyer\'s, not a name', (_language, heading, buyer, seller) => {
    const r = extractFromDocument(doc([
      { text: seller, x: 0.05, y: 0.04 }, { text: 'Long Street 1, 1000 Town', x: 0.05, y: 0.065 },
      { text: heading, x: 0.55, y: 0.15 }, { text: buyer, x: 0.55, y: 0.175 }, { text: 'Short Street 9, 2000 Town', x: 0.55, y: 0.2 },
      { text: 'Total 100,00', x: 0.6, y: 0.6 },
    ]), PARTIES).data;
    expect(r).toEqual({ vendor_name: seller, customer_name: buyer });
  });
});

describe('whose identifier a label names', () => {
  test('Spanish: "Su NIF" is the customer\'s tax id, the plain "NIF" in the footer the seller\'s', () => {
    const r = extractFromDocument(doc([
      { text: 'Suministros Levante S.L.', x: 0.05, y: 0.04 },
      { text: 'FACTURA', x: 0.45, y: 0.1 },
      { text: 'Cliente: Panadería López S.L.', x: 0.05, y: 0.2 },
      { text: 'Su NIF: ES12345678Z', x: 0.05, y: 0.23 },
      { text: 'Total factura 145,20', x: 0.55, y: 0.6 },
      { text: 'Suministros Levante S.L. · Calle Mayor 21, 46001 Valencia · NIF: ES87654321X', x: 0.05, y: 0.95 },
    ]), compileSchema({ type: 'object', properties: { vendor_vat_number: { type: ['string', 'null'] }, customer_vat_number: { type: ['string', 'null'] } } })).data;
    expect(r).toEqual({ vendor_vat_number: 'ES87654321X', customer_vat_number: 'ES12345678Z' });
  });
});

