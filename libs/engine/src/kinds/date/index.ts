/**
 * Dates. Business documents: a date candidate scored by its label, the field's cue words and earliness; a date
 * labelled for another role (delivery, due, a period's end) loses. Contracts and letters (the contract profile):
 * dates read by the role the field asks for (legal-dates.ts).
 */
import type { LeafNode } from '../../schema/compile.js';
import { fieldWords, nameWords } from '../../schema/semantic.js';
import { dateCandidates } from '../../extract/candidates.js';
import type { DocContext, Span } from '../../extract/context.js';
import { foldLabel } from '../../extract/label-similarity.js';
import { findLabels, labelPhrases, type LabelHit } from '../../extract/labels.js';
import { phrasesOf, phrasesPattern } from '../../knowledge/labels/index.js';
import { documentWords, wordsPattern } from '../../knowledge/document-words/index.js';
import { PERIOD_FIELD_PREFIXES } from '../../knowledge/field-words/index.js';
import { aggregate, cueWords, GENERIC, rankGeneric } from '../../extract/ranking.js';
import { sigmoid, type Scored } from '../../extract/scored.js';
import { isProse } from '../../profiles/contract.js';
import type { FieldKind } from '../field-kind.js';
import { computedEnd, dateSiblings, fieldDateRole, noteDateSiblings, rankDatesByRole, type DateRole } from './legal-dates.js';

export const dateKind: FieldKind = {
  name: 'date',
  claims: (leaf) => leaf.semantic === 'date' || leaf.semantic === 'datetime',
  rank: rankDates,
  group: () => 'date',
  siblings: noteDateSiblings,
};

function rankDates(ctx: DocContext, leaf: LeafNode): Scored[] {
  const role = fieldDateRole(leaf);
  if (isProse(ctx) && (role || ctx.totalChars > 6000)) return rankLegalDates(ctx, leaf, role ?? 'signed');
  const cands = dateCandidates(ctx);
  const own = [...fieldWords(leaf), ...nameWords(leaf.title ?? '')].filter((w) => w.length >= 3 && !GENERIC.has(w));
  // a role word is the field's own when it begins a word of the field's name or of one of its label phrases in any
  // language ("fällig" of "Fälligkeit" for a due date)
  const ownLabelWords = labelPhrases(leaf).flatMap((p) => p.toLowerCase().split(/[\s-]+/)).filter((w) => w.length >= 3);
  const ownRole = (r: string) => own.some((w) => r.startsWith(w.slice(0, 4)) || w.startsWith(r.slice(0, 4))) || ownLabelWords.some((w) => w.startsWith(r));
  // the field's cue words count only after the last word of another date role before the date: "Invoice 118 /
  // Your order 4500 of 2 March" cues the order's date, not the invoice's
  // (a role word that is one of the field's cue words, "payment" for a due date, cues it rather than another role)
  const cues = cueWords(leaf).map((c) => c.split(' ')[0]!).filter((c) => c.length >= 3);
  // a range word after one of the field's cues is the field's own role: "zahlbar bis", "payable until"
  const cuedRange = (r: string, before: string) => RANGE_WORDS.has(r) && cues.some((c) => before.includes(c));
  const isOtherRole = (r: string, before: string) => !ownRole(r) && !cues.some((c) => r.startsWith(c) || c.startsWith(r)) && !cuedRange(r, before);
  const cueFrom = (before: string) => {
    let at = 0;
    for (const m of before.matchAll(OTHER_DATE_ROLE_WORDS)) {
      if (isOtherRole(m[1]!.toLowerCase(), before.slice(0, m.index!))) at = m.index! + m[0].length;
    }
    return at;
  };
  const scored = rankGeneric(ctx, leaf, cands, { label: true, cue: true, early: 0.6, window: 80, cueAfter: 40, hits: (h) => withoutOtherRoles(ctx, leaf, h), cueFrom }, (c) => (c.hints?.ambiguous ? -0.1 : 0));
  if (!labelPhrases(leaf).includes('date')) {
    // A specific date field (due, delivery, ...) on a short document needs its own label or cue.
    for (const s of scored) if (!s.features.lab && !s.features.cue) s.score *= 0.3;
    scored.sort((a, b) => b.score - a.score);
  } else if (scored.length === 1 && !isProse(ctx)) {
    // the only date a business document states is its date, labelled or not (a scan whose label was lost)
    const s = scored[0];
    s.score = sigmoid(Math.log(s.score / (1 - s.score)) + 1);
    s.features.sole = 1;
  }
  if (role === 'end') {
    // End dates are stated next to their cue ("expires on", "until"); an uncued date is rarely the answer.
    for (const s of scored) if (!s.features.cue) s.score *= 0.3;
  }
  // A date labelled for another role ("Lieferdatum", "Order date", "Due") or one end of a period
  // ("01.06.2023 - 30.06.2023") is not the date of a field that does not ask for that role.
  for (const sc of scored) {
    const sp = sc.spans[0];
    if (!sp) continue;
    const text = ctx.pages[sp.p].text;
    const ls = text.lastIndexOf('\n', sp.start - 1) + 1;
    let label = text.slice(ls, sp.start).trim();
    // a date under a column header ("Invoice Date | ... | Due Date" over a row of values): the header right above
    // it, not the text line that happens to precede it in reading order (the row's last header)
    // (also when what precedes it on its line are other values of that row: "FV26-001208 15/01/2026 14/02/2026")
    if (!/\p{L}{3}/u.test(label)) label = headerAbove(ctx, sp) ?? '';
    if (!label) {
      const pl = text.lastIndexOf('\n', Math.max(0, ls - 2)) + 1;
      const prevLine = text.slice(pl, Math.max(pl, ls - 1)).trim();
      if (prevLine.length <= 30) label = prevLine;
    }
    // every role word of the label: one of the field's own makes it the field's label ("Payment Due" for a due date)
    const tailAt = Math.max(0, label.length - 30);
    const roles = [...label.slice(tailAt).matchAll(OTHER_DATE_ROLE_WORDS)].filter((m) => !cuedRange(m[1]!.toLowerCase(), label.slice(0, tailAt + m.index!).toLowerCase())).map((m) => m[1]!.toLowerCase());
    const hasOwnRole = roles.some(ownRole);
    if ((roles.length && !hasOwnRole) || otherRoleLabel(label, leaf)) { sc.score *= 0.5; sc.features.otherRole = 1; }
    const around = `${text.slice(Math.max(0, sp.start - 14), sp.start)}|${text.slice(sp.end, sp.end + 14)}`;
    if (!own.some((w) => PERIOD_FIELD_PREFIXES.some((p) => w.startsWith(p))) && RANGE_AROUND.test(around)) { sc.score *= 0.5; sc.features.range = 1; }
  }
  return scored.sort((a, b) => b.score - a.score);
}

