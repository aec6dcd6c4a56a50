import { compileSchema } from '../../src/schema/compile.js';
import { extractFromDocument } from '../../src/extract/extract.js';
import { confusionDistance, digitize, fuzzyMonth, looksLikeReceipt, repairedAmounts, repairedDates } from '../../src/ocr-repair/index.js';
import { DocContext } from '../../src/extract/context.js';
import { consensusName, repairName, trimHeader } from '../../src/ocr-repair/receipt.js';
import { lineReadings, pageSpan, votedText } from '../../src/ocr-repair/readings.js';
import { repairAddress, repairAddressWord, trimAddressLine } from '../../src/ocr-repair/address.js';
import type { DocumentModel } from '../../src/document/model.js';
import { doc } from '../helpers/doc.js';

const ocr = (d: DocumentModel): DocumentModel => ({ ...d, format: 'jpeg', pages: d.pages.map((p) => ({ ...p, source: 'ocr' as const })) });

describe('confusable characters', () => {
  test('letters inside numeric tokens are read as digits, words are left alone', () => {
    expect(digitize('Date: 2o/O5/2017').text).toBe('Date: 20/05/2017');
    expect(digitize('CHANGE RM &.40').text).toBe('CHANGE RM 8.40');
    expect(digitize('TOTAL SALES 12.50').text).toBe('TOTAL SALES 12.50');
    expect(digitize('Dated:12/0l/2018').text).toBe('Dated:12/01/2018');
  });

  test('confusion-aware distance is small for OCR confusions', () => {
    expect(confusionDistance('TOTAL', 'T0TAL')).toBeLessThan(0.5);
    expect(confusionDistance('SDN', 'SON')).toBeLessThan(0.5);
    expect(confusionDistance('TOTAL', 'TABLE')).toBeGreaterThan(1.5);
    expect(fuzzyMonth('dun')?.month).toBe(6);
    expect(fuzzyMonth('xyz')).toBeUndefined();
  });
});

