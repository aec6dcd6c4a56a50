/**
 * A synthetic invoice: invented parties, line items whose amounts add up (qty x unit price = amount,
 * net + tax = gross), and a random pick of labels, formats and layout, recorded with the true values.
 */
import { addDays, formatCents, formatDate, formatMoney, formatPercent, formatQuantity, type DateStyle, type MoneyStyle, type NumberStyle, type PercentStyle } from './format.js';
import { bic, hasIban, iban, printIban, type CountryCode } from './identifiers.js';
import { withRate, type Language, type SynthLanguage } from './locale.js';
import { company } from './party.js';
import type { Rng } from './random.js';
import type { InvoiceLayout, InvoiceSheet, LabelValue, PartyBlock } from './sheet.js';
import { fill, pattern } from './template.js';

export interface LineItemTruth {
  description: string;
  quantity?: number;
  unit_price?: number;
  amount: number;
}

export interface InvoiceTruth {
  invoice_number: string;
  invoice_date: string;
  due_date: string | null;
  purchase_order: string | null;
  seller_name: string;
  buyer_name: string;
  currency: string;
  subtotal: number;
  tax_amount: number;
  total: number;
  line_items: LineItemTruth[];
}

export interface SynthStyle {
  country: CountryCode;
  numbers: NumberStyle;
  dates: DateStyle;
  layout: string;
  labels: Record<string, string>;
}

export interface SynthInvoice {
  kind: 'invoice';
  language: SynthLanguage;
  truth: InvoiceTruth;
  /** How each true value is printed; line_items as printed rows of [description, quantity, unit price, amount]. */
  printed: Record<string, unknown>;
  sheet: InvoiceSheet;
  style: SynthStyle;
  /** The tax rate applied, in percent. */
  taxRate: number;
  /** One line per rate (two when some items are taxed at the reduced rate): the rate in percent and its net base, in cents. */
  taxLines: { rate: number; baseCents: number }[];
}

type Col = 'pos' | 'code' | 'desc' | 'qty' | 'unit' | 'price' | 'rate' | 'amount';

const COLUMN_SETS: Col[][] = [
  ['desc', 'qty', 'price', 'amount'],
  ['pos', 'desc', 'qty', 'unit', 'price', 'amount'],
  ['qty', 'desc', 'price', 'amount'],
  ['code', 'desc', 'qty', 'price', 'rate', 'amount'],
  ['pos', 'desc', 'price', 'qty', 'amount'],
  ['desc', 'qty', 'unit', 'price', 'rate', 'amount'],
  ['pos', 'code', 'desc', 'qty', 'price', 'amount'],
];
const WEIGHT: Record<Col, number> = { pos: 0.55, code: 1.3, desc: 5, qty: 1, unit: 0.9, price: 1.5, rate: 0.9, amount: 1.6 };

const iso = (y: number, m: number, d: number) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

/** Prices end the way people set them: whole units for large amounts, tens or fives of cents for small ones. */
function niceCents(c: number, rng: Rng): number {
  const step = rng.pick(c > 10000 ? [100, 500, 1000] : c > 1000 ? [10, 50, 100] : [1, 5, 10]);
  return Math.max(step, Math.round(c / step) * step);
}

/**
 * How a document ends its labels: each group of labels (header fields, party headings, totals) either all
 * with a colon or all bare, French often with a space before the colon.
 */