/**
 * Column header of a value whose text line holds nothing before it: the words right above it within its
 * horizontal extent; undefined when none sit close above it or they are a value (no letters) rather than a header.
 */
function headerAbove(ctx: DocContext, sp: Span): string | undefined {
  const cb = ctx.spanBox(sp);
  if (!cb) return undefined;
  const page = ctx.pages[sp.p];
  const rows = ctx.rows(sp.p).rows;
  for (let r = cb.row0 - 1; r >= 0 && r >= cb.row0 - 2; r--) {
    if (cb.bbox[1] - rows[r].y1 > 0.05) break;
    const ws = rows[r].words.filter((w) => {
      const b = page.words[w].bbox;
      return Math.min(b[2], cb.bbox[2] + 0.01) - Math.max(b[0], cb.bbox[0] - 0.01) > 0;
    });
    // a header is words; a value above (another row of the same column) says nothing
    if (ws.length) return ws.some((w) => /\p{L}{2}/u.test(page.words[w].text)) ? ws.map((w) => page.words[w].text).join(' ') : undefined;
  }
  return undefined;
}

/**
 * The field's label hits that are not part of a longer label of another date role: "Fecha" in "Fecha de
 * vencimiento" labels a due date, not the date of the document.
 */
function withoutOtherRoles(ctx: DocContext, leaf: LeafNode, hits: LabelHit[]): LabelHit[] {
  const own = new Set(labelPhrases(leaf));
  const others = phrasesOf(...DATE_ROLE_CONCEPTS).filter((p) => !own.has(p));
  if (!others.length || !hits.length) return hits;
  const roles = findLabels(ctx, others);
  return hits.filter((h) => !roles.some((g) => g.p === h.p && g.start <= h.start && g.end >= h.end && g.end - g.start > h.end - h.start));
}

