/**
 * Amounts and other numbers: amount candidates scored by their label (of the field's own family: a total's label
 * is not a subtotal's), decimals and currency marks, being the rightmost amount of their row, for sums being the
 * total of their column (columnSums: labelled by the column's header), and, for totals, being the largest amount.
 * sums.ts makes sibling subtotal, tax and total agree.
 */
import type { LeafNode } from '../../schema/compile.js';
import { fieldWords } from '../../schema/semantic.js';
import { amountCandidates, type RawCandidate } from '../../extract/candidates.js';
import type { DocContext } from '../../extract/context.js';
import { amountFamily, keepOwnFamily, type AmountFamily } from '../../extract/labels.js';
import { rankGeneric } from '../../extract/ranking.js';
import type { Scored } from '../../extract/scored.js';
import type { FieldKind } from '../field-kind.js';
import { LEFT_TO_PAY_FIELD_WORDS, fieldWordsTest } from '../../knowledge/field-words/index.js';

/** A total field asking for what is left to pay, not the largest sum (knowledge/field-words). */
export const LEFT_TO_PAY_FIELD = fieldWordsTest(LEFT_TO_PAY_FIELD_WORDS);

export const amountKind: FieldKind = {
  name: 'amount',
  claims: (leaf) => leaf.semantic === 'amount' || leaf.semantic === 'number' || leaf.semantic === 'integer',
  rank: rankAmounts,
  group: () => 'amount',
};

/** Per amount candidate: is it the rightmost amount on its visual row (the value column of a sums block)? */
function rowLastAmounts(ctx: DocContext, cands: RawCandidate[]): Map<RawCandidate, boolean> {
  return ctx.memo('amount-rowlast', () => {
    const right = new Map<string, number>();
    const info = cands.map((c) => {
      const b = ctx.spanBox(c);
      const key = b ? `${c.p}:${b.row1}` : '';
      if (b) right.set(key, Math.max(right.get(key) ?? 0, b.bbox[0]));
      return { c, key, x: b?.bbox[0] ?? 0 };
    });
    return new Map(info.map((i) => [i.c, !!i.key && i.x >= (right.get(i.key) ?? 0) - 1e-6]));
  });
}

/** How far apart two right edges may be and still be one column (a share of the page width). */
const COLUMN_EDGE = 0.01;
/** The rows above an amount that may add up to it, and how far up (a share of the page height) they may lie. */
const SUM_MAX_ROWS = 12;
const SUM_MAX_RISE = 0.3;

/**
 * The amounts that are the sum of the two or more amounts right above them in their column (a table's total row,
 * the total under a subtotal and its tax), each with the topmost of its parts. A sum field's value is such a
 * total, not one of its parts, and the header that labels the column labels its total too (however far below).
 */
function columnSums(ctx: DocContext, cands: RawCandidate[]): Map<RawCandidate, RawCandidate> {
  return ctx.memo('amount-column-sums', () => {
    const out = new Map<RawCandidate, RawCandidate>();
    const placed = cands.filter((c) => c.hints?.dec && !c.hints?.neg).flatMap((c) => {
      const b = ctx.spanBox(c);
      return b ? [{ c, x1: b.bbox[2], y: b.bbox[1], row: b.row1 }] : [];
    });
    // compared within a page only (a page's amounts, not the document's, bound the work)
    const byPage = new Map<number, typeof placed>();
    for (const x of placed) { const l = byPage.get(x.c.p); if (l) l.push(x); else byPage.set(x.c.p, [x]); }
    for (const a of placed) {
      const above = byPage.get(a.c.p)!
        .filter((o) => o.row < a.row && a.y - o.y <= SUM_MAX_RISE && Math.abs(o.x1 - a.x1) <= COLUMN_EDGE)
        .sort((x, y) => y.y - x.y);
      let sum = 0;
      let lastRow = -1;
      let n = 0;
      for (const o of above.slice(0, SUM_MAX_ROWS)) {
        if (o.row === lastRow) continue; // one amount per row
        lastRow = o.row;
        sum += o.c.value as number;
        n++;
        if (n >= 2 && Math.abs(sum - (a.c.value as number)) < 0.005) { out.set(a.c, o.c); break; }
        if (sum > (a.c.value as number) + 0.005) break;
      }
    }
    return out;
  });
}

/** How far apart two amounts may be and still add up: a cent of rounding. */
const ROW_SUM_TOLERANCE = 0.011;
/** Most amounts of one row whose triples are tried (a sums row holds three or four). */
const ROW_SUM_MAX_AMOUNTS = 6;
/** The label score a role in a row that adds up implies: as much as a language's generic label. */
export const ROW_SUM_LABEL = 0.5;