describe('type-aware readers', () => {
  test('dates through misreads, with a repair cost', () => {
    const clean = repairedDates('Date: 25/12/2018 10:27');
    expect(clean).toEqual([expect.objectContaining({ iso: '2018-12-25', cost: 0 })]);
    expect(repairedDates('Date 2o/O5/2017')[0]).toMatchObject({ iso: '2017-05-20' });
    expect(repairedDates('Date 2o/O5/2017')[0]!.cost).toBeGreaterThan(0);
    // an impossible month with one likely digit misread
    expect(repairedDates('05/61/2018 Cashier')[0]).toMatchObject({ iso: '2018-01-05' });
    expect(repairedDates('14/dun/2017 08:34')[0]).toMatchObject({ iso: '2017-06-14' });
  });

  test('a date valid only against the document convention costs like a misread', () => {
    const [d] = repairedDates('Date: 01/16/2017', 'dmy');
    expect(d).toMatchObject({ iso: '2017-01-16' });
    expect(d!.cost).toBeGreaterThan(repairedDates('Date: 01/10/2017', 'dmy')[0]!.cost + 0.3);
  });

  test('a labelled date with its separators read as digits or lost', () => {
    expect(repairedDates('DATE: 2540422017')[0]).toMatchObject({ iso: '2017-04-25' });
    expect(repairedDates('DATE: 25042017')[0]).toMatchObject({ iso: '2017-04-25' });
    expect(repairedDates('Date: 20170425')[0]).toMatchObject({ iso: '2017-04-25' });
    // unlabelled digit runs are codes, not dates
    expect(repairedDates('REF 2540422017')).toEqual([]);
  });

  test('amounts through misreads: symbols, lost points, comma decimals', () => {
    const v = (t: string) => repairedAmounts(t).sort((a, b) => a.cost - b.cost).map((a) => a.value);
    expect(v('TOTAL 12.50')[0]).toBe(12.5);
    expect(v('CHANGE RM &.40')).toContain(8.4);
    expect(v('Total Sales 37 50')).toContain(37.5);
    expect(v('Total 5,90')[0]).toBe(5.9);
    expect(v('1812 2 16.96 3392 SR')).toContain(33.92);
  });

  test('a number followed by a percent sign is a rate, not an amount', () => {
    const v = (t: string) => repairedAmounts(t).map((a) => a.value);
    expect(v('(Total Included GST @ 4% at')).toEqual([]);
    expect(v('GST @ 6.00 % 1.20')).toEqual([1.2]);
  });

  test('merchant names: brackets and legal forms misread', () => {
    expect(repairName('AEON CO. {M) BHD')).toBe('AEON CO. (M) BHD');
    expect(repairName('UNIHAKKA INTERNATIONAL SON BHD')).toBe('UNIHAKKA INTERNATIONAL SDN BHD');
    expect(repairName('MR. D.1.¥. (Mj SDN BHD')).toBe('MR. D.I.Y. (M) SDN BHD');
    expect(repairName('99 SPEED MART')).toBe('99 SPEED MART');
  });

  test('merchant names: a letter of each word of "SDN BHD" misread', () => {
    expect(repairName('AIK HUAT HARDWARE (SETIA ALAM) SEN BHE')).toBe('AIK HUAT HARDWARE (SETIA ALAM) SDN BHD');
    expect(repairName('SUBANG HEALTHCARE SDN BHI')).toBe('SUBANG HEALTHCARE SDN BHD');
    expect(repairName('GARDENIA BAKERIES (KL) SDN BILD')).toBe('GARDENIA BAKERIES (KL) SDN BHD');
    expect(repairName('BEMED (SP) SDN. BHO.')).toBe('BEMED (SP) SDN. BHD.');
  });

  test('merchant names: a trailing "SDN" whose "BHD" faded is completed', () => {
    expect(repairName('MR. D.1.Y. (M) SDN 0')).toBe('MR. D.I.Y. (M) SDN BHD');
    expect(repairName('BEMED (SP) SDN.')).toBe('BEMED (SP) SDN. BHD');
    expect(repairName('KEDAI SDN BHD')).toBe('KEDAI SDN BHD');
  });

  test('merchant names: business words one confusion away take their spelling', () => {
    expect(repairName('GARDENIA BAKERLES (KL) SDN BHD')).toBe('GARDENIA BAKERIES (KL) SDN BHD');
    expect(repairName('VERBENA CONFECTIUNERY SDN BHD')).toBe('VERBENA CONFECTIONERY SDN BHD');
    // a name word near no business word stays
    expect(repairName('GARDENIA BAKERIES (KL) SDN BHD')).toBe('GARDENIA BAKERIES (KL) SDN BHD');
    expect(repairName('KEDAI MAKAN SEDAP')).toBe('KEDAI MAKAN SEDAP');
  });

  test('curly quotes read by OCR become the straight quotes receipts print', () => {
    expect(repairName('BERRY’S CAKE HOUSE')).toBe("BERRY'S CAKE HOUSE");
    expect(repairAddress('Bandar Sri D’sara, 52000 KL')).toBe("Bandar Sri D'sara, 52000 KL");
  });

  test('merchant header: one- and two-letter noise after the legal form is cut off', () => {
    expect(trimHeader('YONG GEN ENTERPRISE PU ae', 0).text).toBe('YONG GEN ENTERPRISE');
    expect(trimHeader('ABC TRADING ANDY SPORTS', 0).text).toBe('ABC TRADING ANDY SPORTS');
  });

  test('merchant header: a registration number with two check letters is cut off', () => {
    expect(trimHeader('GARDENIA BAKERIES (KL) SDN BELD (139386 XN)', 0).text).toBe('GARDENIA BAKERIES (KL) SDN BELD');
    expect(trimHeader('GARDENIA BAKERIES (KL) SDN BHD (129886 X)', 0).text).toBe('GARDENIA BAKERIES (KL) SDN BHD');
  });

  test('merchant header: a postcode and a two-letter place are not a registration number', () => {
    expect(trimHeader("BANDAR SRI D'SARA, 52000 KL", 0).text).toBe("BANDAR SRI D'SARA, 52000 KL");
  });

  test('merchant names: a word printed more often elsewhere one confusion away takes that spelling', () => {
    const pages = ['SANYO STATIONERY SHOP\nSANYU SUPPLY SDN BHD\nFollow us in Facebook : Sanyu.Stationery'];
    expect(consensusName('SANYO STATIONERY SHOP', pages)).toBe('SANYU STATIONERY SHOP');
  });

  test('merchant names: a word printed once elsewhere, or two letters away, is no consensus', () => {
    expect(consensusName('SANYO STATIONERY SHOP', ['SANYO STATIONERY SHOP\nSANYU SUPPLY SDN BHD'])).toBe('SANYO STATIONERY SHOP');
    expect(consensusName('SANYO STATIONERY SHOP', ['SANYO STATIONERY SHOP\nSANTA SUPPLY\nSanta'])).toBe('SANYO STATIONERY SHOP');
  });

  test('merchant names: words like the legal form inside the name are left alone', () => {
    expect(repairName('SUN BHX TRADING')).toBe('SUN BHX TRADING');
  });
});

