/**
 * Line items by their arithmetic: a row whose trailing numbers multiply out (quantity x unit price = amount, to
 * the cent) is an item row, whatever words head its columns and in whatever language. Two uses:
 * - arithmeticRows reads the items when the header-driven reader (tables.ts) found no table at all: an OCR'd
 *   header garbled past recognition ("PresCHF"), or column labels the label data does not hold;
 * - verifyRows checks the rows that reader made against their lines' products (see there).
 *
 * Evidence, strongest first:
 * - a product row: three printed numbers, the last the product of two before it;
 * - a unit row (price = amount) inside a block that holds a product row: its quantity is 1, and a short token just
 *   before the price ("I", "if", "l": a misread "1") is that quantity as printed.
 * Sums rows end a block (the sums-row rule of tables.ts); text-only rows between two item rows continue the
 * description above them.
 */
import type { DocContext, Span } from '../../extract/context.js';
import { parseAmount } from '../../normalize/numbers.js';
import { ibanCandidates } from '../../extract/candidates.js';
import { DIGIT_FOR } from '../../knowledge/ocr-confusions/index.js';
import type { Cell } from './tables.js';

/** The properties of a line item this reader can fill, by their role (each a property name, when the schema has one). */
export interface ItemRoles {
  description?: string;
  quantity?: string;
  unitPrice?: string;
  amount?: string;
  taxRate?: string;
}

interface Num { value: number; w: number[]; decimals: boolean; percent: boolean }

interface ItemRow {
  row: number;
  /** Words of the description (left of the numbers). */
  text: number[];
  quantity?: { value: number; w: number[] };
  unitPrice: Num;
  amount: Num;
  taxRate?: Num;
  /** Verified by a printed product (three numbers), not only price = amount. */
  product: boolean;
  /** x where the numbers start: a continuation line ends before it. */
  numbersX: number;
}

