/**
 * The length of an agreement ("term", "duration") in contracts. Contracts state many periods; the
 * agreement's own is the one whose sentence is about the agreement or its obligations lasting, expiring or
 * surviving ("This Agreement shall remain in effect for two (2) years", "Each party's obligations under
 * this Agreement expire 18 months after the date hereof", under a "Term." heading), counted from the
 * agreement's start. Periods of covenants (standstill, non-solicitation, non-competition), of payments and
 * of notices, and periods that only start when employment ends, are other periods.
 */
import type { LeafNode } from '../../schema/compile.js';
import { fieldWords, nameWords } from '../../schema/semantic.js';
import { durationCandidates, type RawCandidate } from '../../extract/candidates.js';
import type { DocContext, Span } from '../../extract/context.js';
import { sigmoid, type Scored } from '../../extract/scored.js';

/** A field asking for the agreement's own length (not a renewal or notice period). */
export function isAgreementTermField(leaf: Pick<LeafNode, 'name' | 'title' | 'reading'>): boolean {
  const w = [...fieldWords(leaf), ...nameWords(leaf.title ?? '')].join(' ');
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
const LOOKBACK_RE = /\b(within the (last|past|most recent)|most recent|preceding|prior to)\b/i;
const AGREEMENT_SUBJECT_RE = /\b(this|the) (agreement|nda|letter agreement)\b[^.;,]{0,40}$|\bobligations (under|of) this (agreement|letter agreement)\b[^.;]{0,30}$|\bterm of this\b[^.;]{0,40}$/i;
const LAST_RE = /\b(expire[sd]?|expiration|terminate[sd]?|termination|continue[sd]?|remain[sd]?|survive[sd]?|in (full )?(force|effect)|be effective|become effective|binding|apply|applies|valid|period of)\b|\b(term|duration)\b[^.;]{0,60}\b(shall|will) be\b/i;
const CONFIDENTIALITY_RE = /confidential|non-?disclosure|evaluation material|proprietary information|\binformation\b/i;
const COVENANT_RE = /standstill|non-?solicit|solicit|\bhire\b|\bemploy (or|any)|non-?compet|\bcompete\b|acquire|purchase|securities|\bvote\b|prox(y|ies)|tender offer|business combination|indemnif/i;
const MONEY_RE = /salary|\bpay\b|payment|compensation|severance|benefit|premium|bonus|insurance|coverage/i;
const START_ANCHOR_RE = /^[^.;]{0,20}\b(from|after|following|commencing (on|with))\s+(and after\s+)?(the\s+)?(date (hereof|of this|first|last|on which this)|effective date|execution|signing|date of (execution|signature)|date (this|the) agreement)/i;
// ("within two (2) years of the termination of Employee's employment", "for one year following Employee's termination")
const EMPLOYMENT_END_RE = /(following|after|from|upon|of)\s+(the\s+)?(termination|cessation|end|expiration)\s+of\s+([\w’']+\s+){0,3}(employment|service|relationship|engagement)|(following|after|upon|of)\s+(the\s+)?[\w-]+[’']s\s+(termination|resignation|separation|departure)\b|\bthereafter\b/i;
/** "the second anniversary of the date hereof", "the two-year anniversary of this Agreement": a point counted from the agreement's start. */
const ANNIVERSARY_RE = /^\s*(?:hereof|of\s+(?:the\s+)?(?:date\s+(?:hereof|of\s+this)|this\s+(?:agreement|nda|letter)|effective\s+date|execution))/i;
/** "The term of this Agreement shall be (for a period of) ...": the sentence that states the agreement's own length. */
const TERM_STATEMENT_RE = /\b(?:the\s+)?term\s+of\s+(?:this|the)\s+(?:agreement|nda|letter agreement)\s+(?:shall|will|is)\s+(?:be\s+)?(?:for\s+)?(?:a\s+period\s+of\s+)?(?:up\s+to\s+)?$/i;
/** "within two years prior to the date of termination", "the twelve (12) month period preceding": a look-back window. */
const LOOKBACK_AFTER_RE = /^[\s-]*(?:month\s+|year\s+)?(?:period\s+)?(?:immediately\s+)?(?:prior\s+to|preceding|before)\b/i;
const AGREEMENT_END_RE = /^[^.;]{0,20}\b(following|after|from)\s+(the\s+(date\s+of\s+)?)?(termination|expiration|expiry)\b/i;
/** "three (3) years from the date of disclosure": each disclosure's own protection period, counted from that disclosure. */
const FROM_DISCLOSURE_RE = /^[^.;]{0,20}\b(from|after|following|beyond)\s+(the\s+)?(date\s+of\s+)?(its\s+|such\s+|the\s+|each\s+)?(disclosure|receipt|generation)\b/i;
/**
 * "for the later of (1) three years from ... or (2) ...": an end set by whichever comes last has no length of its own
 * (while "the earlier of (i) two years ... and (ii) a Transaction" is two years at most: that period is the length).
 */
const ALTERNATIVE_RE = /\b(later|latest)\s+of\b[^.;]{0,20}$/i;

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
      // (the duration's span may hold the word "anniversary" itself, "second anniversary", or stop before it, "two-year")
      const anniversary = /anniversary\s*$/i.test(text.slice(d.start, d.end)) ? ANNIVERSARY_RE.test(after) : /^[\s-]*anniversary\b/i.test(after) && ANNIVERSARY_RE.test(after.replace(/^[\s-]*anniversary/i, ''));
      const startAnchor = START_ANCHOR_RE.test(after) || anniversary;
      const statement = TERM_STATEMENT_RE.test(before);
      const afterEmployment = EMPLOYMENT_END_RE.test(after.slice(0, 120)) || /\b(termination|cessation) of ([\w’']+\s+){0,3}employment\b/i.test(before.slice(-80));
      const afterAgreement = AGREEMENT_END_RE.test(after);
      const fromDisclosure = FROM_DISCLOSURE_RE.test(after);
      const alternative = ALTERNATIVE_RE.test(before);
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
      if (LOOKBACK_RE.test(before.slice(-40)) || LOOKBACK_AFTER_RE.test(after)) z -= 1.2;
      if (statement) z += 0.8;
      if (startAnchor) z += 0.8;
      if (covenant) z -= 1.4;
      if (money) z -= 1.2;
      if (afterEmployment) z -= 1.6;
      if (afterAgreement) z -= 0.8;
      if (fromDisclosure) z -= 1.2;
      if (alternative) z -= 1.2;
      if (/day|week/.test(v)) z -= 1.6;
      out.push({
        value: v, spans: [d], score: sigmoid(z),
        features: { self: +self, lasts: +lasts, heading: +heading, conf: +conf, covenant: +covenant, money: +money, start: +startAnchor, statement: +statement, afterEmployment: +afterEmployment, afterAgreement: +afterAgreement, fromDisclosure: +fromDisclosure, alternative: +alternative },
      });
    }
    return out;
  });
}

