/**
 * Organisation names. Business documents of a few pages: party blocks found by layout and labels, for the seller
 * or the buyer side (issuer.ts). Longer documents: organisation candidates near the top, by buyer/seller cues,
 * and the first prominent lines of page one (letterheads); labelled values add their evidence in both.
 */
import type { LeafNode } from '../../schema/compile.js';
import { fieldWords } from '../../schema/semantic.js';
import { normText } from '../../normalize/text.js';
import { LEGAL_FORM_RE } from '../../knowledge/legal-forms/index.js';
import { BUYER_FIELD_WORDS, fieldWordsTest } from '../../knowledge/field-words/index.js';
import { documentWords, wordsPattern } from '../../knowledge/document-words/index.js';
import { organizationCandidates } from '../../extract/candidates.js';
import { BUYER_CUE_RE, BUYER_LABEL_RE, type DocContext } from '../../extract/context.js';
import { withoutAddresses } from '../../extract/label-similarity.js';
import { labelledText } from '../../extract/labelled-text.js';
import { spansCells } from '../../extract/labels.js';
import { aggregate } from '../../extract/ranking.js';
import { sigmoid, type Scored } from '../../extract/scored.js';
import type { FieldKind } from '../field-kind.js';
import { partyCandidates, scoreParty } from './issuer.js';

export const organizationKind: FieldKind = {
  name: 'organization',
  claims: (leaf) => leaf.semantic === 'organization',
  rank: rankOrganization,
  group: () => 'name',
};

/** Field names asking for the customer's party (knowledge/field-words). */
const BUYER_BLOCK_FIELD = fieldWordsTest(BUYER_FIELD_WORDS.blocks);
const BUYER_LETTERHEAD_FIELD = fieldWordsTest(BUYER_FIELD_WORDS.letterhead);
/** A first-page line that is no letterhead name: a title, page, date, phone or web line (knowledge/document-words). */
export const NOT_LETTERHEAD = new RegExp(wordsPattern(documentWords('notLetterhead')), 'i');

/** The party candidates of one side, scored (once per document and side: the other side's reading uses them too). */
function scoredParties(ctx: DocContext, side: 'seller' | 'buyer'): Scored[] {
  return ctx.memo(`parties:${side}`, () => partyCandidates(ctx, side).map((c) => ({ value: c.value, spans: [c.span, ...(c.extra ?? [])], score: scoreParty(c.features, side), features: c.features })));
}

/**
 * An invoice that heads no block as the buyer's still addresses one: a company's name (a legal form) over an address
 * in the upper part of the first page (a window envelope's place), outside the letterhead, that is not the seller's
 * name. (Not any name over a line opening with a digit: a table's header row stands over its first row.) Such blocks
 * count as the buyer's (`window`); where any block is headed as the buyer's, the heading decides.
 */
function markWindowBlocks(ctx: DocContext, list: Scored[]): void {
  if (list.some((s) => s.features.buyerRole! > 0)) return;
  const seller = scoredParties(ctx, 'seller').reduce<Scored | undefined>((a, s) => (!a || s.score > a.score ? s : a), undefined);
  const sellerName = seller ? normText(String(seller.value)) : undefined;
  for (const s of list) {
    const f = s.features;
    if (!(f.top! > 0 && f.legal && f.addrBelow && !f.sellerRole && !f.firstLine && !f.attention) || normText(String(s.value)) === sellerName) continue;
    f.window = 1;
    s.score = scoreParty(f, 'buyer');
  }
}