describe('merchant addresses', () => {
  test('a word one confusion away from the address vocabulary takes its spelling, in its case', () => {
    expect(repairAddressWord('TAHAN')).toBe('TAMAN');
    expect(repairAddressWord('PERENDUSTRIAN')).toBe('PERINDUSTRIAN');
    expect(repairAddressWord('Jin')).toBe('Jln');
    // place names are no vocabulary: they keep the spelling OCR read
    expect(repairAddressWord('LUNPUR')).toBe('LUNPUR');
    expect(repairAddressWord('Bik')).toBe('Blk');
  });

  test('"JLN" with its middle letter misread, and "NO." with its O misread before a number, are read back', () => {
    expect(repairAddress('TAMAN MALURI SC JUN JEJAKA, OFF Jen Ulu')).toBe('TAMAN MALURI SC JLN JEJAKA, OFF Jln Ulu');
    expect(repairAddress('NG.113G & 115G, JALAN SETIA')).toBe('NO.113G & 115G, JALAN SETIA');
    // "NG" as a word of a name is left alone
    expect(repairAddress('NG KEE TRADING, JALAN SETIA')).toBe('NG KEE TRADING, JALAN SETIA');
  });

  test('a "$" glued to digits at the start of an address line is a misread digit, not a stray mark', () => {
    expect(trimAddressLine('$2100 KUALA LUMPUR', 0).text).toBe('$2100 KUALA LUMPUR');
  });

  test('a lower-case i or l inside a lot or unit code is a misread 1', () => {
    expect(repairAddress('NO. i7-G, JALAN SETIA, SEKSYEN Ui3, 40170 SHAH ALAM')).toBe('NO. 17-G, JALAN SETIA, SEKSYEN U13, 40170 SHAH ALAM');
    expect(repairAddress('NO. 20-Al, JALAN SS6/3')).toBe('NO. 20-A1, JALAN SS6/3');
    // words without digits keep their letters
    expect(repairAddress('Jalan Setia Indah, Ulu Klang')).toBe('Jalan Setia Indah, Ulu Klang');
  });

  test('words outside the vocabulary or further than one confusion are left alone', () => {
    expect(repairAddressWord('KEMBANGAN')).toBe('KEMBANGAN');
    expect(repairAddressWord('TARUL')).toBe('TARUL');
    expect(repairAddressWord('ALAR')).toBe('ALAR');
    expect(repairAddressWord('SS15')).toBe('SS15');
  });

  test('marks and lower-case letter noise between address words are dropped', () => {
    expect(repairAddress('LOT 1851-A & 1851-B, JALAN KPB 6, ~~ al KAWASAN BALAKONG, 43300 SERI KEMBANGAN, SELANGOR ry'))
      .toBe('LOT 1851-A & 1851-B, JALAN KPB 6, KAWASAN BALAKONG, 43300 SERI KEMBANGAN, SELANGOR');
    expect(repairAddress('30, Jln Kebudayaan 7, 81300 Skudai, Johor | os')).toBe('30, Jln Kebudayaan 7, 81300 Skudai, Johor');
    // a short word of a mixed-case address stays
    expect(repairAddress('Lot 5, off Jalan Besar')).toBe('Lot 5, off Jalan Besar');
  });

  test('an address line keeps its trailing lot number or postcode and loses a registration number', () => {
    expect(trimAddressLine('Jalan Danga, Taman Nusa Bestari, 81300', 0).text).toBe('Jalan Danga, Taman Nusa Bestari, 81300');
    expect(trimAddressLine('. LOT PTD 101051', 0).text).toBe('LOT PTD 101051');
    expect(trimAddressLine('NO 5, JALAN SETIA 2 (867388-U) |', 0).text).toBe('NO 5, JALAN SETIA 2');
  });
});