/** A field asking for the length of a renewal ("renewal_term"), not the notice that prevents it. */
export function isRenewalTermField(leaf: Pick<LeafNode, 'name' | 'title' | 'reading'>): boolean {
  const w = [...fieldWords(leaf), ...nameWords(leaf.title ?? '')].join(' ');
  return /\brenew\w*\b/.test(w) && !/\bnotice\b/.test(w);
}

/** A field asking for the notice that prevents or ends a renewal ("notice_period_to_terminate_renewal"). */
export function isRenewalNoticeField(leaf: Pick<LeafNode, 'name' | 'title' | 'reading'>): boolean {
  const w = [...fieldWords(leaf), ...nameWords(leaf.title ?? '')].join(' ');
  return /\brenew\w*\b/.test(w) && /\bnotice\b/.test(w);
}

/** A sentence that renews this agreement ("shall automatically renew for successive one-year periods"). */
const RENEWS_RE = /\brenew\w*|\bsuccessive\b|\bevergreen\b|\b(?:automatically|shall|will)\s+continue\b[^.;]{0,60}\badditional\s+(?:\w+\s+){0,2}?(?:periods?|terms?)\b|\b(?:extend\w*|extension)\s+(?:of\s+)?(?:this\s+agreement|the\s+(?:agreement|term)|for\b)/i;
const ABOUT_TERM_RE = /\b(?:this\s+agreement|the\s+agreement|(?:initial|current|then[- ]current|original)\s+term|(?:the|this)\s+term|hereof|renewal\s+(?:term|period))\b/i;
/** The duration is the length of each renewal: "for successive one (1) year periods", "renewal terms of two years". */
const RENEWAL_LENGTH_BEFORE_RE = /\b(?:successive|additional|renewal|renew\w*|extend\w*|extension|further|consecutive)\b[^.;]{0,60}$/i;
const RENEWAL_LENGTH_AFTER_RE = /^\s*(?:renewal\s+|additional\s+|successive\s+)?(?:periods?|terms?|increments?|intervals?)\b/i;
/** The duration is the notice: "upon ninety (90) days' written notice", "at least 30 days prior to the end of the term". */
const NOTICE_ROLE_AFTER_RE = /^[^.;]{0,25}\b(?:(?:prior\s+)?(?:written\s+)?notice|prior\s+to\s+(?:the\s+)?(?:end|expiration|expiry|conclusion|close)|before\s+(?:the\s+)?(?:end|expiration|expiry))/i;

