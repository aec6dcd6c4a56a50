/**
 * A synthetic till receipt: a shop, a few items, the total and the tax it includes (or, where prices are
 * quoted without it, adds), with the language's labels picked at random and the true values recorded.
 */
import { formatCents, formatDate, formatMoney, formatPercent, formatQuantity, type DateStyle, type MoneyStyle } from './format.js';
import { withRate, type Language, type SynthLanguage } from './locale.js';
import { shop } from './party.js';
import type { Rng } from './random.js';
import type { SynthStyle } from './invoice.js';
import type { ReceiptLine, ReceiptSheet } from './sheet.js';
import { fill } from './template.js';

export interface ReceiptTruth {
  merchant: string;
  date: string;
  total: number;
  tax: number;
}

export interface SynthReceipt {
  kind: 'receipt';
  language: SynthLanguage;
  truth: ReceiptTruth;
  printed: Record<string, unknown>;
  sheet: ReceiptSheet;
  style: SynthStyle;
  /** The tax rate, in percent, and whether prices include it (else it is added on top). */
  taxRate: number;
  taxIncluded: boolean;
}

const iso = (y: number, m: number, d: number) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

export function makeReceipt(lang: Language, rng: Rng): SynthReceipt {
  const R = lang.receipt;
  const country = rng.pick(lang.countries);
  const cur = country.currency;
  const numbers = rng.pick(country.numberStyles);
  const dates: DateStyle = rng.pick(country.receiptDateStyles);
  const monthDates = country.dates ?? lang;
  const date = iso(rng.int(2023, 2025), rng.int(1, 12), dates === 'mm/dd/yyyy' ? rng.int(13, 28) : rng.int(1, 28));
  const time = `${String(rng.int(7, 21)).padStart(2, '0')}:${String(rng.int(0, 59)).padStart(2, '0')}${rng.chance(0.4) ? `:${String(rng.int(0, 59)).padStart(2, '0')}` : ''}`;
  const merchant = shop(lang, country, rng);

  const items = rng.sample(lang.shopItems, rng.int(2, 7)).map(([name, min, max]) => {
    const qty = rng.chance(0.75) ? 1 : rng.int(2, 4);
    const unit = Math.round(rng.int(min, max) / 5) * 5;
    return { name, qty, unit, amount: qty * unit };
  });
  const sum = items.reduce((s, i) => s + i.amount, 0);
  const rate = country.reducedRate;
  const onTop = !!country.taxOnTop;
  const tax = onTop ? Math.round((sum * rate) / 100) : Math.round((sum * rate) / (100 + rate));
  const total = onTop ? sum + tax : sum;
  const rateText = formatPercent(rate, numbers, rng.pick(['tight', 'spaced', 'decimal'] as const));

  const labels = {
    title: rng.pick(R.title), number: rng.pick(R.number), date: rng.pick(R.date), total: rng.pick(R.total), subtotal: rng.pick(R.subtotal),
    tax: rng.pick(onTop ? R.taxAdded : country.receiptTaxLabels ?? R.taxIncluded), card: rng.pick(R.card), cash: rng.pick(R.cash), change: rng.pick(R.change),
  };
  const plain: MoneyStyle = { mark: 'none', before: false, space: false };
  const totalMoney: MoneyStyle = rng.chance(0.5) ? plain : rng.chance(0.5) ? { mark: 'symbol', before: cur.symbolBefore, space: !cur.symbolBefore || cur.symbol.length > 1 } : { mark: 'code', before: rng.chance(0.5), space: true };
  const money = (c: number, m: MoneyStyle = plain) => formatMoney(c, numbers, m, cur);
  const printedDate = formatDate(date, dates, monthDates);

  const lines: ReceiptLine[] = [];
  if (labels.title && rng.chance(0.5)) lines.push({ center: labels.title, bold: true });
  lines.push({ center: merchant.name, bold: true, big: true });
  for (const a of merchant.address) lines.push({ center: a });
  if (rng.chance(0.5)) lines.push({ center: merchant.phone });
  if (rng.chance(0.7)) lines.push({ center: `${merchant.vatLabel}: ${merchant.vatId}` });
  if (labels.title && !lines.some((l) => l.center === labels.title) && rng.chance(0.6)) lines.push({ center: labels.title, bold: true });
  lines.push({});
  const receiptNo = `${labels.number} ${fill(rng.pick(['{n4}', '{z4}', '{n}/{n5}', '{n6}']), rng)}`;
  const dateText = labels.date ? `${labels.date} ${printedDate}` : printedDate;
  const dr = rng.next();
  if (dr < 0.4) lines.push({ left: dateText, right: time });
  else if (dr < 0.7) { lines.push({ left: dateText, right: receiptNo }); lines.push({ left: time }); }
  else lines.push({ center: `${printedDate} ${time}` });
  if (dr < 0.4 || dr >= 0.7) lines.push({ left: receiptNo });
  const rule = rng.pick(['-'.repeat(40), '='.repeat(40), '']);
  lines.push(rule ? { center: rule } : {});
  const qtyFirst = rng.chance(0.5);
  for (const it of items) {
    if (it.qty > 1 && qtyFirst) { lines.push({ left: `${it.qty} x ${money(it.unit)}` }); lines.push({ left: it.name, right: money(it.amount) }); }
    else if (it.qty > 1) { lines.push({ left: it.name, right: money(it.amount) }); lines.push({ left: `  ${formatQuantity(it.qty, numbers)} x ${money(it.unit)}` }); }
    else lines.push({ left: it.name, right: money(it.amount) });
  }
  lines.push(rule ? { center: rule } : {});
  if (onTop || rng.chance(0.3)) lines.push({ left: labels.subtotal, right: money(onTop ? sum : total) });
  if (onTop) lines.push({ left: withRate(labels.tax, rateText), right: money(tax) });
  lines.push({ left: labels.total, right: money(total, totalMoney), bold: true, big: rng.chance(0.5) });
  if (!onTop) {
    lines.push({});
    if (rng.chance(0.5)) lines.push({ left: withRate(labels.tax, rateText), right: money(tax) });
    else {
      const heads = rng.pick(R.taxTable);
      lines.push({ cols: [...heads] });
      lines.push({ cols: [rateText, money(total - tax), money(tax), money(total)] });
    }
  }
  lines.push({});
  if (rng.chance(0.6)) lines.push({ left: labels.card, right: money(total) });
  else {
    const step = rng.pick([500, 1000, 2000, 5000]);
    const given = Math.ceil((total + 1) / step) * step;
    lines.push({ left: labels.cash, right: money(given) });
    lines.push({ left: labels.change, right: money(given - total) });
  }
  lines.push({});
  if (rng.chance(0.6)) lines.push({ center: fill(rng.pick(R.cashier), rng, { names: { first: rng.pick(lang.firstNames) } }) });
  lines.push({ center: rng.pick(R.thanks) });

  const narrow = rng.chance(0.25);
  const sheet: ReceiptSheet = { width: narrow ? 164 : 226, font: rng.chance(0.6) ? 'mono' : 'sans', size: narrow ? 6.5 : rng.pick([7.5, 8, 8.5]), lines };
  const used: Record<string, string> = { total: labels.total, tax: labels.tax };
  if (labels.date) used.date = labels.date;
  return {
    kind: 'receipt', language: lang.code,
    truth: { merchant: merchant.name, date, total: total / 100, tax: tax / 100 },
    printed: { merchant: merchant.name, date: printedDate, total: formatCents(total, numbers), tax: formatCents(tax, numbers) },
    sheet, taxRate: rate, taxIncluded: !onTop,
    style: { country: country.code, numbers, dates, layout: `receipt-${narrow ? 58 : 80}mm-${sheet.font}`, labels: used },
  };
}