/** Concepts whose labels name a date of another role than a document's own date (knowledge/labels). */
const DATE_ROLE_CONCEPTS = ['due_date', 'delivery_date', 'expiration_date'] as const;
let roleLabelRe: RegExp | undefined;
// (an apostrophe as any of the ways it is printed: "Date d’échéance" is the label "date d'échéance")
const roleNorm = (s: string) => foldLabel(s).replace(/[\s._-]+/g, ' ').replace(/['’ʼ‘]/g, "'").trim();

/**
 * Whether the label before a date (its text or its column header) ends in a phrase of another date role in any
 * language ("Fecha de vencimiento", "Data di consegna") that is not one of the field's own label phrases.
 */
function otherRoleLabel(label: string, leaf: LeafNode): boolean {
  if (!label) return false;
  roleLabelRe ??= new RegExp(phrasesPattern(phrasesOf(...DATE_ROLE_CONCEPTS).map(roleNorm)), 'gu');
  const own = new Set(labelPhrases(leaf).map(roleNorm));
  const text = roleNorm(label.slice(-40));
  roleLabelRe.lastIndex = 0;
  for (const m of text.matchAll(roleLabelRe)) if (!own.has(roleNorm(m[0]))) return true;
  return false;
}

/** A word of a label that names a date of another role, from its beginning (knowledge/document-words). */
export const OTHER_DATE_ROLE_RE = new RegExp(`(?:^|[^\\p{L}])(${wordsPattern(documentWords('dateRoleStems'))})`, 'iu');
const OTHER_DATE_ROLE_WORDS = new RegExp(OTHER_DATE_ROLE_RE.source, 'giu');

/**
 * A date that is one end of a period: a dash or a range word ("bis", "to", "until") between it and another date,
 * seen in `around` (the text before the date, '|', the text after it).
 */
const RANGE = `(?:-|–|${wordsPattern(documentWords('rangeWords'))})`;
const RANGE_WORDS = new Set(documentWords('rangeWords'));
export const RANGE_AROUND = new RegExp(`\\d\\s*${RANGE}\\s*\\|$|^[^|]*\\|\\s*${RANGE}\\s*\\d`);

/**
 * Dates of contracts and letters: ranked by the role the field asks for (signed / effective / end), see
 * legal-dates.ts. End dates may also be computed (start + initial term) or 'perpetual' when the field's
 * description allows it.
 */
function rankLegalDates(ctx: DocContext, leaf: LeafNode, role: DateRole): Scored[] {
  const list: Scored[] = rankDatesByRole(ctx, role).map((s) => ({ ...s, spans: [...s.spans], features: { ...s.features } }));
  if (role === 'effective' && dateSiblings(leaf).has('signed')) {
    // the agreement's date has a field of its own: the effective date is one stated as such ("effective",
    // "commencing", `(the "Effective Date")`, "Effective Date:") or by the signatures, not "dated as of"
    for (const s of list) if ((s.features.own ?? 0) < 0.7 && !s.features.sig) s.score *= 0.15;
  }
  if (role === 'end') {
    const desc = (leaf.description ?? '').toLowerCase();
    const comp = computedEnd(ctx);
    // the schema asking to compute makes a computed end as good as a stated one
    if (comp) list.push({ ...comp, score: /\bcomput|\bcalculat|\bderive/.test(desc) ? comp.score : comp.score * 0.7 });
    if (desc.includes('perpetual')) list.push(...perpetualTerm(ctx));
  }
  return aggregate(list);
}

/** "This Agreement shall continue until terminated", "valid for an indefinite period": an open-ended term. */
function perpetualTerm(ctx: DocContext): Scored[] {
  const out: Scored[] = [];
  ctx.pages.forEach((page, p) => {
    if (out.length) return;
    // also a term that ends only on an event: "shall continue until the termination of the Alliance Agreement",
    // "shall continue until a Party terminates", "shall end on the 60th day following a written notice ... to terminate"
    for (const m of page.text.matchAll(/\b(perpetual(?:ly)?|in perpetuity|indefinite(?:ly)?|until terminated|continue\s+(?:in\s+(?:full\s+)?(?:force\s+and\s+)?effect\s+)?until\s+(?:the\s+)?(?:termination\b|(?:a|either|one)\s+party\s+terminates)|end\s+(?:on|upon)\s+the\s+\w+\s+day\s+(?:following|after)\s+(?:a\s+|the\s+)?(?:written\s+)?notice)/gi)) {
      const before = page.text.slice(Math.max(0, m.index! - 150), m.index!).toLowerCase();
      // (an event-ended term is this agreement's only when the sentence is about this agreement or its term)
      if (!/^(perpetual|in perpetuity|indefinite|until terminated)/i.test(m[0]) && !/\b(?:this|the)\s+agreement\b|\bterm\b/.test(before.slice(-120))) continue;
      const after = page.text.slice(m.index! + m[0].length, m.index! + m[0].length + 60).toLowerCase();
      if (!/\bterm\b|continue|remain|in effect|duration|valid/.test(before)) continue;
      // "for an initial term of 15 years and thereafter until terminated": an evergreen renewal, the term ends
      if (/thereafter\W*$/.test(before.slice(-30))) continue;
      // a perpetual licence or right says nothing about how long the agreement runs
      if (/licen[cs]e|right|irrevocable|royalty|worldwide|non-?exclusive/.test(`${before.slice(-40)} ${after}`)) continue;
      out.push({ value: 'perpetual', spans: [{ p, start: m.index!, end: m.index! + m[0].length }], score: 0.45, features: { perpetual: 1 } });
      return;
    }
  });
  return out;
}