/**
 * Renewal terms: durations in a sentence that renews or extends this agreement, read by role. The length of each
 * renewal ("successive 1 year" when the renewals repeat) and the notice that prevents a renewal are different
 * durations of the same sentence.
 */
export function rankRenewalTerms(ctx: DocContext, want: 'length' | 'notice'): TermScored[] {
  return ctx.memo(`renewal-terms:${want}`, () => {
    const out: TermScored[] = [];
    for (const d of durationCandidates(ctx) as RawCandidate[]) {
      const text = ctx.pages[d.p].text;
      const before = sentenceBefore(text, d.start, 400).replace(/\s+/g, ' ');
      const after = sentenceAfter(text, d.end, 240).replace(/\s+/g, ' ');
      const sentence = `${before} ${after}`;
      if (!RENEWS_RE.test(sentence) || !ABOUT_TERM_RE.test(sentence)) continue;
      const notice = NOTICE_ROLE_AFTER_RE.test(after);
      // "prior to the expiration of the initial five (5) year term": the initial term, not a renewal
      // (or "shall remain in effect initially for the five (5) year term (“Initial Term”)")
      const initial = /\b(?:initial|original|first)\s*$/i.test(before) || /\binitially\b[^.;]{0,30}$/i.test(before) || /^[\s-]*(?:year\s+|month\s+)?terms?\s*\(\s*(?:the\s+)?[“"]initial/i.test(after);
      const length = !notice && !initial && (RENEWAL_LENGTH_BEFORE_RE.test(before.slice(-90)) || RENEWAL_LENGTH_AFTER_RE.test(after));
      const automatic = /\bautomatic\w*|\bshall\s+(?:be\s+)?(?:renew|extend)|\bwill\s+(?:be\s+)?(?:renew|extend)/i.test(sentence);
      let z = -0.6 + (automatic ? 0.5 : 0);
      if (want === 'length') z += length ? 1.6 : notice ? -1.6 : -0.4;
      else z += notice ? 1.6 : length ? -1.6 : -0.4;
      const v = String(d.value);
      // renewals that repeat: "successive", "subsequent one (1) year periods", "additional one year terms"
      const successive = want === 'length' && (/\b(?:successive|consecutive|subsequent)\b/i.test(`${before.slice(-60)} ${after.slice(0, 30)}`) || /^\s*(?:renewal\s+)?(?:periods|terms|increments|renewals)\b/i.test(after));
      out.push({ value: successive ? `successive ${v}` : v, spans: [d], score: sigmoid(z), features: { notice: +notice, length: +length, automatic: +automatic, successive: +successive } });
    }
    // "automatic annual renewals", "renew from year to year": renewals of one year each
    if (want === 'length') {
      ctx.pages.forEach((page, p) => {
        for (const m of page.text.matchAll(/\b(?:annual(?:ly)?\s+renew\w*|renew\w*\s+annually|renew\w*\s+(?:\w+\s+){0,3}?(?:from\s+)?year[- ]to[- ]year)\b/gi)) {
          const sentence = `${sentenceBefore(page.text, m.index!, 300)} ${sentenceAfter(page.text, m.index! + m[0].length, 200)}`;
          if (!ABOUT_TERM_RE.test(sentence)) continue;
          out.push({ value: 'successive 1 year', spans: [{ p, start: m.index!, end: m.index! + m[0].length }], score: sigmoid(1.2), features: { annual: 1 } });
        }
      });
    }
    return out;
  });
}