describe('alternative readings', () => {
  test('a word re-read by a second pass keeps its box; offsets map back to the primary text', () => {
    const d = doc(['Date: 2O/1Z/2O17 10:27']);
    const page = d.pages[0]!;
    const w = page.words.find((x) => x.text === '2O/1Z/2O17')!;
    w.alt = { text: '20/12/2017', confidence: 0.9 };
    const [primary, alt] = lineReadings(page, 0);
    expect(primary!.text).toBe(page.text);
    expect(alt!.text).toBe('Date: 20/12/2017 10:27');
    const s = alt!.text.indexOf('20/12');
    const span = pageSpan(page, alt!, s, s + 10);
    expect(page.text.slice(span.start, span.end)).toBe('2O/1Z/2O17');
  });
});

describe('line re-readings', () => {
  test('three readings of a word vote character by character; two readings, or unequal lengths, do not', () => {
    expect(votedText('05/61/2018', '08/01/2018', '05/01/2018')).toBe('05/01/2018');
    expect(votedText('05/61/2018', undefined, '05/01/2018')).toBeUndefined();
    expect(votedText('05/61/2018', '08/01/2018', '5/01/2018')).toBeUndefined();
    expect(votedText('05/01/2018', '08/01/2018', '05/07/2018')).toBeUndefined();
  });

});

const receiptSchema = compileSchema({
  type: 'object',
  properties: {
    company: { type: ['string', 'null'], description: "Name of the merchant / company that issued the receipt, as printed at the top (e.g. 'XYZ TRADING SDN BHD')." },
    address: { type: ['string', 'null'], description: 'Full postal address of the merchant as printed, lines joined with spaces.' },
    date: { type: ['string', 'null'], description: 'Transaction date of the receipt, ISO 8601 (YYYY-MM-DD).' },
    total: { type: ['number', 'null'], description: 'Total amount paid (grand total incl. tax/rounding), as a number without currency symbol.' },
  },
});

