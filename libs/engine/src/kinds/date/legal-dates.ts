/**
 * Dates in contracts and other prose, read by role. A contract mentions many dates; which one a field wants
 * depends on what the words around each date say it is:
 *   - signed: the date the agreement was made ("dated as of", "entered into on", a "Date:" line under the
 *     signatures; the last signature completes the contract),
 *   - effective: the date it takes effect ("effective as of", "shall commence on", `(the "Effective Date")`),
 *   - end: the date its term ends ("shall expire on", "until", `from <date> to <date>`), or, when only a
 *     term is stated, the start date plus that term.
 * Each date also gets what argues against it: it belongs to another agreement (`that certain Merger
 * Agreement dated ...`, `(the "Merger Agreement")`), it sits in a recital, it is a deadline ("no later
 * than"), or it is page furniture (a filing stamp repeated in every page footer, a section number "10.3.15").
 * The field's role comes from its own name, so any date field of any contract schema uses the same reading.
 */
import type { LeafNode } from '../../schema/compile.js';
import { fieldWords, nameWords } from '../../schema/semantic.js';
import { addDuration } from '../../normalize/dates.js';
import { parseDuration } from '../../normalize/durations.js';
import { dateCandidates, durationCandidates, type RawCandidate } from '../../extract/candidates.js';
import type { DocContext, Span } from '../../extract/context.js';
import { sigmoid, type Scored } from '../../extract/scored.js';

export type DateRole = 'signed' | 'effective' | 'end';

export interface DateFacts {
  c: RawCandidate;
  /** Strength (0..1) of role words just before the date, nearer is stronger. */
  cue: Record<DateRole, number>;
  /** "as of": effective or signed, the sentence decides. */
  asOf: number;
  /**
   * Role of a defined term right after the date: `June 1, 2010 (the "Effective Date")`; 'self' when the term
   * names this agreement (`(the "Agreement")`), 'other' for any other term (`(the "Merger Agreement")`).
   */
  defined?: DateRole | 'self' | 'other';
  /** Role of a label right before the date: "Effective Date:", "Dated:", "Contract end:". */
  label?: DateRole;
  /** Which agreement the sentence attaches the date to: this one, or another one it refers to. */
  ref?: 'self' | 'other';
  /** The sentence itself makes the agreement ("This Agreement is made and entered into ... as of <date>"). */
  making: boolean;
  recital: boolean;
  /** Under or next to signatures ("By: /s/ ...", "Name:", "Title:", "Date:"). */
  signature: boolean;
  /** A date alone on its line near the top of the first page (the date of a letter agreement). */
  letterhead: boolean;
  /** A deadline or an event date ("no later than", "filed with the SEC on"), not the agreement's own date. */
  deadline: boolean;
  /** Inside a clause about the agreement's term or duration. */
  termClause: boolean;
  /**
   * The date bounds some other period than the agreement's term: a fiscal period ("the year ended December 31,
   * 2008"), a named period (`the six-month period commencing ... and ending ...`, `“Delivery Period” means ...`),
   * or a point after which something may happen ("may terminate at any time after June 1, 2003").
   */
  otherPeriod: boolean;
  /** Running header/footer stamp or a section number read as a date: never a value. */
  furniture: boolean;
  pos: number;
}

/** The role a date field asks for, from its own name and title (undefined: no particular role). */
export function fieldDateRole(leaf: Pick<LeafNode, 'name' | 'title' | 'reading'>): DateRole | undefined {
  const head = [...fieldWords(leaf), ...nameWords(leaf.title ?? '')].join(' ');
  if (/\b(expir\w*|expiry|end|ending|ends|terminat\w*|until|maturity)\b/.test(head)) return 'end';
  if (/\b(effective|commencement|commenc\w*|start\w*|begin\w*|inception)\b/.test(head)) return 'effective';
  if (/\b(agreement|contract|signed|signature|signing|execution|executed|dated|made)\b/.test(head)) return 'signed';
  return undefined;
}

/** Roles of the other date fields of the same object in the caller's schema (see noteDateSiblings). */
const siblingRoles = new WeakMap<object, Set<DateRole>>();

/**
 * Records which date roles the sibling fields of each date field ask for. A schema with its own field for
 * the agreement's date asks its effective-date field for a date stated as such ("effective as of"), not for
 * the date the agreement was made.
 */
