/**
 * Postal addresses: the lines after the organisation header (receipts, letterheads) or a labelled block; address
 * parts (street, city, postal code, state, country) from postal blocks (parts.ts).
 */
import type { LeafNode } from '../../schema/compile.js';
import { ADDRESS_BLOCK_STOP, STREET_LINE_RE } from '../../knowledge/addresses/index.js';
import { wordsPattern } from '../../knowledge/document-words/index.js';
import { LEGAL_FORM_RE } from '../../knowledge/legal-forms/index.js';
import type { DocContext } from '../../extract/context.js';
import { labelledText } from '../../extract/labelled-text.js';
import { aggregate } from '../../extract/ranking.js';
import type { Scored } from '../../extract/scored.js';
import type { FieldKind } from '../field-kind.js';
import { rankAddressPart } from './parts.js';

const PARTS = ['street', 'city', 'postal_code', 'state_code', 'country_code'] as const;
type Part = (typeof PARTS)[number];
const isPart = (s: string): s is Part => (PARTS as readonly string[]).includes(s);
/** A line that ends the address block (knowledge/addresses): a phone, tax or registration line, a title, a contact line. */
export const ADDRESS_STOP = new RegExp(`(${wordsPattern(ADDRESS_BLOCK_STOP.flatMap((s) => s.words))})`, 'i');

export const addressKind: FieldKind = {
  name: 'address',
  claims: (leaf) => leaf.semantic === 'address' || isPart(leaf.semantic),
  rank: (ctx, leaf) => (isPart(leaf.semantic) ? rankAddressPart(ctx, leaf, leaf.semantic) : rankAddress(ctx, leaf)),
  group: () => 'address',
};

/** Address: the lines following the organisation header (receipts/letterheads) or a labelled block. */
function rankAddress(ctx: DocContext, leaf: LeafNode): Scored[] {
  const out: Scored[] = [];
  const page = ctx.pages[0];
  if (!page) return out;
  const lines = page.lines.slice(0, 14).map((l, i) => ({ i, l, t: page.text.slice(l.start, l.end).trim() }));
  // a street line (knowledge/addresses), a house number after "No", or a postal code
  const isAddr = (t: string) => STREET_LINE_RE.test(t) || /\bno\.?\s?\d|\b\d{5}\b/i.test(t);
  const stop = (t: string) => ADDRESS_STOP.test(t);
  let startIdx = -1;
  for (const x of lines) if (isAddr(x.t)) { startIdx = x.i; break; }
  if (startIdx >= 0) {
    let s = startIdx;
    // include a preceding address-looking line (e.g. "NO 12, JALAN ..." split in two)
    if (s > 1 && /\d/.test(lines[s - 1].t) && !stop(lines[s - 1].t) && !LEGAL_FORM_RE.test(lines[s - 1].t)) s--;
    let e = startIdx;
    while (e + 1 < lines.length && e - s < 4 && !stop(lines[e + 1].t) && lines[e + 1].t.length > 2) e++;
    const a = page.lines[s];
    const b = page.lines[e];
    const spans = [];
    for (let i = s; i <= e; i++) spans.push({ p: 0, start: page.lines[i].start, end: page.lines[i].end });
    const value = page.text.slice(a.start, b.end).replace(/\s+/g, ' ').trim();
    out.push({ value, spans, score: 0.55, features: {} });
  }
  for (const s of labelledText(ctx, leaf, 12)) out.push({ ...s, score: s.score * 0.8 });
  return aggregate(out);
}
