/** Payment terms ("Net 30", "zahlbar innerhalb 14 Tagen", "à réception"): a labelled value or a terms phrase. */
import type { LeafNode } from '../../schema/compile.js';
import { fieldWords } from '../../schema/semantic.js';
import type { RawCandidate } from '../../extract/candidates.js';
import type { DocContext, Span } from '../../extract/context.js';
import { labelledText } from '../../extract/labelled-text.js';
import { aggregate } from '../../extract/ranking.js';
import { sigmoid, type Scored } from '../../extract/scored.js';
import type { FieldKind } from '../field-kind.js';
import { freeTextGroup, isFreeText } from '../text/free-text.js';
import { PAYMENT_TERMS_FIELD_WORDS, fieldWordsTest } from '../../knowledge/field-words/index.js';
import { documentWords, wordsPattern } from '../../knowledge/document-words/index.js';

/** A field asking for payment terms, not a contract's other terms (knowledge/field-words). */
export const PAYMENT_TERMS_FIELD = fieldWordsTest(PAYMENT_TERMS_FIELD_WORDS);
/** A line that speaks of payment or terms (knowledge/document-words). */
export const PAYMENT_LINE = new RegExp(`\\b(${wordsPattern(documentWords('paymentWords'))})\\b`, 'i');

export const paymentTermsKind: FieldKind = {
  name: 'payment-terms',
  claims: (leaf) => {
    if (!isFreeText(leaf)) return false;
    return PAYMENT_TERMS_FIELD(fieldWords(leaf).join(' '));
  },
  rank: rankPaymentTerms,
  group: freeTextGroup,
};

/**
 * Payment-terms phrases as printed ("Net 30", "due upon receipt", "payable within 14 days", "2% 10 Net 30",
 * "due immediately"), multilingual where the wording is fixed.
 */
const TERMS_PHRASE_RE = new RegExp([
  String.raw`\d{1,2}(?:[.,]\d{1,2})?\s*%\s*\d{1,3}(?:\s*days)?,?\s*net\s*\d{1,3}(?:\s*days)?`,
  String.raw`net\s*\d{1,3}(?:\s*days)?(?:\s*(?:eom|from\s+(?:the\s+)?(?:invoice\s+)?date(?:\s+of\s+invoice)?))?`,
  String.raw`\d{1,3}\s*days?\s*net`,
  String.raw`(?:due|payable)\s+(?:on|upon)\s+(?:receipt|delivery)`,
  String.raw`(?:due|payable)\s+immediately`,
  String.raw`(?:due|payable)\s+(?:with)?in\s+\d{1,3}\s*days(?:\s+(?:of|from|after)\s+(?:the\s+)?(?:invoice|receipt)(?:\s+date)?)?`,
  String.raw`cash\s+on\s+delivery|payment\s+in\s+advance`,
  String.raw`zahlbar\s+(?:sofort|innerhalb\s+(?:von\s+)?\d{1,3}\s*tagen)|sofort\s+fällig|\d{1,3}\s*tage\s+netto`,
  String.raw`(?:binnen|within)\s+\d{1,3}\s*(?:dagen|days)`,
  String.raw`à\s+réception|à\s+\d{1,3}\s*jours(?:\s+fin\s+de\s+mois)?|\d{1,3}\s*jours\s+fin\s+de\s+mois`,
].map((x) => `(?:${x})`).join('|'), 'giu');

function termsPhrases(ctx: DocContext): RawCandidate[] {
  return ctx.memo('terms-phrases', () => {
    const out: RawCandidate[] = [];
    ctx.pages.slice(0, 20).forEach((page, p) => {
      for (const m of page.text.matchAll(new RegExp(`(?<![\\p{L}\\p{N}])(?:${TERMS_PHRASE_RE.source})(?![\\p{L}\\p{N}])`, 'giu'))) {
        out.push({ p, start: m.index!, end: m.index! + m[0].length, value: m[0].replace(/\s+/g, ' '), text: m[0] });
      }
    });
    return out;
  });
}

/**
 * Payment terms: a labelled value ("Terms: Net 30") or a terms phrase printed anywhere ("payment will be due
 * immediately"). A label's value that reads as no terms phrase at all ("terms start on normal delivery date")
 * counts for less than a terms phrase; within a labelled value that holds one, the value stays as printed.
 */
function rankPaymentTerms(ctx: DocContext, leaf: LeafNode): Scored[] {
  const phrases = termsPhrases(ctx);
  const within = (s: Span) => phrases.some((c) => c.p === s.p && c.start < s.end && c.end > s.start);
  const labelled = labelledText(ctx, leaf).map((s) => {
    const sp = s.spans[0];
    const ok = sp && within(sp);
    return { ...s, score: ok ? Math.min(1, s.score + 0.1) : s.score * 0.55, features: { ...s.features, phrase: ok ? 1 : 0 } };
  });
  const free: Scored[] = phrases.map((c) => {
    const page = ctx.pages[c.p];
    const line = page.lines[ctx.lineIndex(c.p, c.start)];
    const lineText = line ? page.text.slice(line.start, line.end) : '';
    // on a line that speaks of payment or terms the phrase is the terms; elsewhere it may be a note
    const cue = PAYMENT_LINE.test(lineText) ? 0.6 : 0;
    return { value: c.value, spans: [{ p: c.p, start: c.start, end: c.end }], score: sigmoid(-0.5 + cue - 0.3 * c.p), features: { phrase: 1, cue } };
  });
  return aggregate([...labelled, ...free]);
}
