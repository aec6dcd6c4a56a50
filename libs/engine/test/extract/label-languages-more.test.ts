/**
 * One-page invoices in Polish, Czech and Swedish, laid out and labelled the way invoices in those languages are:
 * the seller's block under its heading at the left ("Sprzedawca", "Dodavatel", "Säljare"), the buyer's under its
 * heading at the right ("Nabywca", "Odběratel", "Köpare"), header fields and sums beside their printed labels.
 * Each field is read through the language's labels (knowledge/labels/pl.ts, cs.ts, sv.ts) under an English schema.
 */
import { compileSchema, extractFromDocument } from '../../src/index.js';
import { STREET_LINE_RE } from '../../src/knowledge/addresses/index.js';
import { LEGAL_FORM_RE } from '../../src/knowledge/legal-forms/index.js';
import { doc, type LineSpec } from '../helpers/doc.js';

const SCHEMA = compileSchema({
  type: 'object',
  properties: {
    invoice_number: { type: ['string', 'null'], description: 'Invoice number.' },
    issue_date: { type: ['string', 'null'], format: 'date', description: 'Invoice issue date, ISO 8601.' },
    due_date: { type: ['string', 'null'], format: 'date', description: 'Payment due date, ISO 8601.' },
    vendor_name: { type: ['string', 'null'], description: 'Name of the seller.' },
    customer_name: { type: ['string', 'null'], description: 'Name of the buyer.' },
    vendor_vat_number: { type: ['string', 'null'], description: "The seller's VAT identification number." },
    net_amount: { type: ['number', 'null'], description: 'Total before tax (net amount).' },
    tax_amount: { type: ['number', 'null'], description: 'Total tax (VAT) charged.' },
    total_amount: { type: ['number', 'null'], description: 'Invoice total including tax.' },
  },
});

interface Invoice {
  title: string;
  header: [string, string][];
  seller: string[];
  buyer: string[];
  items: string[][];
  sums: [string, string][];
  footer?: string;
}

/** Title and header fields at the top right, party blocks side by side, an item table, sums at the right. */
function invoice(i: Invoice): LineSpec[] {
  const lines: LineSpec[] = [{ text: i.title, x: 0.55, y: 0.04 }];
  i.header.forEach(([label, value], n) => lines.push({ text: label, x: 0.55, y: 0.08 + 0.025 * n }, { text: value, x: 0.77, y: 0.08 + 0.025 * n }));
  const top = 0.1 + 0.025 * i.header.length;
  i.seller.forEach((text, n) => lines.push({ text, x: 0.05, y: top + 0.025 * n }));
  i.buyer.forEach((text, n) => lines.push({ text, x: 0.55, y: top + 0.025 * n }));
  let y = top + 0.025 * Math.max(i.seller.length, i.buyer.length) + 0.05;
  for (const row of i.items) {
    row.forEach((cell, c) => lines.push({ text: cell, x: [0.05, 0.45, 0.6, 0.8][c], y }));
    y += 0.025;
  }
  y += 0.03;
  for (const [label, value] of i.sums) {
    lines.push({ text: label, x: 0.55, y }, { text: value, x: 0.8, y });
    y += 0.025;
  }
  if (i.footer) lines.push({ text: i.footer, x: 0.05, y: 0.95 });
  return lines;
}

const extract = (i: Invoice) => extractFromDocument(doc(invoice(i)), SCHEMA).data;