describe('receipt fields', () => {
  test('merchant from the clean header line, address below it, labelled date, total that agrees with the payment', () => {
    const d = ocr(doc([
      '~ . ,',
      'KEDAI MAKAN SEDAP SDN BHD (123456-X)',
      'NO 12, JALAN MAWAR 3,',
      'TAMAN BUNGA, 43000 KAJANG.',
      'TEL : 03-8888 1234',
      'GST ID : 000123456789',
      'Doc No : CS0001 Date: 2O/O5/2017',
      'Item Qty Price Amount',
      'NASI LEMAK 2 4.50 9.00',
      'Total Qty 3 14.50',
      'Total Sales (Excluding GST) : 13.68',
      'Total GST : 0.82',
      'Rounding : 0.00',
      'Total Sales (Inclusive of GST) : 14.50',
      'CASH : 20.00',
      'Change : 5.50',
      'GST SUMMARY',
      'Total : 13.68 0.82',
      'THANK YOU',
    ]));
    const r = extractFromDocument(d, receiptSchema);
    expect(r.data).toEqual({
      company: 'KEDAI MAKAN SEDAP SDN BHD',
      address: 'NO 12, JALAN MAWAR 3, TAMAN BUNGA, 43000 KAJANG.',
      date: '2017-05-20',
      total: 14.5,
    });
    expect(r.fields['/total']!.grounding[0]!.text).toBe('14.50');
  });

  test('a total whose faint first digit was lost is read back when payment and change agree', () => {
    const d = ocr(doc([
      'DAKGALBI SOLARIS SDN BHD',
      'NO 2, JALAN SOLARIS, 50480 KUALA LUMPUR',
      'Date: 03/02/2018',
      'Round Amt 0.00',
      'TOTAL 1.00',
      'Cash Received 101.00',
      'Change 30.00',
      'Thank you',
    ]));
    expect(extractFromDocument(d, receiptSchema).data.total).toBe(71);
  });

  test('a total that agrees with the payment keeps its printed reading', () => {
    const d = ocr(doc(['DAKGALBI SOLARIS SDN BHD', 'NO 2, JALAN SOLARIS, 50480 KUALA LUMPUR', 'Date: 03/02/2018', 'TOTAL 1.00', 'Cash Received 11.00', 'Change 10.00', 'Thank you']));
    expect(extractFromDocument(d, receiptSchema).data.total).toBe(1);
  });

  test('the rounded total wins over the unrounded one', () => {
    const d = ocr(doc([
      'BEST MART SDN BHD',
      'LOT 5, JALAN BESAR, 41150 KLANG',
      'Date: 03/02/2018',
      'Total Sales (Inclusive GST) RM 181.98',
      'Rounding Adjustment RM 0.02',
      'Rounding RM 182.00',
      'CASH RM 200.00',
      'CHANGE RM 18.00',
      'Thank you',
    ]));
    expect(extractFromDocument(d, receiptSchema).data.total).toBe(182);
  });

  test('the second reading of a total wins when subtotal and tax (a label glued to its word) add up to it', () => {
    const d = ocr(doc([
      'ASO TRADING SDN BHD',
      'NO 31G, JALAN SEPADU 25, 40400 SHAH ALAM',
      'Date: 04/12/2017',
      '(Excluded GST) Sub Total : 93.40',
      'TotalGST : 5.60',
      'Rounding : 0.00',
      'Total : $9.00',
      'Thank you',
    ]));
    const w = d.pages[0]!.words.find((x) => x.text === '$9.00')!;
    w.confidence = 0.7;
    w.alt = { text: '99.00', confidence: 0.6 };
    expect(extractFromDocument(d, receiptSchema).data.total).toBe(99);
  });

  test('a total printed above the only payment loses to the second reading that matches the payment', () => {
    const d = ocr(doc([
      'SUBANG HEALTH SDN BHD',
      'B-8, JALAN SS15/4D, 47500 SUBANG JAYA',
      'Date: 11/08/2017',
      'ROUNDING 0.00',
      'TOTAL 728.10',
      'DEBIT CARD 78.10',
      'CHANGE 0.00',
    ]));
    const w = d.pages[0]!.words.find((x) => x.text === '728.10')!;
    w.confidence = 0.7;
    w.alt = { text: '78.10', confidence: 0.5 };
    expect(extractFromDocument(d, receiptSchema).data.total).toBe(78.1);
  });

  test('a tax summary row whose tax is a whole rate of its amount confirms a one-digit repair of the total', () => {
    const lines = (summary: string) => ocr(doc([
      'KEDAI MAJU SDN BHD',
      'LOT 5, JALAN KPB 6, 43300 SERI KEMBANGAN',
      'Date: 15/03/2018',
      'PEN 2 1.50 3.00',
      'MARKER SET 1 14.00 14.00',
      'WHITEBOARD 1 36.00 36.00',
      'Item(s) : 7',
      'Total Incl. GST 6% RM 119.76',
      'CASH RM 120.06',
      'CHANGE RM 0.36',
      'GST Summary Amt(RM) Tax(RM)',
      summary,
      'Thank you',
    ]));
    expect(extractFromDocument(lines('S @ 6 112.92 6.78'), receiptSchema).data.total).toBe(119.7);
    // 6.84 is no whole-percent rate of 112.92: no confirmation, the printed reading stands
    expect(extractFromDocument(lines('S @ 6 112.92 6.84'), receiptSchema).data.total).toBe(119.76);
  });

  test('"Net Amt" names the total when no line says total', () => {
    const d = ocr(doc([
      'PASIR HARDWARE SDN BHD',
      'NO 69, JALAN PENGKALAN 5, 81700 PASIR GUDANG',
      'Date : 23/06/18 12:46:33 PM',
      'GST (6%) : 0.00',
      'Net Amt: 36.00',
      'Received 36.00',
      'Change : 9.00',
    ]));
    expect(extractFromDocument(d, receiptSchema).data.total).toBe(36);
  });

  test('the vote with the re-reading of a line that ran several printed lines together is not used', () => {
    const d = ocr(doc(['KEDAI MAJU SDN BHD', 'LOT 3, JALAN PELABUR 23/1, 40300 SHAH ALAM', 'GST ID : 000123456789', '05/61/2018 Cashier: CS01', 'TOTAL 10.00', 'CASH 10.00', 'CHANGE 0.00']));
    const page = d.pages[0]!;
    const w = page.words.find((x) => x.text === '05/61/2018')!;
    w.confidence = 0.86;
    w.alt = { text: '08/01/2018', confidence: 0.89 };
    w.reread = { text: '05/01/2018', confidence: 0.6, words: 1 };
    const box = page.lines[3]!.bbox;
    page.lines[3]!.bbox = [box[0], box[1], box[2], box[1] + 3 * (box[3] - box[1])];
    expect(extractFromDocument(d, receiptSchema).data.date).toBe('2018-01-08');
  });

  test('a date digit the two other readings agree on outvotes the third reading', () => {
    const d = ocr(doc(['KEDAI MAJU SDN BHD', 'LOT 3, JALAN PELABUR 23/1, 40300 SHAH ALAM', 'GST ID : 000123456789', '05/61/2018 Cashier: CS01', 'TOTAL 10.00', 'CASH 10.00', 'CHANGE 0.00']));
    const w = d.pages[0]!.words.find((x) => x.text === '05/61/2018')!;
    w.confidence = 0.86;
    w.alt = { text: '08/01/2018', confidence: 0.89 };
    // the re-reading is a third opinion, not a reading of its own
    w.reread = { text: '05/01/2018', confidence: 0.6, words: 1 };
    expect(extractFromDocument(d, receiptSchema).data.date).toBe('2018-01-05');
  });

  test('the receipt date follows the locale convention when another reading fits it', () => {
    const d = ocr(doc(['KEDAI MAJU SDN BHD', 'LOT 3, JALAN PELABUR 23/1, 40300 SHAH ALAM', 'GST ID : 000123456789', 'Date: 01/16/2017', 'TOTAL 10.00', 'CASH 10.00', 'CHANGE 0.00']));
    const w = d.pages[0]!.words.find((x) => x.text === '01/16/2017')!;
    w.confidence = 0.7;
    w.alt = { text: '01/10/2017', confidence: 0.6 };
    expect(extractFromDocument(d, receiptSchema).data.date).toBe('2017-10-01');
  });

  test('a merchant line of abbreviations read with low confidence is still the merchant', () => {
    const d = ocr(doc(['a i ES aS', 'MR. D.1.Y. (M) SDN 0', '(CO.REG :860671-D)', 'LOT 1851-A, JALAN KPB 6, 43300 SERI KEMBANGAN', 'Date: 01/02/2018', 'TOTAL 10.00', 'CASH 10.00', 'CHANGE 0.00']));
    const page = d.pages[0]!;
    page.words.forEach((w) => (w.confidence = w.line === 0 ? 0.3 : w.line === 1 ? 0.68 : 0.9));
    expect(extractFromDocument(d, receiptSchema).data.company).toBe('MR. D.I.Y. (M) SDN BHD');
  });

  test('a header label read through confusions ("TAX LHVOICE") is not the merchant', () => {
    const d = ocr(doc(['| TAX LHVOICE |', "DOMINO'S PIZZA", 'GST REF NO : 001694261248', '30, Jln Kebudayaan 7, 81300 Skudai, Johor', 'Date: 01/02/2018', 'TOTAL 10.00', 'CASH 10.00', 'CHANGE 0.00']));
    expect(extractFromDocument(d, receiptSchema).data.company).toBe("DOMINO'S PIZZA");
  });

  test('an address word is taken from the second reading when only that one is an address word', () => {
    const d = ocr(doc(['YONG CEN ENTERPRISE', '9, JALAN SUBANG JASA 3,', 'TAXAN SRI, 40150 SHAH ALAM.', 'Date: 01/02/2018', 'TOTAL 10.00', 'CASH 10.00', 'CHANGE 0.00', 'THANK YOU']));
    d.pages[0]!.words.find((x) => x.text === 'TAXAN')!.alt = { text: 'TAMAN', confidence: 0.5 };
    // a second reading that is no better is not taken
    d.pages[0]!.words.find((x) => x.text === 'JASA')!.alt = { text: 'JAS4', confidence: 0.9 };
    expect(extractFromDocument(d, receiptSchema).data.address).toBe('9, JALAN SUBANG JASA 3, TAMAN SRI, 40150 SHAH ALAM.');
  });

  test('an address word misread the same way twice on the page still takes the vocabulary spelling', () => {
    const d = ocr(doc(['KEDAI MAJU SDN BHD', 'NO. 7-G, JALAN SETIA INDAH, TAHAN SETIA,', '40170 TAHAN JAYA', 'Date: 01/02/2018', 'TOTAL 10.00', 'CASH 10.00', 'CHANGE 0.00']));
    expect(extractFromDocument(d, receiptSchema).data.address).toBe('NO. 7-G, JALAN SETIA INDAH, TAMAN SETIA, 40170 TAMAN JAYA');
  });

  test('a faint one-character word at the edge of an address line is noise', () => {
    const d = ocr(doc(['THE TOAST F&B SDN BHD', 'LOT 2110 JALAN PERMAS UTARA', '2 BANDAR BARU PERMAS', '81750 JOHOR BAHRU', 'Tel: 07-3886880', 'Date: 01/02/2018', 'TOTAL 10.00', 'CASH 10.00', 'CHANGE 0.00']));
    d.pages[0]!.words.find((w) => w.text === '2')!.confidence = 0.25;
    expect(extractFromDocument(d, receiptSchema).data.address).toBe('LOT 2110 JALAN PERMAS UTARA BANDAR BARU PERMAS 81750 JOHOR BAHRU');
    // read with confidence it stays
    d.pages[0]!.words.find((w) => w.text === '2')!.confidence = 0.9;
    expect(extractFromDocument(d, receiptSchema).data.address).toBe('LOT 2110 JALAN PERMAS UTARA 2 BANDAR BARU PERMAS 81750 JOHOR BAHRU');
  });

  test('the address block ends at a phone number whose label was misread', () => {
    const d = ocr(doc(['KEDAI MAJU SDN BHD', 'Lot 3, Jalan Pelabur 23/1,', '40300 Shah Alam, Selangor.', 'fel: O3- 55425228 Kax:05- 55423215', 'Date: 01/02/2018', 'TOTAL 10.00', 'CASH 10.00', 'CHANGE 0.00']));
    expect(extractFromDocument(d, receiptSchema).data.address).toBe('Lot 3, Jalan Pelabur 23/1, 40300 Shah Alam, Selangor.');
  });

  test('a labelled number or code above the address is not its first line', () => {
    const d = ocr(doc(['PETRODELI ENTERPRISE', 'gona No: SA0127959-0', 'Site: 2395', 'LOT 485, TMN LEMBAH KERAMAT', '54200 KUALA LUMPUR', 'Telephone: 03- 41056485', 'Date: 26/02/2018', 'TOTAL 10.00', 'CASH 10.00', 'CHANGE 0.00', 'THANK YOU']));
    expect(extractFromDocument(d, receiptSchema).data.address).toBe('LOT 485, TMN LEMBAH KERAMAT 54200 KUALA LUMPUR');
  });

  test('the address block ends at the merchant name printed below it', () => {
    const d = ocr(doc([
      '| TAX INVOICE |',
      'LOT PTD 101051',
      'Jalan Permas 10/10',
      '81750 Masai, Johor',
      'Esjay Fuel Enterprise',
      'CO. REG. NO: 001011128-T',
      'Date: 30-06-2018 09:09:49 Cashier: 465',
      'TOTAL 50.00',
      'CASH 50.00',
      'CHANGE 0.00',
    ]));
    expect(extractFromDocument(d, receiptSchema).data.address).toBe('LOT PTD 101051 Jalan Permas 10/10 81750 Masai, Johor');
  });

  test('an item table header is not the merchant', () => {
    const d = ocr(doc(['~ ~ .', 'Code Desc Qty RM DF Amt', '181010 French Loaf 8 2.40 19.20', 'Date: 09/02/17', 'Total 19.20', 'Pay 20.00', 'Change 0.80', 'THANK YOU']));
    expect(extractFromDocument(d, receiptSchema).data.company ?? null).not.toBe('Code Desc Qty RM DF Amt');
  });

  test('a line of address words only is not the merchant', () => {
    const d = ocr(doc(['JALAN BATU HE.', 'BERRY CAKE HOUSE', 'NO. 20, JALAN SS6/3, 47301 PETALING JAYA', 'Date: 01/02/2018', 'TOTAL 10.00', 'CASH 10.00', 'CHANGE 0.00', 'THANK YOU']));
    expect(extractFromDocument(d, receiptSchema).data.company).toBe('BERRY CAKE HOUSE');
  });

  test('a merchant line with a place in brackets counts as a name when its legal form reads only after repair', () => {
    const d = ocr(doc(['GARDENIA BAKERIES (KL) SDN BELD (139386 XN)', 'Lot 3, Jalan Pelabur 23/1,', '40300 Shah Alam, Selangor.', 'Date: 01/02/2018', 'TOTAL 10.00', 'CASH 10.00', 'CHANGE 0.00', 'Thank you']));
    expect(extractFromDocument(d, receiptSchema).data.company).toBe('GARDENIA BAKERIES (KL) SDN BHD');
  });

  test('a "cash & carry" shop name is a merchant line, not a payment line', () => {
    const d = ocr(doc(['SLF CASH & CARRY', 'NO. 16 JALAN TSJ 2, TMN SUBANG JASA,', '46000 SHAH ALAM, SELANGOR', 'Date: 01/02/2018', 'TOTAL 10.00', 'CASH 10.00', 'CHANGE 0.00', 'Thank you']));
    expect(extractFromDocument(d, receiptSchema).data.company).toBe('SLF CASH & CARRY');
  });

  test('a merchant name broken over lines, or printed again in full, is read whole', () => {
    const broken = ocr(doc(['HOME MASTER HARDWARE &', 'ELECTRICAL', 'NO 5, JALAN SETIA 2, 40170 SHAH ALAM', 'TEL : 03-3359 1234', 'Date: 01/02/2018', 'TOTAL 10.00', 'CASH 10.00', 'CHANGE 0.00', 'Thank you']));
    expect(extractFromDocument(broken, receiptSchema).data.company).toBe('HOME MASTER HARDWARE & ELECTRICAL');
    const repeated = ocr(doc(['EIGHT OUNCE', 'EIGHT OUNCE COFFEE CO. THE GARDENS MALL', 'F.K06, First Floor, The Gardens Mall, 59200 Kuala Lumpur', 'Date: 01/02/2018', 'TOTAL 10.00', 'CASH 10.00', 'CHANGE 0.00', 'Rounding 0.00']));
    expect(extractFromDocument(repeated, receiptSchema).data.company).toBe('EIGHT OUNCE COFFEE CO.');
  });

  test('a scanned tax invoice with two receipt cues (GST, SDN BHD) is read as a receipt', () => {
    const d = ocr(doc([
      'GARDENIA BAKERIES (KL) SDN BHD',
      'LOT 3, JALAN PELABUR 23/1, 40300 SHAH ALAM',
      'DD: 29/10/2017 11:39',
      'Total 0% supplies: 44.76',
      'Total 6% supplies (Inc. GST): 14.10',
      'Total Payable: 58.86',
    ]));
    expect(looksLikeReceipt(new DocContext(d))).toBe(true);
    expect(extractFromDocument(d, receiptSchema).data.total).toBe(58.86);
  });

  test('text-layer documents are left to the generic rankers', () => {
    const d = doc(['ACME TRADING LTD', 'Total 12.00', 'Cash 20.00', 'Change 8.00', 'Rounding 0.00']);
    const r = extractFromDocument(d, receiptSchema, { debug: true });
    expect(r.data.company).not.toBe(undefined);
  });
});