/**
 * The amounts of a tax summary row, by the sum each is: net + tax = gross side by side on one row ("10 % 14,50 1,45
 * 15,95"), the tax the smaller part, and the gross printed again on another row (the total above the summary). The
 * arithmetic names each cell whatever its header says ("Montant", "Betrag"), or when OCR split or garbled the header.
 */
function rowSumRoles(ctx: DocContext, cands: RawCandidate[]): Map<RawCandidate, AmountFamily> {
  return ctx.memo('amount-row-sums', () => {
    const out = new Map<RawCandidate, AmountFamily>();
    const rows = new Map<string, RawCandidate[]>();
    const rowOf = new Map<RawCandidate, string>();
    for (const c of cands) {
      if (!c.hints?.dec || c.hints?.neg || !((c.value as number) > 0)) continue;
      const b = ctx.spanBox(c);
      if (!b) continue;
      const key = `${c.p}:${b.row1}`;
      rowOf.set(c, key);
      const l = rows.get(key);
      if (l) l.push(c); else rows.set(key, [c]);
    }
    // the rows each value (in cents) is printed on
    const rowsOfValue = new Map<number, Set<string>>();
    for (const [c, k] of rowOf) {
      const cents = Math.round((c.value as number) * 100);
      const set = rowsOfValue.get(cents);
      if (set) set.add(k); else rowsOfValue.set(cents, new Set([k]));
    }
    const printedElsewhere = (v: number, key: string) => [...(rowsOfValue.get(Math.round(v * 100)) ?? [])].some((k) => k !== key);
    for (const [key, list] of rows) {
      if (list.length < 3 || list.length > ROW_SUM_MAX_AMOUNTS) continue;
      const found = (() => {
        for (const gross of list) {
          const g = gross.value as number;
          for (const net of list) {
            for (const tax of list) {
              if (net === gross || tax === gross || tax === net) continue;
              const n = net.value as number, t = tax.value as number;
              if (t < n && Math.abs(n + t - g) <= ROW_SUM_TOLERANCE) return { net, tax, gross };
            }
          }
        }
        return undefined;
      })();
      if (!found || !printedElsewhere(found.gross.value as number, key)) continue;
      out.set(found.net, 'subtotal').set(found.tax, 'tax').set(found.gross, 'total');
    }
    return out;
  });
}

/** How far (in the amount's own heights) the next word of its column may lie and still continue the column. */
const LIST_GAP = 4;

/**
 * The amounts that are cells of a list: the nearest word of their column right below them, or right above them,
 * is another amount (a line-item table's "Total" column). A header over such a column names the list, not one of
 * its cells, so it does not label a sum field's value (extract/ranking: RankOptions.listCell).
 */
function listCells(ctx: DocContext, cands: RawCandidate[]): Set<RawCandidate> {
  return ctx.memo('amount-list-cells', () => {
    const out = new Set<RawCandidate>();
    const amountWords = new Map<number, Map<number, unknown>>(); // page -> word -> the amount it is part of
    const boxes = cands.map((c) => {
      const b = ctx.spanBox(c);
      if (b) {
        const byWord = amountWords.get(c.p) ?? new Map<number, unknown>();
        for (const w of b.words) byWord.set(w, c.value);
        amountWords.set(c.p, byWord);
      }
      return b;
    });
    cands.forEach((c, i) => {
      const b = boxes[i];
      if (!b) return;
      const words = ctx.pages[c.p].words;
      const { rows } = ctx.rows(c.p);
      const reach = LIST_GAP * Math.max(1e-4, b.bbox[3] - b.bbox[1]);
      // the first word of the column in the visual rows going down (step 1) or up (step -1), within reach
      const next = (step: 1 | -1): number | undefined => {
        for (let r = step > 0 ? b.row1 + 1 : b.row0 - 1; r >= 0 && r < rows.length; r += step) {
          const gap = step > 0 ? rows[r]!.y0 - b.bbox[3] : b.bbox[1] - rows[r]!.y1;
          if (gap > reach) return undefined;
          const w = rows[r]!.words.find((k) => words[k]!.bbox[2] > b.bbox[0] && words[k]!.bbox[0] < b.bbox[2]);
          if (w !== undefined) return w;
        }
        return undefined;
      };
      // a neighbour of the same value is a one-row list's total ("8.68" under "8.68"), not another row
      const amounts = amountWords.get(c.p)!;
      const other = (w: number | undefined) => w !== undefined && amounts.get(w) !== undefined && amounts.get(w) !== c.value;
      if (other(next(1)) || other(next(-1))) out.add(c);
    });
    return out;
  });
}