describe('invoices labelled in Polish, Czech and Swedish', () => {
  test('Polish: "Nr faktury", "Data wystawienia", "Termin płatności", "Sprzedawca"/"Nabywca", "NIP", "Razem netto", "Kwota VAT", "Razem do zapłaty"', () => {
    const r = extract({
      title: 'FAKTURA VAT',
      header: [['Nr faktury:', 'FV/117/2024'], ['Data wystawienia:', '15.03.2024'], ['Data sprzedaży:', '15.03.2024'], ['Termin płatności:', '29.03.2024']],
      seller: ['Sprzedawca:', 'Drukarnia Nowak sp. z o.o.', 'ul. Kwiatowa 12', '00-950 Warszawa', 'NIP: 5261040828'],
      buyer: ['Nabywca:', 'Piekarnia Kowalski S.A.', 'al. Jana Pawła II 5', '31-100 Kraków', 'NIP: 6770065406'],
      items: [['Nazwa towaru lub usługi', 'Ilość', 'Cena netto', 'Wartość netto'], ['Ulotki A5', '1000', '0,50', '500,00']],
      sums: [['Razem netto', '500,00'], ['Kwota VAT 23%', '115,00'], ['Razem do zapłaty', '615,00 PLN']],
    });
    expect(r).toMatchObject({
      invoice_number: 'FV/117/2024', issue_date: '2024-03-15', due_date: '2024-03-29',
      vendor_name: 'Drukarnia Nowak sp. z o.o.', customer_name: 'Piekarnia Kowalski S.A.', vendor_vat_number: '5261040828',
      net_amount: 500, tax_amount: 115, total_amount: 615,
    });
  });

  test('Czech: "Číslo faktury", "Datum vystavení", "Datum splatnosti", "Dodavatel"/"Odběratel", "DIČ", "Celkem bez DPH", "DPH", "Celkem k úhradě"', () => {
    const r = extract({
      title: 'FAKTURA – DAŇOVÝ DOKLAD',
      header: [['Číslo faktury:', '2024001234'], ['Datum vystavení:', '12.04.2024'], ['DUZP:', '12.04.2024'], ['Datum splatnosti:', '26.04.2024']],
      seller: ['Dodavatel:', 'Strojírny Dvořák s.r.o.', 'Průmyslová 1520/4', '301 00 Plzeň', 'IČO: 25123456', 'DIČ: CZ25123456'],
      buyer: ['Odběratel:', 'Pekárna Novák a.s.', 'nám. Míru 8', '120 00 Praha 2', 'IČO: 27654321', 'DIČ: CZ27654321'],
      items: [['Označení dodávky', 'Množství', 'Jednotková cena', 'Cena celkem'], ['Servis linky', '8', '1 250,00', '10 000,00']],
      sums: [['Celkem bez DPH', '10 000,00'], ['DPH 21 %', '2 100,00'], ['Celkem k úhradě', '12 100,00 Kč']],
    });
    expect(r).toMatchObject({
      invoice_number: '2024001234', issue_date: '2024-04-12', due_date: '2024-04-26',
      vendor_name: 'Strojírny Dvořák s.r.o.', customer_name: 'Pekárna Novák a.s.', vendor_vat_number: 'CZ25123456',
      net_amount: 10000, tax_amount: 2100, total_amount: 12100,
    });
  });

  test('Swedish: "Fakturanummer", "Fakturadatum", "Förfallodatum", "Säljare"/"Köpare", "Momsreg.nr", "Summa exkl. moms", "Moms", "Att betala"', () => {
    const r = extract({
      title: 'FAKTURA',
      header: [['Fakturanummer:', '10457'], ['Fakturadatum:', '2024-05-06'], ['Förfallodatum:', '2024-06-05']],
      seller: ['Säljare:', 'Bergströms Bygg AB', 'Storgatan 14', '411 38 Göteborg'],
      buyer: ['Köpare:', 'Café Lindqvist HB', 'Kungsvägen 3', '753 20 Uppsala'],
      items: [['Benämning', 'Antal', 'À-pris', 'Belopp'], ['Snickeriarbete', '12', '650,00', '7 800,00']],
      sums: [['Summa exkl. moms', '7 800,00'], ['Moms 25 %', '1 950,00'], ['Att betala', '9 750,00 SEK']],
      footer: 'Bergströms Bygg AB · Org.nr 556677-8899 · Momsreg.nr SE556677889901 · Godkänd för F-skatt',
    });
    expect(r).toMatchObject({
      invoice_number: '10457', issue_date: '2024-05-06', due_date: '2024-06-05',
      vendor_name: 'Bergströms Bygg AB', customer_name: 'Café Lindqvist HB', vendor_vat_number: 'SE556677889901',
      net_amount: 7800, tax_amount: 1950, total_amount: 9750,
    });
  });
});

describe('Polish, Czech and Swedish names and addresses', () => {
  test.each(['Drukarnia Nowak Sp.k.', 'Nowak i Syn sp.j.', 'Strojírny Dvořák s.r.o.', 'Pekárna Novák a.s.', 'Café Lindqvist HB', 'Lind & Berg KB'])('"%s" ends in a legal form', (name) => {
    expect(LEGAL_FORM_RE.test(name)).toBe(true);
  });

  test.each(['ul. Kwiatowa 12', 'al. Jana Pawła II 5', 'os. Słoneczne 4', 'nám. Míru 8', 'tř. Svobody 12', 'Storgatan 14', 'Kungsvägen 3', 'Box 1234'])('"%s" reads as a street line', (line) => {
    expect(STREET_LINE_RE.test(line)).toBe(true);
  });
});
