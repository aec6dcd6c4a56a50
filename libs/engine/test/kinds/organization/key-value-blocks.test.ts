import { compileSchema, extractFromDocument } from '../../../src/index.js';
import { DocContext } from '../../../src/extract/context.js';
import { partyCandidates } from '../../../src/kinds/organization/issuer.js';
import { doc, type LineSpec } from '../../helpers/doc.js';

// Party blocks printed as key-value rows under a role heading: the key in one column, its value in another, which
// the text layer reads as separate lines.

const parties = compileSchema({ type: 'object', properties: { seller_name: { type: 'string' }, buyer_name: { type: 'string' } } });

/** A heading, then one key-value row per [key, value], the values in a column right of the keys. */
function block(heading: string, rows: [string, string][], y: number, x = 0.05): LineSpec[] {
  return [{ text: heading, x, y }, ...rows.flatMap(([k, v], i): LineSpec[] => [...(k ? [{ text: k, x, y: y + 0.03 * (i + 1) }] : []), { text: v, x: x + 0.2, y: y + 0.03 * (i + 1) }])];
}

const header: LineSpec[] = [{ text: 'INVOICE', y: 0.03 }, { text: 'Invoice number:', y: 0.07 }, { text: 'F-2024-0118', x: 0.25, y: 0.07 }];
const stacked = (seller: [string, string][], buyer: [string, string][]) => doc([
  ...header,
  ...block('Seller', seller, 0.15),
  ...block('Buyer', buyer, 0.3),
  { text: 'Description', y: 0.5 }, { text: 'Amount', x: 0.7, y: 0.5 }, { text: 'Consulting', y: 0.53 }, { text: '1,250.00', x: 0.7, y: 0.53 },
  { text: 'Total', x: 0.5, y: 0.6 }, { text: '1,500.00', x: 0.7, y: 0.6 },
]);
const SELLER: [string, string][] = [['Name:', 'Northwind Tools Ltd'], ['Address:', '4 Canal Street, Leeds'], ['VAT number:', 'GB123456789']];
const BUYER: [string, string][] = [['Name:', 'Blue Harbor Retail plc'], ['Address:', '9 Dock Road, Hull'], ['VAT number:', 'GB987654321']];

test('a value right of its key belongs to the block headed above the key', () => {
  expect(extractFromDocument(stacked(SELLER, BUYER), parties).data).toEqual({ seller_name: 'Northwind Tools Ltd', buyer_name: 'Blue Harbor Retail plc' });
});

test.each(['Legal name:', 'Company:'])('a key alone on its line ("%s", "Address:") is no party name', (key) => {
  const d = stacked([[key, 'Northwind Tools Ltd'], ...SELLER.slice(1)], BUYER);
  const names = partyCandidates(new DocContext(d), 'seller').map((c) => c.value);
  expect(names).not.toContain(key.slice(0, -1));
  expect(names).not.toContain('Address');
});

test("the value of another field's key is no party name, whatever it reads like", () => {
  const d = stacked(SELLER, [['Naam:', 'Bakkerij Jansen V.O.F.'], ['Adres:', 'Markt 2'], ['', '5611 EB Eindhoven']]);
  const names = partyCandidates(new DocContext(d), 'buyer').map((c) => c.value);
  expect(names).not.toContain('Markt 2');
  expect(extractFromDocument(d, parties).data.buyer_name).toBe('Bakkerij Jansen V.O.F.');
});

test('a key under a role heading is not that heading\'s value', () => {
  const d = stacked(SELLER, BUYER);
  const r = extractFromDocument(d, parties, { debug: true });
  const values = (r.fields['/seller_name']!.candidates ?? []).map((c) => c.value);
  expect(values).not.toContain('Name:');
});

describe('DocContext.rowKey', () => {
  const lineOf = (d: ReturnType<typeof doc>, text: string) => d.pages[0]!.lines.findIndex((l) => d.pages[0]!.text.slice(l.start, l.end) === text);

  test('is the label closed by a colon left of a value on its row', () => {
    const d = doc([{ text: 'VAT number:', y: 0.1 }, { text: 'GB123456789', x: 0.3, y: 0.1 }]);
    expect(new DocContext(d).rowKey(0, lineOf(d, 'GB123456789'))?.text).toBe('VAT number:');
  });

  test('is none when the words to the left are no label (no colon, or digits)', () => {
    const d = doc([
      { text: 'Consulting', y: 0.1 }, { text: '1,250.00', x: 0.6, y: 0.1 },
      { text: 'Rate 20%:', y: 0.2 }, { text: '250.00', x: 0.6, y: 0.2 },
    ]);
    const ctx = new DocContext(d);
    expect(ctx.rowKey(0, lineOf(d, '1,250.00'))).toBeUndefined();
    expect(ctx.rowKey(0, lineOf(d, '250.00'))).toBeUndefined();
  });

  test("ends at the gap before the key's cell: the block beside it on the row is not part of it", () => {
    const d = doc([
      { text: 'Name:', y: 0.1 }, { text: 'Northwind Tools Ltd', x: 0.15, y: 0.1 },
      { text: 'Name:', x: 0.55, y: 0.1 }, { text: 'Blue Harbor Retail plc', x: 0.65, y: 0.1 },
    ]);
    const key = new DocContext(d).rowKey(0, lineOf(d, 'Blue Harbor Retail plc'));
    expect(key).toEqual({ x0: 0.55, text: 'Name:' });
  });

  test('is none past five words: a sentence closed by a colon is no key', () => {
    const d = doc([{ text: 'Please pay the amount below by transfer to:', y: 0.1 }, { text: 'Northwind Tools Ltd', x: 0.6, y: 0.1 }]);
    expect(new DocContext(d).rowKey(0, lineOf(d, 'Northwind Tools Ltd'))).toBeUndefined();
  });
});