function colons(lang: SynthLanguage, rng: Rng): (label: string, on: boolean) => string {
  const mark = lang === 'fr' && rng.chance(0.6) ? ' :' : ':';
  return (label, on) => (on && !/[:#]$/.test(label) ? label + mark : label);
}

export function makeInvoice(lang: Language, rng: Rng): SynthInvoice {
  const L = lang.invoice;
  const country = rng.pick(lang.countries);
  const cur = country.currency;
  const numbers = rng.pick(country.numberStyles);
  const r = rng.next();
  const dates: DateStyle = r < 0.66 ? rng.pick(country.dateStyles) : r < 0.87 ? 'long' : 'short';
  const monthDates = country.dates ?? lang;
  const fmtDate = (d: string) => formatDate(d, dates, monthDates);
  const year = rng.int(2023, 2025);
  const month = rng.int(1, 12);
  // month-first dates are told apart by a day past the 12th, as a reader would
  const issue = iso(year, month, dates === 'mm/dd/yyyy' ? rng.int(13, 28) : rng.int(1, 28));
  const termDays = rng.pick([10, 14, 14, 21, 30, 30, 45, 60]);
  const due = addDays(issue, termDays);

  const layout: InvoiceLayout = {
    seller: rng.pick(['left', 'right'] as const),
    parties: rng.chance(0.35) ? 'side-by-side' : 'stacked',
    header: rng.pick(['column', 'column', 'inline', 'grid', 'table'] as const),
    title: rng.pick(['left', 'right', 'center'] as const),
    table: rng.pick(['lines', 'grid', 'shaded', 'plain'] as const),
    font: rng.chance(0.7) ? 'sans' : 'serif',
    size: rng.pick([8.5, 9, 9.5, 10]),
    margin: rng.int(40, 58),
    page: country.code === 'US' ? { width: 612, height: 792 } : { width: 595, height: 842 },
  };

  const seller = company(lang, country, rng);
  const buyer = company(lang, country, rng, [seller.name]);

  // line items
  const n = rng.pick([1, 2, 2, 3, 3, 4, 4, 5, 6, 7]);
  const items = rng.sample(lang.items, n).map((kind) => {
    let unitCents = niceCents(rng.int(kind.min, kind.max), rng);
    // dear items (days of work, licences) come in ones and twos, cheap ones by the dozen
    const qty = kind.qty === 'one' ? 1 : kind.qty === 'hours' ? rng.pick([1, 1.5, 2, 2.5, 3, 4, 6, 7.5, 8, 12, 16])
      : unitCents > 20000 ? rng.pick([1, 1, 2, 2, 3, 4, 5]) : rng.pick([1, 2, 2, 3, 4, 5, 6, 8, 10, 12, 20, 25]);
    if (!Number.isInteger(qty)) unitCents -= unitCents % 2; // half quantities times an even price stay whole cents
    return { kind, qty, unitCents, amountCents: Math.round(qty * unitCents), unit: rng.pick(kind.units) };
  });
  const subtotal = items.reduce((s, i) => s + i.amountCents, 0);
  const rate = country.vatRate;
  const tax = Math.round((subtotal * rate) / 100);
  const total = subtotal + tax;

  // labels: one synonym of each, per document
  const labels = {
    title: rng.pick(L.title), number: rng.pick(L.number), date: rng.pick(L.date), dueDate: rng.pick(L.dueDate), po: rng.pick(L.po),
    customerNo: rng.pick(L.customerNo), deliveryDate: rng.pick(L.deliveryDate), currency: rng.pick(L.currency),
    seller: rng.pick(L.seller), buyer: rng.pick(L.buyer), attention: rng.pick(L.attention),
    position: rng.pick(L.position), code: rng.pick(L.code), description: rng.pick(L.description), quantity: rng.pick(L.quantity),
    unit: rng.pick(L.unit), unitPrice: rng.pick(L.unitPrice), taxRate: rng.pick(L.taxRate), amount: rng.pick(L.amount),
    subtotal: rng.pick(L.subtotal), tax: rng.pick(country.taxLabels ?? L.tax), total: rng.pick(L.total),
    iban: rng.pick(L.iban), bic: rng.pick(L.bic), bank: rng.pick(L.bank), phone: rng.pick(L.phone), email: rng.pick(L.email),
  };
  const percent: PercentStyle = rng.pick(['tight', 'spaced', 'decimal'] as const);
  const rateText = formatPercent(rate, numbers, percent);

  // money: totals carry a symbol, a code or nothing; line amounts usually nothing
  const mr = rng.next();
  const totalsMoney: MoneyStyle = mr < 0.45 ? { mark: 'symbol', before: cur.symbolBefore, space: !cur.symbolBefore || cur.symbol.length > 1 || rng.chance(0.4) }
    : mr < 0.7 ? { mark: 'code', before: rng.chance(0.5), space: true } : { mark: 'none', before: false, space: false };
  const itemMoney: MoneyStyle = rng.chance(0.3) ? totalsMoney : { mark: 'none', before: false, space: false };
  const money = (c: number, m: MoneyStyle) => formatMoney(c, numbers, m, cur);
  const currencyForms = new Set<string>();
  if (totalsMoney.mark === 'symbol') currencyForms.add(cur.symbol);
  if (totalsMoney.mark === 'code') currencyForms.add(cur.code);
  let currencyField = rng.chance(0.15);
  let totalSuffix = '';
  // every invoice names its currency unambiguously somewhere ('$' alone is taken as US dollars)
  if (totalsMoney.mark === 'none' || (cur.symbol === '$' && cur.code !== 'USD' && totalsMoney.mark === 'symbol')) {
    if (rng.chance(0.5)) currencyField = true;
    else totalSuffix = rng.pick([` (${cur.code})`, ` ${cur.code}`]);
  }
  if (currencyField || totalSuffix) currencyForms.add(cur.code);

  // header fields
  const number = fill(rng.pick(lang.invoiceNumbers), rng, { year, month });
  const titleHasNumber = /(N°|Nr\.|Nº)$/.test(labels.title);
  const header: LabelValue[] = [];
  const colon = colons(lang.code, rng);
  const headerColons = layout.header === 'inline' || (layout.header === 'column' && rng.chance(0.6));
  const field = (label: string, value: string) => header.push({ label: colon(label, headerColons), value });
  const first: [string, string][] = [];
  if (!titleHasNumber) first.push([labels.number, number]);
  first.push([labels.date, fmtDate(issue)]);
  if (first.length === 2 && rng.chance(0.25)) first.reverse();
  for (const [l, v] of first) field(l, v);
  const rest: [string, string][] = [];
  const dueWhere = rng.next() < 0.55 ? 'header' : rng.chance(0.35) ? 'terms' : 'none';
  if (dueWhere === 'header') rest.push([labels.dueDate, fmtDate(due)]);
  let po: string | null = null;
  if (rng.chance(0.55)) {
    do po = fill(rng.pick(lang.poNumbers), rng, { year, month }); while (po === number);
    rest.push([labels.po, po]);
  }
  if (rng.chance(0.45)) rest.push([labels.customerNo, fill(rng.pick(lang.customerNumbers), rng, { year, month })]);
  if (rng.chance(0.3)) rest.push([labels.deliveryDate, fmtDate(addDays(issue, -rng.int(1, 12)))]);
  if (currencyField) rest.push([labels.currency, cur.code]);
  for (const [l, v] of rng.sample(rest, rest.length)) field(l, v);

  // parties
  const sellerLines = [...seller.address];
  if (rng.chance(0.5)) sellerLines.push(`${labels.phone} ${seller.phone}`);
  if (rng.chance(0.5)) sellerLines.push(`${labels.email}: ${seller.email}`);
  const sellerVatTop = rng.chance(0.5);
  if (sellerVatTop) sellerLines.push(`${seller.vatLabel}: ${seller.vatId}`);
  const buyerLines = [...buyer.address];
  if (rng.chance(0.3)) buyerLines.unshift(`${labels.attention} ${buyer.person}`);
  if (rng.chance(0.3)) buyerLines.push(`${buyer.vatLabel}: ${buyer.vatId}`);
  const sideBySide = layout.parties === 'side-by-side';
  const headingColons = rng.chance(0.35);
  const sheetSeller: PartyBlock = { name: seller.name, lines: sellerLines, heading: sideBySide || rng.chance(0.1) ? colon(labels.seller, headingColons) : undefined };
  const sheetBuyer: PartyBlock = { name: buyer.name, lines: buyerLines, heading: sideBySide || rng.chance(0.6) ? colon(labels.buyer, headingColons) : undefined };
  const senderLine = !sideBySide && rng.chance(lang.code === 'de' ? 0.5 : 0.15)
    ? [seller.name, seller.address[0], seller.address.slice(1).join(' ')].join(rng.pick([' · ', ' - ', ', ', ' | ']))
    : undefined;

  // line-item table
  let cols = rng.pick(COLUMN_SETS);
  if (items.every((i) => i.qty === 1) && rng.chance(0.3)) cols = rng.chance(0.5) ? ['desc', 'amount'] : ['pos', 'desc', 'amount'];
  const unitInQty = !cols.includes('unit') && rng.chance(0.3);
  const qtyDecimals = rng.pick([undefined, undefined, 2]);
  const tensPositions = rng.chance(0.25);
  const codePattern = rng.pick(['@@-####', '######', '@@###']);
  const headFor: Record<Col, string> = {
    pos: labels.position, code: labels.code, desc: labels.description, qty: labels.quantity, unit: labels.unit,
    price: labels.unitPrice, rate: labels.taxRate, amount: labels.amount,
  };
  if (itemMoney.mark === 'none' && rng.chance(0.2)) {
    headFor.amount = `${labels.amount} (${cur.symbol === '$' ? cur.code : cur.symbol})`;
    currencyForms.add(cur.symbol === '$' ? cur.code : cur.symbol);
  }
  const periodStart = addDays(issue, -rng.int(28, 40));
  const rows = items.map((it, i) => {
    const cell: Record<Col, string> = {
      pos: String(tensPositions ? (i + 1) * 10 : i + 1),
      code: pattern(codePattern, rng),
      desc: it.kind.text,
      qty: formatQuantity(it.qty, numbers, qtyDecimals) + (unitInQty ? ` ${it.unit}` : ''),
      unit: it.unit,
      price: money(it.unitCents, itemMoney),
      rate: rateText,
      amount: money(it.amountCents, itemMoney),
    };
    const detail = it.kind.qty !== 'count' && rng.chance(0.25)
      ? fill(rng.pick(lang.period), rng, { names: { from: fmtDate(periodStart), to: fmtDate(addDays(periodStart, 29)) } })
      : undefined;
    return { cells: cols.map((c) => cell[c]), detail };
  });
  const lineItems: LineItemTruth[] = items.map((it) => ({
    description: it.kind.text,
    ...(cols.includes('qty') ? { quantity: it.qty } : {}),
    ...(cols.includes('price') ? { unit_price: it.unitCents / 100 } : {}),
    amount: it.amountCents / 100,
  }));

  // totals, bottom right
  const totalColons = rng.chance(0.3);
  const totals = [
    { label: colon(labels.subtotal, totalColons), value: money(subtotal, totalsMoney) },
    { label: colon(withRate(labels.tax, rateText), totalColons), value: money(tax, totalsMoney) },
    { label: colon(labels.total + totalSuffix, totalColons), value: money(total, totalsMoney), strong: true },
  ];

  // notes and footer
  const notes: string[] = [];
  if (dueWhere === 'terms') notes.push(fill(rng.pick(lang.termsUntil), rng, { names: { due: fmtDate(due) } }));
  else if (rng.chance(0.6)) notes.push(fill(rng.pick(lang.termsDays), rng, { names: { days: String(termDays) } }));
  const thanks = lang.thanks.filter((t) => cur.code === 'EUR' || !t.includes('€'));
  if (rng.chance(0.6)) notes.push(rng.pick(thanks));
  const bank = hasIban(country.code)
    ? [`${labels.bank}: ${rng.pick(country.banks)}`, `${labels.iban}: ${printIban(iban(country.code, rng), rng.chance(0.75))}`, `${labels.bic}: ${bic(country.code, rng)}`]
    : [`${labels.bank}: ${rng.pick(country.banks)}`, `Routing No. ${rng.digits(9)}`, `Account No. ${rng.digits(10)}`];
  const footer: string[][] = [];
  if (rng.chance(0.5)) footer.push([seller.name, ...seller.address]);
  footer.push([`${labels.phone}: ${seller.phone}`, `${labels.email}: ${seller.email}`, seller.web]);
  if (rng.chance(0.3)) notes.push(bank.join('   '));
  else footer.push(bank);
  const legal = [...(sellerVatTop ? [] : [`${seller.vatLabel}: ${seller.vatId}`]), ...rng.sample(country.registration, rng.int(0, 2)).map((f) => f({ city: seller.city.city, region: seller.city.region, vat: seller.vatId, rng }))];
  if (rng.chance(0.3)) legal.push(rng.pick(L.page));
  if (legal.length) footer.push(legal);

  const title = titleHasNumber ? `${labels.title} ${number}` : labels.title;
  const sheet: InvoiceSheet = {
    layout, title, seller: sheetSeller, buyer: sheetBuyer, senderLine, header,
    table: { heads: cols.map((c) => headFor[c]), align: cols.map((c) => (['qty', 'price', 'rate', 'amount'].includes(c) ? 'right' : 'left')), weights: cols.map((c) => WEIGHT[c] + (c === 'qty' && unitInQty ? 0.5 : 0)), rows },
    totals, notes, footer: rng.sample(footer, footer.length),
  };

  const truth: InvoiceTruth = {
    invoice_number: number, invoice_date: issue, due_date: dueWhere === 'none' ? null : due, purchase_order: po,
    seller_name: seller.name, buyer_name: buyer.name, currency: cur.code,
    subtotal: subtotal / 100, tax_amount: tax / 100, total: total / 100, line_items: lineItems,
  };
  const printed: Record<string, unknown> = {
    invoice_number: number, invoice_date: fmtDate(issue), due_date: truth.due_date && fmtDate(due), purchase_order: po,
    seller_name: seller.name, buyer_name: buyer.name, currency: [...currencyForms],
    subtotal: formatCents(subtotal, numbers), tax_amount: formatCents(tax, numbers), total: formatCents(total, numbers),
    line_items: rows.map((row) => ({
      description: row.cells[cols.indexOf('desc')],
      ...(cols.includes('qty') ? { quantity: row.cells[cols.indexOf('qty')] } : {}),
      ...(cols.includes('price') ? { unit_price: row.cells[cols.indexOf('price')] } : {}),
      amount: row.cells[cols.indexOf('amount')],
    })),
  };
  // the labels this document prints for the fields a caller asks for
  const used: Record<string, string> = { title: labels.title, date: labels.date, subtotal: labels.subtotal, tax: labels.tax, total: labels.total, description: labels.description, amount: labels.amount };
  if (!titleHasNumber) used.number = labels.number;
  if (dueWhere === 'header') used.dueDate = labels.dueDate;
  if (po) used.po = labels.po;
  if (sheetSeller.heading) used.seller = labels.seller;
  if (sheetBuyer.heading) used.buyer = labels.buyer;
  if (cols.includes('qty')) used.quantity = labels.quantity;
  if (cols.includes('price')) used.unitPrice = labels.unitPrice;
  // (drawn last, so that every other choice of a seed stays as it was before this style existed)
  let keyedStyle = '';
  if (rng.chance(0.3)) {
    // party blocks printed as key-value rows under their headings: "Name:" | "ACME Ltd", "Address:" | "1 High St"
    const nameKey = colon(rng.pick(L.nameKey), true);
    const addressKey = colon(rng.pick(L.addressKey), true);
    const keyed = (p: typeof seller, lines: string[]): LabelValue[] => [
      { label: nameKey, value: p.name },
      ...p.address.map((l, i) => ({ label: i === 0 ? addressKey : '', value: l })),
      // the block's other lines ("VAT No.: GB123", "Tel 020 ..."): their own label is the key
      ...lines.slice(p.address.length).filter((l) => !l.startsWith(labels.attention)).map((l) => {
        const m = /^(.+?):\s+(.+)$/.exec(l) ?? /^(\S+)\s+(.+)$/.exec(l)!;
        return { label: colon(m[1]!, true), value: m[2]! };
      }),
    ];
    sheetSeller.keyed = keyed(seller, sellerLines);
    sheetSeller.heading ??= colon(labels.seller, headingColons);
    sheetBuyer.keyed = keyed(buyer, buyerLines.filter((l) => !l.startsWith(labels.attention)));
    sheetBuyer.heading ??= colon(labels.buyer, headingColons);
    used.seller = labels.seller;
    used.buyer = labels.buyer;
    keyedStyle = '/keyed';
  }
  // (drawn last too) items at two rates: one tax line per rate, and no line printing the tax as one sum
  let ratesStyle = '';
  let taxLines = [{ rate, baseCents: subtotal }];
  if (country.reducedRate !== rate && !country.taxOnTop && items.length >= 2 && rng.chance(0.2)) {
    const reduced = items.map((_, i) => i === 0 || rng.chance(0.4));
    if (reduced.every(Boolean)) reduced[reduced.length - 1] = false;
    const base = (low: boolean) => items.reduce((sum, it, i) => sum + (reduced[i] === low ? it.amountCents : 0), 0);
    const lowRateText = formatPercent(country.reducedRate, numbers, percent);
    const taxes = [[Math.round((base(true) * country.reducedRate) / 100), lowRateText], [Math.round((base(false) * rate) / 100), rateText]] as const;
    const taxSum = taxes[0][0] + taxes[1][0];
    totals.splice(1, 1, ...taxes.map(([cents, r]) => ({ label: colon(withRate(labels.tax, r), totalColons), value: money(cents, totalsMoney) })));
    totals[totals.length - 1]!.value = money(subtotal + taxSum, totalsMoney);
    const rateCol = cols.indexOf('rate');
    if (rateCol >= 0) rows.forEach((row, i) => { row.cells[rateCol] = reduced[i] ? lowRateText : rateText; });
    truth.tax_amount = taxSum / 100;
    truth.total = (subtotal + taxSum) / 100;
    printed.tax_amount = null;
    printed.total = formatCents(subtotal + taxSum, numbers);
    ratesStyle = '/two-rates';
    taxLines = [{ rate: country.reducedRate, baseCents: base(true) }, { rate, baseCents: base(false) }];
  }
  return {
    kind: 'invoice', language: lang.code, truth, printed, sheet, taxRate: rate, taxLines,
    style: { country: country.code, numbers, dates, layout: `seller-${layout.seller}/${layout.parties}${keyedStyle}/header-${layout.header}/cols-${cols.join('-')}${ratesStyle}`, labels: used },
  };
}
