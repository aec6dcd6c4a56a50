/**
 * One-page invoices in Danish, Norwegian Bokmål, Finnish, Romanian, Hungarian and Turkish, laid out and labelled
 * the way invoices of those countries are: header fields beside their printed labels, the seller's and the
 * buyer's blocks under their headings, an item table and the sums at the right. Each field is read through the
 * language's data (knowledge/labels, languages, legal-forms, currencies) under an English schema; the page's
 * language is guessed from its words as the document reader does, so the currency's shared symbol ("kr", "TL")
 * is read as the page's country's.
 */
import { compileSchema, extractFromDocument } from '../../src/index.js';
import { guessLanguage, textWords } from '../../src/document/language.js';
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
    currency: { type: ['string', 'null'], description: 'ISO 4217 currency code.' },
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

function read(i: Invoice) {
  const d = doc(invoice(i));
  const language = guessLanguage(textWords(d.pages[0]!.text)).language;
  if (language) d.pages[0]!.language = language;
  return { language, data: extractFromDocument(d, SCHEMA).data };
}

describe('invoices labelled in Danish, Norwegian, Finnish, Romanian, Hungarian and Turkish', () => {
  test('Danish: "Fakturanr.", "Fakturadato" in words, "Forfaldsdato", "CVR-nr.", "Subtotal", "Moms 25%", "Total inkl. moms", "kr."', () => {
    const r = read({
      title: 'FAKTURA',
      header: [['Fakturanr.:', '2024-0815'], ['Fakturadato:', '5. marts 2024'], ['Forfaldsdato:', '19.03.2024'], ['Kundenr.:', '10442']],
      seller: ['Sælger:', 'Nordlys Tryk ApS', 'Vesterbrogade 12', '1620 København V', 'CVR-nr. 29403473'],
      buyer: ['Faktureres til:', 'Bageriet Hansen I/S', 'Nørregade 7', '8000 Aarhus C'],
      items: [['Beskrivelse', 'Antal', 'Stykpris', 'Beløb'], ['Foldere A5', '1000', '2,00', '2.000,00']],
      sums: [['Subtotal', '2.000,00'], ['Moms 25%', '500,00'], ['Total inkl. moms', '2.500,00 kr.']],
      footer: 'Betales senest på forfaldsdatoen til vores konto i Danske Bank. Tak for handlen, og venligst angiv fakturanummeret ved betaling af beløbet.',
    });
    expect(r.language).toBe('da');
    expect(r.data).toMatchObject({
      invoice_number: '2024-0815', issue_date: '2024-03-05', due_date: '2024-03-19',
      vendor_name: 'Nordlys Tryk ApS', customer_name: 'Bageriet Hansen I/S', vendor_vat_number: '29403473',
      net_amount: 2000, tax_amount: 500, total_amount: 2500, currency: 'DKK',
    });
  });

  test('Norwegian: "Fakturanummer", "Fakturadato", "Forfallsdato" in words, "Org.nr.", "Sum eks. mva.", "Mva 25%", "Å betale", "kr"', () => {
    const r = read({
      title: 'FAKTURA',
      header: [['Fakturanummer:', '31877'], ['Fakturadato:', '02.04.2024'], ['Forfallsdato:', '16. april 2024'], ['KID:', '0031877005']],
      seller: ['Selger:', 'Fjordkraft Trykk AS', 'Storgata 14', '0155 Oslo', 'Org.nr. NO 923 609 016 MVA'],
      buyer: ['Faktura til:', 'Bakeriet Berg ANS', 'Kirkeveien 3', '5003 Bergen'],
      items: [['Beskrivelse', 'Antall', 'Enhetspris', 'Beløp'], ['Brosjyrer A5', '500', '4,00', '2 000,00']],
      sums: [['Sum eks. mva.', '2 000,00'], ['Mva 25%', '500,00'], ['Å betale', 'kr 2 500,00']],
      footer: 'Vennligst betal innen forfallsdato og bruk KID ved betaling. Takk for handelen, og ta kontakt med oss hvis det er spørsmål om fakturaen.',
    });
    expect(r.language).toBe('nb');
    expect(r.data).toMatchObject({
      invoice_number: '31877', issue_date: '2024-04-02', due_date: '2024-04-16',
      vendor_name: 'Fjordkraft Trykk AS', customer_name: 'Bakeriet Berg ANS',
      net_amount: 2000, tax_amount: 500, total_amount: 2500, currency: 'NOK',
    });
    expect(r.data.vendor_vat_number).toMatch(/923 ?609 ?016/);
  });

  test('Finnish: "Laskun numero", "Päiväys", "Eräpäivä" in words, "Y-tunnus"/"ALV-tunniste", "Veroton yhteensä", "ALV 24 %", "Yhteensä", "€"', () => {
    const r = read({
      title: 'LASKU',
      header: [['Laskun numero:', '10254'], ['Päiväys:', '08.05.2024'], ['Eräpäivä:', '22. toukokuuta 2024'], ['Viitenumero:', '102546']],
      seller: ['Myyjä:', 'Revontuli Paino Oy', 'Mannerheimintie 5', '00100 Helsinki', 'ALV-tunniste: FI25120457'],
      buyer: ['Ostaja:', 'Leipomo Virtanen Ky', 'Hämeenkatu 9', '33100 Tampere'],
      items: [['Kuvaus', 'Määrä', 'Yksikköhinta', 'Yhteensä'], ['Esitteet A5', '1000', '1,00', '1 000,00']],
      sums: [['Veroton yhteensä', '1 000,00'], ['ALV 24 %', '240,00'], ['Yhteensä', '1 240,00 €']],
      footer: 'Maksettava viimeistään eräpäivänä. Käyttäkää maksaessanne viitenumeroa. Kiitos tilauksesta, ja olkaa hyvä ja ottakaa yhteyttä, jos teillä on kysyttävää.',
    });
    expect(r.language).toBe('fi');
    expect(r.data).toMatchObject({
      invoice_number: '10254', issue_date: '2024-05-08', due_date: '2024-05-22',
      vendor_name: 'Revontuli Paino Oy', customer_name: 'Leipomo Virtanen Ky', vendor_vat_number: 'FI25120457',
      net_amount: 1000, tax_amount: 240, total_amount: 1240, currency: 'EUR',
    });
  });

  test('Romanian: "Factura seria ... nr.", "Data emiterii" in words, "Data scadenței", "CUI", "Total fără TVA", "TVA 19%", "Total de plată", "lei"', () => {
    const r = read({
      title: 'FACTURĂ FISCALĂ',
      header: [['Număr factură:', 'TIP-0457'], ['Data emiterii:', '12 martie 2024'], ['Data scadenței:', '26.03.2024']],
      seller: ['Furnizor:', 'Tipografia Carpați S.R.L.', 'Strada Lipscani 21', 'București, Sector 3', 'CUI: RO18547290'],
      buyer: ['Cumpărător:', 'Brutăria Ionescu S.A.', 'Bulevardul Eroilor 8', 'Cluj-Napoca'],
      items: [['Denumire produs', 'Cantitate', 'Preț unitar', 'Valoare'], ['Pliante A5', '1000', '1,00', '1.000,00']],
      sums: [['Total fără TVA', '1.000,00'], ['TVA 19%', '190,00'], ['Total de plată', '1.190,00 lei']],
      footer: 'Vă rugăm să efectuați plata până la data scadenței în contul nostru din IBAN. Vă mulțumim pentru comandă și pentru colaborarea cu noi.',
    });
    expect(r.language).toBe('ro');
    expect(r.data).toMatchObject({
      invoice_number: 'TIP-0457', issue_date: '2024-03-12', due_date: '2024-03-26',
      vendor_name: 'Tipografia Carpați S.R.L.', customer_name: 'Brutăria Ionescu S.A.', vendor_vat_number: 'RO18547290',
      net_amount: 1000, tax_amount: 190, total_amount: 1190, currency: 'RON',
    });
  });

  test('Hungarian: "Számla sorszáma", "Számla kelte" year first in words, "Fizetési határidő", "Adószám", "Nettó összesen", "ÁFA 27%", "Bruttó végösszeg", "Ft"', () => {
    const r = read({
      title: 'SZÁMLA',
      header: [['Számla sorszáma:', 'NYK-2024-118'], ['Teljesítés dátuma:', '2024.03.04.'], ['Számla kelte:', '2024. március 5.'], ['Fizetési határidő:', '2024. 03. 20.']],
      seller: ['Szállító:', 'Duna Nyomda Kft.', 'Váci utca 12.', '1052 Budapest', 'Adószám: 12345676-2-41'],
      buyer: ['Vevő:', 'Kovács Pékség Bt.', 'Fő utca 3.', '6720 Szeged'],
      items: [['Megnevezés', 'Mennyiség', 'Egységár', 'Nettó érték'], ['Szórólap A5', '1000', '100', '100 000']],
      sums: [['Nettó összesen', '100 000 Ft'], ['ÁFA 27%', '27 000 Ft'], ['Bruttó végösszeg', '127 000 Ft']],
      footer: 'Kérjük, hogy a számla összegét a fizetési határidő előtt utalja át. Köszönjük a megrendelést, és a további együttműködést.',
    });
    expect(r.language).toBe('hu');
    expect(r.data).toMatchObject({
      invoice_number: 'NYK-2024-118', issue_date: '2024-03-05', due_date: '2024-03-20',
      vendor_name: 'Duna Nyomda Kft.', customer_name: 'Kovács Pékség Bt.', vendor_vat_number: '12345676-2-41',
      net_amount: 100000, tax_amount: 27000, total_amount: 127000, currency: 'HUF',
    });
  });

  test('Turkish: "Fatura No", "Fatura Tarihi" in words, "Son Ödeme Tarihi", "Vergi No", "Ara Toplam", "KDV %20", "Genel Toplam", "TL"', () => {
    const r = read({
      title: 'FATURA',
      header: [['Fatura No:', 'ABC2024000000117'], ['Fatura Tarihi:', '7 Mart 2024'], ['Son Ödeme Tarihi:', '21.03.2024']],
      seller: ['Satıcı:', 'Boğaziçi Matbaa Ltd. Şti.', 'Atatürk Caddesi No: 15', 'Kadıköy / İstanbul', 'Vergi No: 1234567890'],
      buyer: ['Alıcı:', 'Yılmaz Fırıncılık Ltd. Şti.', 'Cumhuriyet Mahallesi 4', 'Ankara'],
      items: [['Açıklama', 'Miktar', 'Birim Fiyat', 'Tutar'], ['Broşür A5', '1000', '1,00', '1.000,00']],
      sums: [['Ara Toplam', '1.000,00'], ['KDV %20', '200,00'], ['Genel Toplam', '1.200,00 TL']],
      footer: 'Ödemenin son ödeme tarihine kadar yapılmasını rica ederiz. Bizi tercih ettiğiniz için teşekkür ederiz, bu fatura ile ilgili tüm sorular için bize yazın.',
    });
    expect(r.language).toBe('tr');
    expect(r.data).toMatchObject({
      invoice_number: 'ABC2024000000117', issue_date: '2024-03-07', due_date: '2024-03-21',
      vendor_name: 'Boğaziçi Matbaa Ltd. Şti.', customer_name: 'Yılmaz Fırıncılık Ltd. Şti.', vendor_vat_number: '1234567890',
      net_amount: 1000, tax_amount: 200, total_amount: 1200, currency: 'TRY',
    });
  });
});