/** Cents of rounding a printed product may carry (per unit of amount, and at least one cent). */
const PRODUCT_TOLERANCE = 0.001;
/** Rows without numbers an item may span between two item rows (a description over several lines). */
const MAX_CONTINUATION_ROWS = 3;
/** Characters OCR reads for the digit 1 (knowledge/ocr-confusions: "l", "I", "|", "f" ...), and 1 itself. */
const ONE_READINGS: ReadonlySet<string> = new Set(['1', ...Object.entries(DIGIT_FOR).filter(([, ds]) => ds.some(([d]) => d === '1')).map(([c]) => c)]);
/** A short token before a unit row's price that stands for its quantity 1 as OCR misread it ("I", "l", "if"). */
const misreadOne = (t: string) => { const core = t.replace(/[.,]$/, ''); return core.length >= 1 && core.length <= 2 && [...core].every((c) => ONE_READINGS.has(c)); };
const DATE_LIKE = /^\d{1,4}[./-]\d{1,2}[./-]\d{1,4}$/;
const NUMBER_TOKEN = /^[(\-−–+]?[\p{Sc}]?\s?\d[\d.,'\u00a0\u202f]*[\p{Sc}%)]?-?$/u;
/**
 * Widest gap, in digit heights, between digit groups of one number ("1 250,00"): a word space, which OCR boxes
 * show as up to about one digit height; columns sit several apart.
 */
const GROUP_GAP = 1.2;
/** A unit or currency between the numbers ("Std.", "pcs", "CHF", "x", "forfait", "Stunden"): skipped, it is no description word. */
const UNIT_TOKEN = /^\p{L}{1,8}\.?$/u;
/** A table's column rule or a scan's speckle read as a word. */
const RULE_TOKEN = /^[|¦:;_~'"`‘’“”—–-]+$/u;
/** A currency sign or code. */
const CURRENCY_TOKEN = /^(?:\p{Sc}|\p{Lu}{3}|\p{L}{1,2}\.?)$/u;

function numberOf(text: string, w: number[], hint: ',' | '.' | undefined): Num | undefined {
  const t = text.replace(/^[;:_~'"`|[\]]+|[;:_~'"`|[\]]+$/g, '');
  if (!NUMBER_TOKEN.test(t) || DATE_LIKE.test(t)) return undefined;
  const percent = t.endsWith('%');
  const value = parseAmount(t.replace(/[\p{Sc}%]/gu, ''), hint);
  if (value === undefined || !Number.isFinite(value)) return undefined;
  return { value, w, decimals: /[.,]\d{1,2}\)?-?$/.test(t.replace(/[\p{Sc}%]/gu, '')), percent };
}

const near = (a: number, b: number) => Math.abs(a - b) <= Math.max(0.011, PRODUCT_TOLERANCE * Math.abs(b));

/**
 * The trailing numbers of a row, right to left until the description: numbers, percents, and unit tokens between
 * numbers. `merge` joins "1 234,56" (digit groups a space apart) into one number.
 */
function trailing(ctx: DocContext, p: number, words: number[], merge: boolean): { nums: Num[]; first: number } {
  const page = ctx.pages[p];
  const nums: Num[] = [];
  let first = words.length;
  for (let i = words.length - 1; i >= 0; i--) {
    const text = page.words[words[i]].text;
    let n = numberOf(text, [words[i]], ctx.decimalHint);
    // (a scan may add a speck after the cents: "1 200,00.")
    if (n && merge && i > 0 && /^\d{3}(?:[.,]\d{1,2})?[.,:;]?$/.test(text)) {
      const prev = page.words[words[i - 1]];
      const h = page.words[words[i]].bbox[3] - page.words[words[i]].bbox[1];
      if (/^\d{1,3}$/.test(prev.text) && page.words[words[i]].bbox[0] - prev.bbox[2] < GROUP_GAP * h) {
        const joined = numberOf(`${prev.text}${text}`, [words[i - 1], words[i]], ctx.decimalHint);
        if (joined) { n = joined; i--; }
      }
    }
    // a rate whose percent sign stands apart ("21 %")
    if (!n && text === '%' && i > 0) {
      n = numberOf(`${page.words[words[i - 1]].text}%`, [words[i - 1], words[i]], ctx.decimalHint);
      if (n?.percent) i--; else n = undefined;
    }
    if (n) { nums.unshift(n); first = i; continue; }
    // a currency after the last number ("606,00 €", "81 684,00 Kč")
    if (!nums.length && i === words.length - 1 && i > 0 && CURRENCY_TOKEN.test(text)) continue;
    // a unit or currency between numbers, never the first token left of all numbers' description
    // (past a column rule: "2,00 | u. 26,20")
    let left = i - 1;
    while (left > 0 && RULE_TOKEN.test(page.words[words[left]].text)) left--;
    if (nums.length && (UNIT_TOKEN.test(text) || CURRENCY_TOKEN.test(text)) && left >= 0 && numberOf(page.words[words[left]].text, [], ctx.decimalHint)) continue;
    // a scan's column rule or speckle between numbers ("31.00 | 20.0 %")
    if (nums.length && RULE_TOKEN.test(text)) continue;
    break;
  }
  return { nums, first };
}

/** Reads one row as an item row, or undefined. */
function itemRow(ctx: DocContext, p: number, r: number, words: number[], merge: boolean): ItemRow | undefined {
  const page = ctx.pages[p];
  const { nums, first } = trailing(ctx, p, words, merge);
  const plain = nums.filter((n) => !n.percent);
  if (plain.length < 2) return undefined;
  const text = words.slice(0, first);
  // a description has letters
  if (!text.some((w) => /\p{L}{2}/u.test(page.words[w].text))) return undefined;
  const taxRate = nums.find((n) => n.percent);
  const numbersX = page.words[nums[0]!.w[0]!].bbox[0];
  // quantity x unit price = amount: the quantity first, as most tables print it, unless only the other is a whole number;
  // the amount is the last number, or one of the two before it when a tax or gross column follows
  for (let k = plain.length - 1; k >= Math.max(2, plain.length - 3); k--) {
    const amount = plain[k]!;
    // the amount is money: printed with cents, or large enough that a product of small numbers rarely hits it
    if (!amount.decimals && Math.abs(amount.value) < 100) continue;
    for (let j = k - 1; j >= 1; j--) {
      for (let i = j - 1; i >= 0; i--) {
        const a = plain[i]!;
        const b = plain[j]!;
        if (!near(a.value * b.value, amount.value) || a.value === 0 || b.value === 0) continue;
        const [q, u] = a.decimals && !b.decimals ? [b, a] : [a, b];
        // numbers printed before the product's first factor are the description's ("A4 copier paper, 5 reams")
        const own = words.slice(0, Math.max(first, words.indexOf(a.w[0]!)));
        return { row: r, text: own, quantity: { value: q.value, w: q.w }, unitPrice: u, amount, taxRate, product: true, numbersX: page.words[a.w[0]!].bbox[0] };
      }
    }
  }
  const amount = plain[plain.length - 1]!;
  if (!amount.decimals && Math.abs(amount.value) < 100) return undefined;
  // price = amount: a unit row; a misread "1" before the price is its quantity
  const u = plain[plain.length - 2]!;
  if (!near(u.value, amount.value) || !u.decimals) return undefined;
  const last = text[text.length - 1];
  const misread = last !== undefined && text.length > 1 && misreadOne(page.words[last].text);
  return {
    row: r, text: misread ? text.slice(0, -1) : text, quantity: misread ? { value: 1, w: [last] } : undefined, unitPrice: u, amount, taxRate, product: false, numbersX,
  };
}

/**
 * Item rows of the document read by their arithmetic (see the module comment), as cells of the roles the schema
 * asks for. `sumRow` tells a sums row ("Subtotal 3'750.00"), which ends a block.
 */
export function arithmeticRows(ctx: DocContext, roles: ItemRoles, sumRow: (text: string) => boolean): Record<string, Cell>[] {
  if (!roles.amount && !(roles.unitPrice && roles.quantity)) return [];
  const out: Record<string, Cell>[] = [];
  for (let p = 0; p < ctx.pages.length && p < 20; p++) {
    const page = ctx.pages[p];
    const { rows } = ctx.rows(p);
    let block: { item?: ItemRow; more: number[][] }[] = [];
    let gap = 0;
    const close = () => {
      // lines after a block's last item row are not known to continue it (a note, a payment line): dropped
      const lastItem = block.findLastIndex((b) => b.item);
      if (lastItem >= 0) block[lastItem]!.more = [];
      // a block holds a product row: price = amount rows alone are no evidence of a table
      const found = block.some((b) => b.item?.product);
      if (found) for (const b of block) if (b.item) out.push(cells(ctx, p, b.item, b.more, roles));
      block = [];
      gap = 0;
      return found;
    };
    for (let r = 0; r < rows.length; r++) {
      const words = rows[r]!.words;
      const text = words.map((w) => page.words[w].text).join(' ');
      // the sums block ends the page's table (what follows is totals, tax breakdowns, payment terms)
      if (sumRow(text.replace(/_/g, ' '))) { if (close()) break; continue; }
      // digit groups a space apart ("1 234,50") read as one number first: split, they can multiply out by chance
      const item = itemRow(ctx, p, r, words, true) ?? itemRow(ctx, p, r, words, false);
      if (item) { block.push({ item, more: [] }); gap = 0; continue; }
      if (!block.length) continue;
      if (++gap > MAX_CONTINUATION_ROWS) { close(); continue; }
      // a text line under an item's description continues it (when another item row follows)
      const prev = block[block.length - 1]!;
      const lineWords = words.filter((w) => !/\d{3,}/.test(page.words[w].text));
      if (prev.item && lineWords.length === words.length && words.every((w) => page.words[w].bbox[2] <= prev.item!.numbersX)) prev.more.push(words);
      else block.push({ more: [] });
    }
    close();
  }
  return out;
}

/** The spans of words of page p. */
function wordSpans(ctx: DocContext, p: number, ws: number[]): Span[] {
  return ws.map((w) => ({ p, start: ctx.pages[p].words[w].start, end: ctx.pages[p].words[w].end }));
}

function cells(ctx: DocContext, p: number, item: ItemRow, more: number[][], roles: ItemRoles): Record<string, Cell> {
  const page = ctx.pages[p];
  const spansOf = (ws: number[]) => wordSpans(ctx, p, ws);
  const row: Record<string, Cell> = {};
  const score = item.product ? 0.5 : 0.4;
  if (roles.description) {
    const ws = [...item.text, ...more.flat()].filter((w) => /[\p{L}\p{N}]/u.test(page.words[w].text));
    const value = ws.map((w) => page.words[w].text).join(' ').trim();
    if (value) row[roles.description] = { value, spans: spansOf(ws), score };
  }
  if (roles.quantity && item.quantity) row[roles.quantity] = { value: item.quantity.value, spans: spansOf(item.quantity.w), score };
  if (roles.unitPrice) row[roles.unitPrice] = { value: item.unitPrice.value, spans: spansOf(item.unitPrice.w), score };
  if (roles.amount) row[roles.amount] = { value: item.amount.value, spans: spansOf(item.amount.w), score };
  if (roles.taxRate && item.taxRate) row[roles.taxRate] = { value: item.taxRate.value, spans: spansOf(item.taxRate.w), score };
  return row;
}

/** A cell's words as printed on the page (empty for no cell). */
export function cellText(ctx: DocContext, c: Cell | undefined): string {
  return c?.spans.map((sp) => ctx.pages[sp.p]!.text.slice(sp.start, sp.end)).join(' ').trim() ?? '';
}

/**
 * A number whose decimal mark the scan lost ("7,45" read "745", "7,5" read "75", "8945,52" read "894552"): when the
 * amount, printed without a mark, is 10 or 100 times quantity x price, it is divided back; when quantity x price is
 * 10 or 100 times the amount and exactly one factor is printed without a decimal mark (or both are, and the price
 * carries the amount's digits: a unit row), that factor is. Returns whether the row was repaired.
 */
function lostDecimalMark(ctx: DocContext, row: Record<string, Cell>, roles: ItemRoles, q: number, u: number, a: number): boolean {
  const printed = (c: Cell) => cellText(ctx, c);
  const digits = (t: string) => t.replace(/\D/g, '').replace(/^0+/, '');
  for (const f of [10, 100]) {
    // (the amount itself read without its mark: "8945,52" read "894552")
    if (near(q * u * f, a) && !/[.,]\d/.test(printed(row[roles.amount!]!))) {
      const cell = row[roles.amount!]!;
      row[roles.amount!] = { ...cell, value: Math.round((a / f) * 100) / 100 };
      return true;
    }
    if (a === 0 || !near(q * u, a * f)) continue;
    const qText = printed(row[roles.quantity!]!);
    const uText = printed(row[roles.unitPrice!]!);
    const plainQ = !/[.,]\d/.test(qText);
    const plainU = !/[.,]\d/.test(uText);
    const aDigits = digits(printed(row[roles.amount!]!));
    // (both printed plain: two decimals lost are a price's cents, "20 x 1740 = 348.00"; one is either's)
    const fix = plainQ && !plainU ? roles.quantity! : plainU && (!plainQ || (digits(uText) === aDigits && q === 1) || f === 100) ? roles.unitPrice! : undefined;
    if (!fix) return false;
    const cell = row[fix]!;
    row[fix] = { ...cell, value: Math.round(((cell.value as number) / f) * 100) / 100 };
    return true;
  }
  return false;
}

/**
 * Rows a header-driven reader made, checked against their own arithmetic: when a row's quantity, unit price and
 * amount do not multiply out (one missing, or misread: "1" read as "l", a cell split across two columns), and the
 * numbers printed on the amount's visual row do (quantity x unit price = amount), the cells take those numbers.
 * Rows that already agree, or whose line holds no product, are left as they are. Descriptions are never touched.
 * A row whose numbers are digits of an IBAN is a payment line that ran on after the table, and goes.
 */
export function verifyRows(ctx: DocContext, rows: Record<string, Cell>[], roles: ItemRoles): void {
  const ibans = ibanCandidates(ctx);
  const inIban = (c: Cell | undefined) => !!c && typeof c.value === 'number' && c.spans.some((sp) => ibans.some((i) => i.p === sp.p && i.start <= sp.start && i.end >= sp.end));
  for (let k = rows.length - 1; k >= 0; k--) if (Object.values(rows[k]!).some(inIban)) rows.splice(k, 1);
  const { quantity, unitPrice, amount } = roles;
  if (!quantity || !unitPrice || !amount) return;
  for (const row of rows) {
    const q = row[quantity]?.value;
    const u = row[unitPrice]?.value;
    const a = row[amount]?.value;
    if (typeof q === 'number' && typeof u === 'number' && typeof a === 'number' && near(q * u, a)) continue;
    if (typeof q === 'number' && typeof u === 'number' && typeof a === 'number' && lostDecimalMark(ctx, row, roles, q, u, a)) continue;
    // the visual row of the row's numbers: the amount's, else the price's or quantity's, else (no number read under
    // its header: a cell holding two columns' numbers is left empty) the row's first cell's
    const anchor = (row[amount] ?? row[unitPrice] ?? row[quantity] ?? Object.values(row)[0])?.spans[0];
    const r = anchor ? ctx.spanBox(anchor)?.row0 : undefined;
    if (!anchor || r === undefined || r < 0) continue;
    const words = ctx.rows(anchor.p).rows[r]!.words;
    const item = itemRow(ctx, anchor.p, r, words, true) ?? itemRow(ctx, anchor.p, r, words, false);
    // (a price = amount line counts when a misread "1" stands before its price: the table vouches for the row)
    if (!item?.quantity) continue;
    // the line's product must hold the amount the table read, when it read one (as its amount, or shifted into
    // the price or quantity column): another product on the line (a discount, a tax column) is no repair
    if (typeof a === 'number' && ![item.amount.value, item.unitPrice.value, item.quantity.value].some((v) => near(a, v))) continue;
    const spansOf = (ws: number[]) => wordSpans(ctx, anchor.p, ws);
    const score = row[amount]?.score ?? 0.5;
    // a product reads both ways ("117.00 x 3.5"): a factor the table's columns read as the quantity, or as the
    // price, says which is which, unless the other column says the opposite
    const says = (v: unknown, mine: number, other: number) => typeof v === 'number' && near(v, mine) && !near(v, other);
    const flip = (says(q, item.unitPrice.value, item.quantity.value) || says(u, item.quantity.value, item.unitPrice.value))
      && !says(q, item.quantity.value, item.unitPrice.value) && !says(u, item.unitPrice.value, item.quantity.value);
    const [qf, uf] = flip ? [item.unitPrice, item.quantity] : [item.quantity, item.unitPrice];
    row[quantity] = { value: qf.value, spans: spansOf(qf.w), score };
    row[unitPrice] = { value: uf.value, spans: spansOf(uf.w), score };
    row[amount] = { value: item.amount.value, spans: spansOf(item.amount.w), score };
  }
}