export function noteDateSiblings(leaves: Pick<LeafNode, 'name' | 'title' | 'semantic'>[]): void {
  const dated = leaves.filter((l) => l.semantic === 'date' || l.semantic === 'datetime');
  for (const l of dated) {
    siblingRoles.set(l, new Set(dated.filter((o) => o !== l).map((o) => fieldDateRole(o)).filter((r): r is DateRole => !!r)));
  }
}

export function dateSiblings(leaf: object): Set<DateRole> {
  return siblingRoles.get(leaf) ?? new Set();
}

const ROLE_RES: [DateRole, RegExp, number][] = [
  ['effective', /\b(effective(?:ness)?|with effect|in (?:full )?force|(?:go|goes|come|comes) into (?:force|effect)|takes? effect)\b/g, 1],
  ['signed', /\b(dated|made|entered into|executed|signed|agreed|accepted|concluded)\b/g, 1],
  ['end', /\b(expir\w*|terminat\w*|end(?:s|ed|ing)?)\b/g, 1],
  ['end', /\b(until|through|thru)\b/g, 0.7],
];
const AS_OF_RE = /\bas of\b/g;
const START_RE = /\b(commenc\w*|begin(?:s|ning)?|start(?:s|ing)?)\b/g;
const DEADLINE_RE = /\b(no later than|not later than|on or before|prior to|before|by|within|filed|announced|submitted|received|sent|paid|payable|due|formed|incorporated|born)\b[^a-z0-9]*(?:on\s+|the\s+)*$/;
const AGREEMENT_NP_RE = /\b(this|these|that certain|the|an?|such|said|its|their|our|your|prior|original|existing|previous|certain)\s+((?:(?!(?:this|these|the|that|an?)\s)[\w&’'.,()-]+\s+){0,7}?)(agreements?|amendments?|contracts?|addend(?:um|a)|leases?|licen[cs]es?|plans?|memorand(?:um|a)|mou|letters?|instruments?|polic(?:y|ies)|notes?|deeds?|indentures?|ndas?|arrangements?|understandings?|orders?|directives?|conventions?|statements?|certificates?|proposals?|resolutions?|reports?)\b/gi;
const OTHER_DOC_RE = /\b(letter|notice|directive|convention|report|application|proposal|offer|e-?mail|resolution|statement|release|filing|certificate|opinion|order)\s*,?\s*(dated|of|on|filed on|issued on)\s*$/;
/** Drawn signature lines: only near the end of a document (early on they are section rules). */
const SIGNATURE_LINE_RE = /_{6,}|-{8,}/;
const SIGNATURE_RE = /\/s\/|\\s\\|\bby\s*:|\bname\s*:|\btitle\s*:|\bsignature\b|in witness whereof|accepted and agreed|agreed (?:to )?and accepted|acknowledged and agreed|agreed to and accepted|print(?:ed)? name/i;
const TERM_CLAUSE_RE = /\b(term|duration)\b/i;
/** "for the year ended December 31, 2008", "the three-month period then ended": an accounting period. */
const FISCAL_PERIOD_RE = /\b(?:years?|period|quarters?|months?)\s+(?:then\s+)?ended\s*(?:on\s+)?$/;
/** "at any time after June 1, 2003", "since March 1": a point from which something runs, not an end. */
const AFTER_POINT_RE = /\b(?:after|since)\s*(?:on\s+)?$/;
/**
 * "the twelve-month period commencing July 1", "The period from July 23, 2013 to ...": a period of its own
 * (unless the term is that period: "the Initial Term shall be the period commencing ...").
 */
const OTHER_PERIOD_RE = /\bperiod\s+(?:commencing|beginning|starting|from)\b/gi;

function defineRole(term: string): DateRole | 'self' | 'other' {
  const t = term.toLowerCase().trim();
  // `dated as of May 1, 2010 (the "Agreement")`: the date of this very agreement
  if (/^(this )?(agreement|amendment|contract|addendum|letter agreement|nda)$/.test(t)) return 'self';
  if (/effective|commencement|start/.test(t)) return 'effective';
  if (/expir|terminat|\bend\b|\bterm\b/.test(t)) return 'end';
  if (/execution|signing|signature|agreement date|contract date|date of (this )?agreement/.test(t)) return 'signed';
  return 'other';
}

function labelRole(before: string): DateRole | undefined {
  const m = /(?:^|[^a-z])((?:[a-z]+ ){0,3})(date|dated|start|end|commencement|expiration|expiry|termination)\s*[:.]?\s*$/i.exec(before);
  if (!m) return undefined;
  const words = `${m[1] ?? ''} ${m[2]}`.toLowerCase();
  const colon = /:\s*$/.test(before);
  if (/effective|commencement|start|begin/.test(words)) return colon || /date/.test(words) ? 'effective' : undefined;
  if (/expir|termination|\bend\b/.test(words)) return colon || /date/.test(words) ? 'end' : undefined;
  if (/\bdated?\b/.test(words) && (colon || /(^|\n)\s*(signature\s+)?dated?\s*$/i.test(before))) return 'signed';
  return undefined;
}

/** Nearest-cue strength: 1 within 30 characters of the date, fading to 0.4 at 90 and beyond. */
function nearness(d: number): number {
  return d <= 30 ? 1 : Math.max(0.4, 1 - (d - 30) / 100);
}

/** Start of the sentence holding offset `at` (looking back at most `max` characters). */
function sentenceStart(text: string, at: number, max = 320): number {
  const from = Math.max(0, at - max);
  const head = text.slice(from, at);
  let cut = 0;
  for (const m of head.matchAll(/[.;!?]["”’)]?\s+(?=[A-Z“"(])|\n\s*\n|\bWHEREAS\b|\bwhereas\b|\bRECITALS?\b|\bNOW,? THEREFORE\b/g)) {
    // "Inc. (" and "Corp. (" are abbreviations, not the end of a sentence
    if (/\b(Inc|Corp|Co|Ltd|No|Mr|Ms|Dr|St|L\.P|N\.A|U\.S)\.["”’)]?\s+$/.test(head.slice(Math.max(0, m.index! - 6), m.index! + m[0].length))) continue;
    cut = m.index! + (/^[.;!?]/.test(m[0]) ? m[0].length : 0);
  }
  return from + cut;
}

/** The text around a date on its own line, or the neighbouring lines when the date stands alone. */
function stampContext(text: string, c: RawCandidate): string {
  const ls = text.lastIndexOf('\n', c.start - 1) + 1;
  let le = text.indexOf('\n', c.end);
  if (le < 0) le = text.length;
  let ctx = `${text.slice(Math.max(ls, c.start - 40), c.start)} | ${text.slice(c.end, Math.min(le, c.end + 40))}`;
  if (!/[a-z]/i.test(ctx)) {
    const pl = text.lastIndexOf('\n', Math.max(0, ls - 2)) + 1;
    let nl = text.indexOf('\n', le + 1);
    if (nl < 0) nl = text.length;
    ctx = `${text.slice(pl, ls)} | ${text.slice(le, nl)}`;
  }
  return ctx.replace(/[\d\s]+/g, ' ').trim().toLowerCase();
}

function stampKey(text: string, c: RawCandidate): string {
  return `${c.value}|${stampContext(text, c)}`;
}

/** Date + context pairs that repeat on three or more pages (running headers/footers), keyed without digits. */
function repeatedContexts(ctx: DocContext, cands: RawCandidate[]): Set<string> {
  const pagesOf = new Map<string, Set<number>>();
  for (const c of cands) {
    const key = stampKey(ctx.pages[c.p].text, c);
    if (!pagesOf.has(key)) pagesOf.set(key, new Set());
    pagesOf.get(key)!.add(c.p);
  }
  const out = new Set<string>();
  for (const [k, s] of pagesOf) if (s.size >= 3) out.add(k);
  return out;
}

export function dateFacts(ctx: DocContext): DateFacts[] {
  return ctx.memo('legal-date-facts', () => {
    const cands = dateCandidates(ctx);
    const repeated = ctx.pages.length >= 3 ? repeatedContexts(ctx, cands) : new Set<string>();
    const out: DateFacts[] = [];
    cands.forEach((c, i) => {
      const page = ctx.pages[c.p];
      const text = page.text;
      const prev = i > 0 && cands[i - 1].p === c.p ? cands[i - 1] : undefined;
      const winStart = Math.max(prev?.end ?? 0, c.start - 110);
      const near = text.slice(winStart, c.start).toLowerCase().replace(/\s+/g, ' ');
      const cue: Record<DateRole, number> = { signed: 0, effective: 0, end: 0 };
      for (const [role, re, w] of ROLE_RES) {
        for (const m of near.matchAll(re)) cue[role] = Math.max(cue[role], w * nearness(near.length - (m.index! + m[0].length)));
      }
      // "commencing on", "shall begin on": the agreement's start when the sentence is about it or its term
      let startCue = 0;
      for (const m of near.matchAll(START_RE)) startCue = Math.max(startCue, nearness(near.length - (m.index! + m[0].length)));
      // "may be terminated by either Party ... after June 1, 2003": a right to end it early, not when its term ends
      if (/\bmay\s+(?:\w+\s+){0,2}terminat\w*\b/.test(near) && !/\bexpir/.test(near)) cue.end *= 0.5;
      let asOf = 0;
      for (const m of near.matchAll(AS_OF_RE)) asOf = Math.max(asOf, nearness(near.length - (m.index! + m[0].length)));
      // "from <date> to <date>": the second date ends the period the first one starts
      let rangeOf: DateFacts | undefined;
      if (prev && /^\s*(to|through|until|-|–|and ending(?: on)?)\s*$/i.test(text.slice(prev.end, c.start))) {
        cue.end = Math.max(cue.end, 1);
        const pf = out[out.length - 1];
        rangeOf = pf;
        if (pf && /\bfrom\s*$/i.test(text.slice(Math.max(0, prev.start - 12), prev.start))) pf.cue.effective = Math.max(pf.cue.effective, 0.8);
      }
      const lineStart = text.lastIndexOf('\n', c.start - 1) + 1;
      const lineText = text.slice(lineStart, c.start).toLowerCase();
      // a stamp repeated in every page header/footer ("Source: ACME CORP, 8-K, 3/16/2018") is the filing's
      // date; one that names an agreement or a role ("Supply Agreement dated May 1, 2018") is kept
      const stamp = stampContext(text, c);
      const lineCue = ROLE_RES.some(([, re]) => new RegExp(re.source).test(stamp)) || /\bas of\b|\bagreement|\bcontract|\bamendment/.test(stamp);
      const boiler = repeated.has(stampKey(text, c)) && !lineCue;
      // "10.3.15", "12.2.13": numbered clauses in contracts read like dotted dates with a two-digit year
      const section = /^\d{1,2}\.\d{1,2}\.\d{2}$/.test(c.text) && /^\d\.|\.\d\./.test(c.text);
      // a filing stamp ("Source: SOUPMAN, INC., 8-K, 8/14/2015") dates the filing, even on only one or two pages
      const filing = /\bSource:\s[^\n]{1,100},\s*$/.test(text.slice(text.lastIndexOf('\n', c.start - 1) + 1, c.start));
      const after = text.slice(c.end, c.end + 90);
      const dm = /^\s*,?\s*\(\s*(?:such date,?\s*)?(?:the|this|hereinafter(?:\s+referred\s+to\s+as)?(?:\s+the)?|herein(?:after)?(?:\s+called)?(?:\s+the)?|referred\s+to\s+as(?:\s+the)?|as)?\s*["“'‘]([^"”'’]{2,60})["”'’]/i.exec(after);
      // `"Effective Date" means January 10, 2007`: a definition naming the date before it
      // (also `“Delivery Period” means the following: (i) July 1, 2008 - ...`)
      const mb = /["“]([^"”]{2,40})["”]\s+(?:shall\s+)?means?(?:\s+the\s+following)?\s*:?\s*(?:\(?[ivx\d]{1,4}\)|[a-z]\))?\s*$/i.exec(text.slice(Math.max(0, c.start - 80), c.start));
      // the end of a range is defined with its start: `“Delivery Period” means July 1, 2008 - December 30, 2009`
      const defined = dm ? defineRole(dm[1]) : mb ? defineRole(mb[1]) : rangeOf?.defined === 'end' || rangeOf?.defined === 'other' ? rangeOf.defined : undefined;
      const label = labelRole(text.slice(Math.max(0, c.start - 40), c.start));
      const sStart = sentenceStart(text, c.start);
      const sentence = text.slice(sStart, c.start);
      let ref: DateFacts['ref'];
      for (const m of sentence.matchAll(AGREEMENT_NP_RE)) {
        const det = m[1].toLowerCase();
        const mid = m[2] ?? '';
        if ((det === 'this' || det === 'these') && !/^(previous|prior|original|existing|former|other)\b/i.test(mid)) ref = 'self';
        else if (det === 'this' || det === 'these') ref = 'other';
        else if (det === 'the' || det === 'such' || det === 'said') ref = /\b[A-Z]/.test(mid) && !/^(this|the)\b/i.test(mid) ? 'other' : ref;
        else ref = 'other';
      }
      if (/\b(hereof|hereto|herewith)\b/i.test(near) && !ref) ref = 'self';
      if (defined === 'self' && ref !== 'other') ref = 'self';
      // `(such date, the "Effective Date")`: a bare "Effective Date" is this agreement's, whatever else the sentence names
      if (dm && /^(?:effective|commencement|execution|expiration|termination)\s+date$/i.test(dm[1].trim())) ref = 'self';
      // "by letter dated", "the Council Directive dated": the date of some other document
      if (OTHER_DOC_RE.test(near.slice(-60))) ref = 'other';
      const making = /\b(made|entered into|dated|executed)\b/i.test(sentence) && ref === 'self';
      const back = text.slice(Math.max(0, c.start - 600), c.start);
      const w = back.search(/\bWHEREAS\b|\bRECITALS?\b/);
      const recital = w >= 0 && !/NOW,? THEREFORE|agree as follows|agreed as follows/i.test(back.slice(w));
      const sigRe = ctx.position(c) > 0.5 ? new RegExp(`${SIGNATURE_RE.source}|${SIGNATURE_LINE_RE.source}`, 'i') : SIGNATURE_RE;
      const lineEnd = text.indexOf('\n', c.end);
      const rest = `${text.slice(lineStart, c.start)}${text.slice(c.end, lineEnd < 0 ? text.length : lineEnd)}`.replace(/\b(exhibit|dated?)\b\s*[\w().-]*/gi, '').replace(/[^A-Za-z]/g, '');
      // (a date written alone on its line right above a signature line is the date that signature was made)
      const signature = sigRe.test(text.slice(Math.max(0, c.start - 220), c.start)) || (sigRe.test(text.slice(c.end, c.end + 80)) && (/\bdate\b/i.test(lineText) || (rest.length === 0 && ctx.position(c) > 0.5)));
      // a letter's date: alone on its line, early on the first pages, before the body text
      const letterhead = rest.length <= 3 && ctx.position(c) < 0.15 && c.p <= 1 && ctx.lineIndex(c.p, c.start) < page.lines.length * 0.5;
      const deadline = DEADLINE_RE.test(near.slice(-40));
      // (clamped at the page start: a negative offset would read the page's end instead)
      const termClause = TERM_CLAUSE_RE.test(text.slice(Math.max(0, sStart - 80, c.start - 300), c.start));
      cue.effective = Math.max(cue.effective, startCue * (termClause || ref === 'self' ? 1 : 0.6));
      const otherPeriod = FISCAL_PERIOD_RE.test(near.slice(-40)) || AFTER_POINT_RE.test(near.slice(-30))
        || [...sentence.matchAll(OTHER_PERIOD_RE)].some((m) => !/\bterm\b/i.test(sentence.slice(Math.max(0, m.index! - 50), m.index!)));
      out.push({ c, cue, asOf, defined, label, ref, making, recital, signature, letterhead, deadline, termClause, otherPeriod, furniture: boiler || section || filing, pos: ctx.position(c) });
    });
    return out;
  });
}

export type RoleScored = Scored<string>;

/** Scores every date of a prose document for one role. */
export function rankDatesByRole(ctx: DocContext, role: DateRole): RoleScored[] {
  return ctx.memo(`legal-dates:${role}`, () => {
    const facts = dateFacts(ctx).filter((f) => !f.furniture);
    const sigs = facts.filter((f) => f.signature).map((f) => String(f.c.value)).sort();
    const lastSig = sigs[sigs.length - 1];
    const out: RoleScored[] = [];
    for (const f of facts) {
      const own = (r: DateRole) => Math.max(f.cue[r], f.label === r ? 1 : 0, f.defined === r ? 1 : 0);
      let ev: number;
      let primaryEv = 0;
      let ownEv = 0;
      let z = -2.6;
      if (role === 'end') {
        // the end words may belong to some other period than the term (a fiscal year, "the six-month period
        // commencing ... and ending ...", `“Delivery Period” means ...`): then they say little about this one
        const elsewhere = (f.otherPeriod || f.defined === 'other') && f.defined !== 'end' && f.label !== 'end';
        ev = own('end') * (elsewhere ? 0.3 : 1);
        z += 2.6 * ev;
        // an end date is stated with its cue; an uncued date is almost never the answer
        if (ev === 0) z -= 1;
        // the end of something the sentence does not tie to this agreement (more so when only "until" or
        // "through" says it ends: "continuing until March 15, 2001, X shall deliver ...")
        else if (!f.termClause && f.ref !== 'self' && f.label !== 'end' && f.defined !== 'end') z -= f.cue.end < 0.9 ? 1.2 : 0.6;
        if (f.termClause && !elsewhere) z += 0.7 * (ev > 0 ? 1 : 0.3);
        if (f.signature) z -= 2;
        if (f.defined && f.defined !== 'end') z -= f.defined === 'other' ? 2 : 1.2;
        if (f.cue.effective > 0.9 && f.cue.end < 0.9) z -= 0.6;
        if (elsewhere) z -= 1.2;
      } else if (f.signature) {
        // under the signatures: the contract is made when the last party signs
        ev = 0;
        z += (role === 'signed' ? 1.7 : 1.4) + (String(f.c.value) === lastSig ? 0.4 : 0);
      } else {
        const other: DateRole = role === 'effective' ? 'signed' : 'effective';
        const making = f.making ? 0.7 : 0;
        // "as of" dates the agreement when the sentence is about it; elsewhere it is any cut-off date
        const asOf = f.asOf * (f.ref === 'self' || f.making ? 1 : 0.6);
        const primary = Math.max(own(role), asOf * (role === 'effective' ? 0.75 : 0.85), role === 'signed' ? making : 0);
        // the other role's words are a fallback: most contracts take effect when made
        const secondary = role === 'effective' ? 0.6 * Math.max(own(other), making, asOf) : 0.4 * own(other);
        ev = Math.max(primary, secondary);
        primaryEv = primary;
        ownEv = own(role);
        z += 2.6 * ev;
        if (f.defined && f.defined !== role && f.defined !== 'self' && !(role === 'signed' && f.defined === 'effective' && f.making)) z -= f.defined === 'other' ? 1.4 : 0.8;
        if (f.letterhead) z += 1.5;
        z += 0.5 * (1 - Math.min(1, f.pos / 0.2));
        if (f.pos > 0.3 && ev < 0.9) z -= 0.4;
        // the agreement's own date is stated up front (or under the signatures); later dates are mostly
        // dates of other things unless the sentence is about this agreement
        if (f.pos > 0.15 && f.ref !== 'self' && f.label !== role) z -= 0.6;
        if (f.cue.end >= 0.9 && f.cue.end > f.cue[role]) z -= 0.8;
      }
      if (f.ref === 'self') z += 0.5;
      if (f.ref === 'other') z -= 1.6;
      if (f.recital && f.ref !== 'self') z -= 0.8;
      if (f.deadline && f.defined !== role) z -= 1.2;
      if (f.c.hints?.ambiguous) z -= 0.1;
      out.push({
        value: String(f.c.value), spans: [f.c], score: sigmoid(z),
        features: { ev, primary: role === 'end' ? ev : primaryEv, own: role === 'end' ? ev : ownEv, ref: f.ref === 'self' ? 1 : f.ref === 'other' ? -1 : 0, sig: +f.signature, letter: +f.letterhead, recital: +f.recital, deadline: +f.deadline, term: +f.termClause, def: f.defined ? 1 : 0, pos: f.pos },
      });
    }
    if (role !== 'end') return out;
    // a date repeated without an end cue (the signing date on every page) is no more an end for being repeated:
    // keep one uncued mention per date, and none where the date is also stated with a cue
    const best = new Map<string, RoleScored>();
    for (const s of out) {
      const b = best.get(s.value);
      if (!b || (s.features.ev > 0 && !(b.features.ev > 0)) || ((s.features.ev > 0) === (b.features.ev > 0) && s.score > b.score)) best.set(s.value, s);
    }
    return out.filter((s) => s.features.ev > 0 || best.get(s.value) === s);
  });
}

const POST_TERM_AFTER_RE = /^[^.;]{0,25}\b(thereafter|following (?:the )?(?:expiration|termination|end)|after (?:the )?(?:expiration|termination|end|last|final)|from (?:the date of )?(?:the )?(?:expiration|termination|end)|beyond|after such)/i;
const NOT_TERM_RE = /surviv|confidential|records?\b|warrant|non-?compet|non-?solicit|notice|renew|extend|extension|additional|successive|audit|retain|maintain|support|spare|during the term|payment|pay\b|restrict/i;

/**
 * The agreement's initial term ("The term of this Agreement shall continue for a period of five years",
 * "remain effective for ten (10) years (the "Initial Term")"), if stated: durations in a sentence about the
 * agreement's term, not survival, notice, renewal or post-termination periods.
 */
export function initialTerm(ctx: DocContext): RawCandidate | undefined {
  return ctx.memo('legal-initial-term', () => {
    let best: { d: RawCandidate; s: number } | undefined;
    for (const d of durationCandidates(ctx)) {
      if (!/year|month/.test(String(d.value))) continue;
      const text = ctx.pages[d.p].text;
      const sentence = text.slice(sentenceStart(text, d.start, 260), d.start).replace(/\s+/g, ' ');
      const after = text.slice(d.end, d.end + 90).replace(/\s+/g, ' ');
      if (POST_TERM_AFTER_RE.test(after) || NOT_TERM_RE.test(sentence.slice(-160))) continue;
      let s = 0;
      if (/\b(initial|original) (term|period)\b/i.test(`${sentence.slice(-120)} ${after.slice(0, 40)}`)) s += 2;
      if (/\bterm\b/i.test(sentence)) s += 1;
      if (/\b(this|the) (agreement|contract)|\bhereof\b|\bterm\b/i.test(sentence) && /\b(shall|will|to) (continue|remain|be|run|expire|commence|have)|in (full )?(force|effect)|\bvalid\b|\beffective\b|\bterm of\b/i.test(sentence)) s += 1;
      if (/\b(term|duration)(?: (?:of|and) (?:the |this )?(?:agreement|termination|contract))?\s*[.:]/i.test(text.slice(Math.max(0, d.start - 250), d.start))) s += 1;
      // "during each 12 month period": a recurring period, not the term
      if (/\b(each|every|any|per|within)\s*$/i.test(sentence)) continue;
      if (s >= 2 && (!best || s > best.s)) best = { d, s };
    }
    return best?.d;
  });
}

/**
 * A term that starts on an event rather than a date: "(the "Term") which shall commence on the date upon which
 * the Company delivers ...". (A term merely counted "from the Launch" is still computed from the agreement's
 * start: that is how such ends are read.)
 */
const EVENT_START_RE = /\b(?:commenc\w*|begin\w*|start\w*)\s+(?:on|upon)\s+(?:the\s+)?(?:date\s+(?:up)?on\s+which|date\s+(?:of|when)\s+(?!this\b|execution\b|signing\b|signature\b))/i;
/** "until the later of (a) twelve (12) months ... or (b) ...": the end depends on more than the term. */
const ALTERNATIVE_END_RE = /\b(?:later|latest)\s+of\b/i;

/**
 * Whether the term starts on an event whose date the contract does not state (the delivery of the last sample),
 * or ends at whichever of several events comes first: then no end date can be computed.
 */
function termFromEvent(ctx: DocContext, term: RawCandidate): boolean {
  const text = ctx.pages[term.p].text;
  const before = text.slice(sentenceStart(text, term.start, 260), term.start).replace(/\s+/g, ' ');
  const tail = text.slice(term.end, term.end + 220);
  const stop = /[.;]\s+(?=[A-Z(“"])|\n\s*\n/.exec(tail);
  const after = (stop ? tail.slice(0, stop.index) : tail).replace(/\s+/g, ' ');
  return EVENT_START_RE.test(after) || ALTERNATIVE_END_RE.test(before.slice(-80));
}

/** End of the initial term computed as start date + term (the anniversary itself). */
export function computedEnd(ctx: DocContext): RoleScored | undefined {
  const term = initialTerm(ctx);
  if (!term || termFromEvent(ctx, term)) return undefined;
  const starts = rankDatesByRole(ctx, 'effective').slice().sort((a, b) => b.score - a.score);
  const start = starts[0];
  const t = parseDuration(String(term.value));
  if (!start || !t || start.score < 0.2) return undefined;
  const end = addDuration(start.value, t.amount, t.unit);
  if (!end) return undefined;
  return { value: end, spans: [...start.spans, term], score: sigmoid(-1.2 + 1.6 * start.score), features: { computed: 1, start: start.score } };
}