/**
 * Whether an amount is a payment handed over rather than a sum: an amount printed above it on its page, less the
 * amount, is printed right below it ("Total 43.90 / Cash 50.00 / Change 6.10"). The arithmetic says so in any
 * language, whatever the payment and change lines are called.
 */
function isTendered(ctx: DocContext, cands: RawCandidate[], m: RawCandidate): boolean {
  const bm = ctx.spanBox(m);
  if (!bm) return false;
  const cents = Math.round((m.value as number) * 100);
  const near = cands.flatMap((c) => {
    const b = c.p === m.p && c !== m && c.hints?.dec && !c.hints?.neg ? ctx.spanBox(c) : undefined;
    return b && Math.abs(b.bbox[1] - bm.bbox[1]) <= SUM_MAX_RISE ? [{ cents: Math.round((c.value as number) * 100), row: b.row0 }] : [];
  });
  const below = new Set(near.filter((c) => c.row > bm.row1).map((c) => c.cents));
  return near.some((t) => t.row < bm.row0 && t.cents < cents && cents - t.cents < t.cents && below.has(cents - t.cents));
}

/** The largest amount that is a sum: larger amounts that are payments handed over (isTendered) are passed by. */
function largestSum(ctx: DocContext, cands: RawCandidate[]): number {
  return ctx.memo('amount-largest-sum', () => {
    const values = [...new Set(cands.filter((c) => c.hints?.dec).map((c) => c.value as number))].sort((a, b) => b - a);
    for (const v of values.slice(0, MAX_TENDERED + 1)) {
      if (!cands.filter((c) => c.value === v && c.hints?.dec).every((c) => isTendered(ctx, cands, c))) return v;
    }
    return Math.max(0, values[0] ?? 0);
  });
}

/** How many of the largest amounts may be passed by as payments (a cash and a card payment, a voucher). */
const MAX_TENDERED = 2;

function rankAmounts(ctx: DocContext, leaf: LeafNode): Scored[] {
  const family = amountFamily(leaf.reading ?? leaf.name);
  // the largest amount is the total, not what is left to pay after payments or credits ("Balance Due")
  const isTotal = family === 'total' && !LEFT_TO_PAY_FIELD(fieldWords(leaf).join(' '));
  const cands = amountCandidates(ctx).filter((c) => !c.hints?.yearLike);
  const maxVal = isTotal ? largestSum(ctx, cands) : 0;
  const last = rowLastAmounts(ctx, cands);
  const sums = family ? columnSums(ctx, cands) : undefined;
  const list = family ? listCells(ctx, cands) : undefined;
  const roles = family ? rowSumRoles(ctx, cands) : undefined;
  return rankGeneric(ctx, leaf, cands, {
    label: true, cue: false, early: 0, labelFrom: sums ? (c) => sums.get(c) : undefined, listCell: list ? (c) => list.has(c) : undefined,
    hits: family ? (h) => keepOwnFamily(ctx, h, family) : undefined, impliedLabel: roles?.size ? (c) => (roles.get(c) === family ? ROW_SUM_LABEL : 0) : undefined,
  }, (c) => {
    let pr = 0;
    if (c.hints?.dec) pr += 0.5;
    if (c.hints?.cur) pr += 0.2;
    if (isTotal && maxVal > 0 && c.value === maxVal) pr += 0.6;
    if ((c.value as number) === 0) pr -= 0.5;
    if (c.hints?.neg) pr -= 0.4;
    if (last.get(c)) pr += 0.4;
    // the base of a rate ("19% VAT on 100.00", "2 @ $24.00") is not the sum itself
    const before = ctx.pages[c.p].text.slice(Math.max(0, c.start - 6), c.start).toLowerCase();
    if (/(\bon|\baus|\bof|\bvan|\bsur|@)\s*[$€£]?\s*$/.test(before)) pr -= 0.8;
    return pr;
  }).flatMap((s) => {
    if (s.features.lab > 0 || s.features.prior > 1) return [s];
    // an unlabelled column total stays in the list below the decision threshold: only sibling sums that add up
    // with it (sums.ts) can choose it ("760,00" under the item amounts, beside a labelled tax and total)
    return sums?.has(s.spans[0] as RawCandidate) ? [{ ...s, score: Math.min(s.score, UNLABELLED_TOTAL_SCORE) }] : [];
  }).sort((a, b) => b.score - a.score);
}

/** Below every amount field's decision threshold (extract.ts THRESHOLDS.amount). */
const UNLABELLED_TOTAL_SCORE = 0.1;
