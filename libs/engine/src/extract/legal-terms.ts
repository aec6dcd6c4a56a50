/**
 * The length of an agreement ("term", "duration") in contracts. Contracts state many periods; the
 * agreement's own is the one whose sentence is about the agreement or its obligations lasting, expiring or
 * surviving ("This Agreement shall remain in effect for two (2) years", "Each party's obligations under
 * this Agreement expire 18 months after the date hereof", under a "Term." heading), counted from the
 * agreement's start. Periods of covenants (standstill, non-solicitation, non-competition), of payments and
 * of notices, and periods that only start when employment ends, are other periods.
 */
import type { LeafNode } from '../schema/compile.js';
import { nameWords } from '../schema/semantic.js';
import { durationCandidates, type RawCandidate } from './candidates.js';
import type { DocContext, Span } from './context.js';
import { sigmoid, type Scored } from './scored.js';

/** A field asking for the agreement's own length (not a renewal or notice period). */
export function isAgreementTermField(leaf: Pick<LeafNode, 'name' | 'title'>): boolean {
  const w = [...nameWords(leaf.name), ...nameWords(leaf.title ?? '')].join(' ');
  return /\b(term|duration|length)\b/.test(w) && !/\b(renewal|renew|notice|payment|cure|warranty)\b/.test(w);
}

/** Start of the sentence holding `at` (a period, semicolon or blank line before it), looking back `max`. */
function sentenceBefore(text: string, at: number, max: number): string {
  const head = text.slice(Math.max(0, at - max), at);
  let cut = 0;
  for (const m of head.matchAll(/[.;]\s+(?=[A-Z(“"])|\n\s*\n/g)) {
    if (/\b(Inc|Corp|Co|Ltd|No|Mr|Ms|Dr|St|Sec)\.\s+$/.test(head.slice(Math.max(0, m.index! - 5), m.index! + m[0].length))) continue;
    cut = m.index! + m[0].length;
  }
  return head.slice(cut);
}

function sentenceAfter(text: string, at: number, max: number): string {
  const tail = text.slice(at, at + max);
  const m = /[.;]\s+(?=[A-Z(“"])|\n\s*\n/.exec(tail);
  return m ? tail.slice(0, m.index) : tail;
}

const SELF_RE = /\b(this|the) (agreement|nda|letter agreement|letter)\b|\bhereunder\b|\bhereof\b|\bherein\b|obligations? (under|of) this|\bthe term\b/i;
const RENEWAL_RE = /\b(renew\w*|successive|additional|extension|extend\w*)\b/i;
const NOTICE_AFTER_RE = /^[^.;]{0,20}\b(prior\s+)?(written\s+)?notice\b/i;
const LOOKBACK_RE = /\b(within the (last|past)|preceding|prior to)\b/i;
const AGREEMENT_SUBJECT_RE = /\b(this|the) (agreement|nda|letter agreement)\b[^.;,]{0,40}$|\bobligations (under|of) this (agreement|letter agreement)\b[^.;]{0,30}$|\bterm of this\b[^.;]{0,40}$/i;
const LAST_RE = /\b(expire[sd]?|expiration|terminate[sd]?|termination|continue[sd]?|remain[sd]?|survive[sd]?|in (full )?(force|effect)|be effective|become effective|binding|apply|applies|valid|period of)\b|\b(term|duration)\b[^.;]{0,60}\b(shall|will) be\b/i;
const CONFIDENTIALITY_RE = /confidential|non-?disclosure|evaluation material|proprietary information|\binformation\b/i;
const COVENANT_RE = /standstill|non-?solicit|solicit|\bhire\b|\bemploy (or|any)|non-?compet|\bcompete\b|acquire|purchase|securities|\bvote\b|prox(y|ies)|tender offer|business combination|indemnif/i;
const MONEY_RE = /salary|\bpay\b|payment|compensation|severance|benefit|premium|bonus|insurance|coverage/i;
const START_ANCHOR_RE = /^[^.;]{0,20}\b(from|after|following|commencing (on|with))\s+(and after\s+)?(the\s+)?(date (hereof|of this|first|last|on which this)|effective date|execution|signing|date of (execution|signature)|date (this|the) agreement)/i;
const EMPLOYMENT_END_RE = /(following|after|from|upon)\s+(the\s+)?(termination|cessation|end|expiration)\s+of\s+([\w’']+\s+){0,3}(employment|service|relationship|engagement)|\bthereafter\b/i;
const AGREEMENT_END_RE = /^[^.;]{0,20}\b(following|after|from)\s+(the\s+(date\s+of\s+)?)?(termination|expiration|expiry)\b/i;

export type TermScored = Scored<string>;

/** Scores every duration of a prose document as the agreement's own length. */
export function rankAgreementTerm(ctx: DocContext): TermScored[] {
  return ctx.memo('agreement-term', () => {
    const out: TermScored[] = [];
    for (const d of durationCandidates(ctx) as RawCandidate[]) {
      const text = ctx.pages[d.p].text;
      const before = sentenceBefore(text, d.start, 320).replace(/\s+/g, ' ');
      const after = sentenceAfter(text, d.end, 160).replace(/\s+/g, ' ');
      const sentence = `${before} ${after}`;
      const v = String(d.value);
      const heading = /\b(term|duration)(?: (?:of|and) (?:the |this )?(?:agreement|termination|nda))?\s*[.:]/i.test(text.slice(Math.max(0, d.start - 250), d.start));
      const self = SELF_RE.test(before);
      const lasts = LAST_RE.test(sentence);
      const conf = CONFIDENTIALITY_RE.test(sentence) && lasts;
      const covenant = COVENANT_RE.test(sentence);
      const money = MONEY_RE.test(sentence);
      const startAnchor = START_ANCHOR_RE.test(after);
      const afterEmployment = EMPLOYMENT_END_RE.test(after.slice(0, 120)) || /\b(termination|cessation) of ([\w’']+\s+){0,3}employment\b/i.test(before.slice(-80));
      const afterAgreement = AGREEMENT_END_RE.test(after);
      // centred so that a sentence about this agreement lasting (z = 0) clears the duration threshold (0.75)
      let z = -1.1;
      if (self && lasts) z += 1.6;
      else if (self || lasts) z += 0.6;
      if (heading) z += 1.2;
      if (conf) z += 0.2;
      // the agreement itself is the subject ("This Agreement will terminate 12 months ...")
      if (AGREEMENT_SUBJECT_RE.test(before)) z += 0.4;
      if (RENEWAL_RE.test(before.slice(-100))) z -= 1.4;
      if (NOTICE_AFTER_RE.test(after)) z -= 1.5;
      if (LOOKBACK_RE.test(before.slice(-40)) || /^\s*(immediately\s+)?preceding\b/i.test(after)) z -= 1.2;
      if (startAnchor) z += 0.8;
      if (covenant) z -= 1.4;
      if (money) z -= 1.2;
      if (afterEmployment) z -= 1.6;
      if (afterAgreement) z -= 0.8;
      if (/day|week/.test(v)) z -= 1.6;
      out.push({
        value: v, spans: [d], score: sigmoid(z),
        features: { self: +self, lasts: +lasts, heading: +heading, conf: +conf, covenant: +covenant, money: +money, start: +startAnchor, afterEmployment: +afterEmployment, afterAgreement: +afterAgreement },
      });
    }
    return out;
  });
}