test('a heading right-aligned over its own block names that block, whose lines start left of it', () => {
  const d = doc([
    { text: 'Issued by', x: 0.855, y: 0.05 },
    { text: 'Name:', x: 0.55, y: 0.08 }, { text: 'Lockwood & Thornbury Inc.', x: 0.65, y: 0.08 },
    { text: 'Address:', x: 0.55, y: 0.11 }, { text: '121 W 5th Street', x: 0.65, y: 0.11 },
    { text: 'Bill To', y: 0.2 }, { text: 'Name:', y: 0.23 }, { text: 'Greystone LLC', x: 0.15, y: 0.23 },
    { text: 'Invoice No. SI-78955', y: 0.35 }, { text: 'Amount Due 1,346.63', x: 0.6, y: 0.6 },
  ]);
  expect(extractFromDocument(d, parties).data).toEqual({ seller_name: 'Lockwood & Thornbury Inc.', buyer_name: 'Greystone LLC' });
  // (the heading's left edge, inside the name, splits no piece off it, and the name's line is in its block)
  const ctx = new DocContext(d);
  expect(partyCandidates(ctx, 'seller').map((c) => c.value)).not.toContain('Inc.');
  const li = d.pages[0]!.lines.findIndex((l) => d.pages[0]!.text.slice(l.start, l.end).startsWith('Lockwood'));
  expect(ctx.blockRole(0, li, d.pages[0]!.lines[li]!.start).role).toBe('seller');
});

test('blocks side by side whose key-value rows the text layer joined: each name without its key', () => {
  const d = doc([
    { text: 'INVOICE RE2405483', y: 0.03 },
    { text: 'Bill to:', y: 0.1 }, { text: 'Seller:', x: 0.55, y: 0.1 },
    { text: 'Name: Weserland GmbH & Co. KG Name: Rheintal Software GmbH', y: 0.13 },
    { text: 'Address: Mühlenweg 46 Address: Hauptstraße 127', y: 0.16 },
    { text: 'Total 414,60', x: 0.6, y: 0.5 },
  ]);
  // (the helper spaces words evenly: place the second block's words under its heading)
  const page = d.pages[0]!;
  for (const li of [3, 4]) {
    const line = page.lines[li]!;
    const second = page.text.slice(line.start, line.end).lastIndexOf(li === 3 ? 'Name:' : 'Address:') + line.start;
    let x = 0.55;
    for (let w = line.wordStart; w < line.wordEnd; w++) {
      const word = page.words[w]!;
      if (word.start < second) continue;
      const width = word.bbox[2] - word.bbox[0];
      word.bbox = [x, word.bbox[1], x + width, word.bbox[3]];
      x += width + 0.01;
    }
    line.bbox = [line.bbox[0], line.bbox[1], x - 0.01, line.bbox[3]];
  }
  expect(extractFromDocument(d, parties).data).toEqual({ seller_name: 'Rheintal Software GmbH', buyer_name: 'Weserland GmbH & Co. KG' });
});

test.each(['Documento n.', 'N.º Designação', 'Factuurnr.', 'Documentnr.', 'Qté.'])('a line of label words only ("%s", header cells) is no party name', (header) => {
  const d = doc([
    { text: 'Aurelia S.a.s.', y: 0.05 }, { text: 'Piazza della Repubblica 102', y: 0.08 },
    { text: 'Intestatario', y: 0.15 }, { text: 'Fontana Costruzioni S.a.s.', y: 0.18 }, { text: 'Via Roma 170', y: 0.21 },
    { text: header, y: 0.26 }, { text: '236/O', y: 0.29 },
  ]);
  expect(partyCandidates(new DocContext(d), 'buyer').map((c) => c.value)).not.toContain(header.replace(/[.:]$/, ''));
});

test("a company's name below another company's block is not under that block's heading", () => {
  const d = doc([
    { text: 'Leverancier', y: 0.05 }, { text: 'Waterland B.V.', y: 0.07 }, { text: 'Industrieweg 68', y: 0.1 },
    { text: 'Btw-nr.: NL412481893B01', y: 0.13 },
    { text: 'Goossens & van Dam B.V.', y: 0.175 }, { text: 'Marktplein 49', y: 0.2 },
  ]);
  const ctx = new DocContext(d);
  const line = (t: string) => d.pages[0]!.lines.findIndex((l) => d.pages[0]!.text.slice(l.start, l.end) === t);
  expect(ctx.blockRole(0, line('Waterland B.V.')).role).toBe('seller');
  expect(ctx.blockRole(0, line('Industrieweg 68')).role).toBe('seller');
  expect(ctx.blockRole(0, line('Goossens & van Dam B.V.')).role).toBeUndefined();
});

test.each([['Ship to:', 'Bill to:'], ['Lieferadresse:', 'Rechnungsadresse:']])('a delivery block ("%s") printed before the billed one ("%s") is not the buyer', (ship, bill) => {
  const d = doc([
    { text: 'Northwind Tools GmbH', y: 0.05 }, { text: 'Canal Street 4', y: 0.07 },
    { text: ship, y: 0.15 }, { text: 'Harbor Warehouse North Ltd', y: 0.17 }, { text: '77 Quay Street', y: 0.19 },
    { text: bill, x: 0.52, y: 0.15 }, { text: 'Blue Harbor Retail Ltd', x: 0.52, y: 0.17 }, { text: '9 Dock Road', x: 0.52, y: 0.19 },
    { text: 'Total 100.00', x: 0.6, y: 0.5 },
  ]);
  expect(extractFromDocument(d, parties).data.buyer_name).toBe('Blue Harbor Retail Ltd');
});