/** Names of organisations: labelled, legal-suffix names near the top, or the first prominent line. */
function rankOrganization(ctx: DocContext, leaf: LeafNode): Scored[] {
  const buyerSide = BUYER_BLOCK_FIELD(fieldWords(leaf).join(' '));
  if (ctx.pages.length <= 4) {
    // business documents: party blocks on the page, by layout role
    const side = buyerSide ? 'buyer' : 'seller';
    const out: Scored[] = scoredParties(ctx, side).map((s) => ({ ...s, features: { ...s.features } }));
    if (side === 'buyer') markWindowBlocks(ctx, out);
    for (const s of labelledText(ctx, leaf, 6)) if (s.features.lab >= 0.75) out.push({ ...s, score: s.score * 0.8 });
    return withLegalName(ctx, aggregate(out));
  }
  const out: Scored[] = [];
  const orgs = organizationCandidates(ctx);
  const counts = new Map<string, number>();
  for (const o of orgs) counts.set(normText(String(o.value)), (counts.get(normText(String(o.value))) ?? 0) + 1);
  const buyer = BUYER_LETTERHEAD_FIELD(fieldWords(leaf).join(' '));
  for (const o of orgs) {
    if (o.p > 1) continue;
    const line = ctx.pages[o.p].lines[ctx.lineIndex(o.p, o.start)];
    const y = line?.bbox[1] ?? 0.5;
    const n = counts.get(normText(String(o.value))) ?? 1;
    // the preceding lines decide whose block this is ("Bill to", "Customer", "An:")
    const li = ctx.lineIndex(o.p, o.start);
    const prevLine = ctx.pages[o.p].lines[Math.max(0, li - 3)];
    const before = withoutAddresses(ctx.pages[o.p].text.slice(Math.min(prevLine?.start ?? o.start, Math.max(0, o.start - 60)), o.start)).toLowerCase();
    let z = -0.6 + 0.8 * (1 - y) + 0.25 * Math.min(4, n) - 0.8 * o.p;
    if (BUYER_CUE_RE.test(before)) z += buyer ? 1 : -1.2;
    out.push({ value: o.value, spans: [o], score: sigmoid(z), features: { y, n } });
  }
  // the first lines of the first page (merchant header of receipts and letterheads)
  const page = ctx.pages[0];
  if (page && !buyer) {
    let seen = 0;
    for (let li = 0; li < page.lines.length && seen < 3; li++) {
      const line = page.lines[li];
      const text = page.text.slice(line.start, line.end).trim();
      if (!text || !/[A-Za-z]{3}/.test(text) || text.length < 3) continue;
      seen++;
      if (NOT_LETTERHEAD.test(text) && !LEGAL_FORM_RE.test(text)) continue;
      if (/:\s*$/.test(text) || BUYER_LABEL_RE.test(text)) continue;
      const letters = text.replace(/[^A-Za-z]/g, '');
      const upper = letters.length ? letters.replace(/[^A-Z]/g, '').length / letters.length : 0;
      const z = -0.7 + (seen === 1 ? 0.7 : 0.2) + 0.4 * upper + (LEGAL_FORM_RE.test(text) ? 0.7 : 0) - (text.length > 60 ? 0.8 : 0);
      out.push({ value: text, spans: [{ p: 0, start: line.start, end: line.start + text.length }], score: sigmoid(z), features: { top: seen } });
    }
  }
  for (const s of labelledText(ctx, leaf, 6)) out.push({ ...s, score: s.score * 0.9 });
  return aggregate(out);
}

const wordsOf = (s: string) => normText(s).split(/[^\p{L}\p{N}&]+/u).filter(Boolean);

/**
 * A letterhead prints the brand ("ATLASSIAN", "netlify", read by OCR off a scanned logo); the imprint or footer prints
 * the company's name with its legal form ("Atlassian Pty Ltd", "Netlify, Inc"). When the best name has no legal form
 * and the document names a company with one whose words contain it, word for word, that fuller name answers, at the
 * brand's score (the shortest such name: a parent's longer name is another company).
 */
function withLegalName(ctx: DocContext, ranked: Scored[]): Scored[] {
  const top = ranked[0];
  if (!top || typeof top.value !== 'string' || LEGAL_FORM_RE.test(top.value)) return ranked;
  // (a lone letter beside it is a logo's glyph read as text: "A ATLASSIAN")
  const brand = wordsOf(top.value).filter((w, _, all) => w.length > 1 || all.length === 1);
  if (!brand.length || brand.join('').length < 3) return ranked;
  const contains = (words: string[]) => words.length > brand.length && words.some((_, i) => brand.every((w, k) => words[i + k] === w));
  const fuller = organizationCandidates(ctx)
    // (one cell of its row: side-by-side columns read as one line hold two names)
    .filter((o) => LEGAL_FORM_RE.test(String(o.value)) && contains(wordsOf(String(o.value))) && !spansCells(ctx, o.p, o.start, o.end))
    .sort((a, b) => String(a.value).length - String(b.value).length)[0];
  if (!fuller) return ranked;
  return [{ value: fuller.value, spans: [fuller], score: top.score, features: { ...top.features, legalName: 1 } }, ...ranked.filter((s) => s.value !== fuller.value)];
}
