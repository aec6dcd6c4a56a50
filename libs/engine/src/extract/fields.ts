/**
 * Per-field candidate ranking: candidates of the field's kind scored by hand-weighted features
 * (label relation, context cue words from the field's own name/description, position, frequency,
 * kind-specific fit). Returns candidates best first with a raw score in 0..1.
 */
import type { LeafNode } from '../schema/compile.js';
import { fieldWords, nameWords } from '../schema/semantic.js';
import { findDates } from '../normalize/dates.js';
import { normText } from '../normalize/text.js';
import {
  paymentMethodCandidates,
  amountCandidates, bicCandidates, currencyCandidates, currencySymbolCandidates, dateCandidates, durationCandidates,
  emailCandidates, ibanCandidates, identifierCandidates, jurisdictionCandidates, organizationCandidates, percentCandidates,
  phoneCandidates, urlCandidates, vatCandidates, REGIONS, US_STATES, type RawCandidate,
} from './candidates.js';
import { BUYER_CUE_RE, BUYER_LABEL_RE, type DocContext, type Span } from './context.js';
import { legalFormsPattern } from '../knowledge/legal-forms/index.js';
import { phrasesOf, phrasesPattern, YOURS_WORDS } from '../knowledge/labels/index.js';
import { rankAddressPart } from './address.js';
import { partyCandidates, scoreParty } from './issuer.js';
import { isAgreementTermField, isRenewalNoticeField, isRenewalTermField, rankAgreementTerm, rankRenewalTerms } from './legal-terms.js';
import { sigmoid, type Scored } from './scored.js';
import { computedEnd, dateSiblings, fieldDateRole, isProse, rankDatesByRole, type DateRole } from './legal-dates.js';
import { amountFamily, dropForeignQualified, findLabels, keepOwnFamily, labelPhrases, labelRelation, type LabelHit } from './labels.js';

export type { Scored } from './scored.js';

const GENERIC = new Set(['date', 'name', 'amount', 'number', 'no', 'id', 'the', 'of', 'a', 'an', 'to', 'and', 'or', 'is', 'in', 'value', 'field', 'iso', '8601', 'yyyy', 'mm', 'dd', 'as', 'e', 'g', 'if', 'null', 'not', 'stated', 'which', 'from', 'on', 'by', 'for', 'with', 'that', 'this', 'it', 'be', 'are', 'was', 'any', 'its', 'their', 'such', 'may', 'all', 'per']);

/** Context cue stems: specific words of the field's name and description (minus generic words). */
export function cueWords(leaf: Pick<LeafNode, 'name' | 'title' | 'description' | 'reading'>): string[] {
  const words = [...fieldWords(leaf), ...nameWords(leaf.title ?? '')];
  const extra: string[] = [];
  const n = words.join(' ');
  if (/\beffective\b/.test(n)) extra.push('effective', 'commenc', 'as of');
  if (/\bagreement date\b|\bcontract date\b|\bsigned\b/.test(n)) extra.push('dated', 'made', 'entered into', 'as of', 'executed');
  if (/\bexpir|\bend\b|\btermination date\b/.test(n)) extra.push('expir', 'until', 'through', 'terminat', 'end');
  if (/\bstart\b|\bbegin/.test(n)) extra.push('start', 'from', 'begin', 'commenc');
  if (/\bterm\b/.test(n) && !/renewal|notice/.test(n)) extra.push('term of', 'period of', 'remain in', 'continue', 'for a period', 'shall survive', 'expire');
  if (/\brenewal\b/.test(n)) extra.push('renew', 'successive', 'automatically', 'extend');
  if (/\bnotice\b/.test(n)) extra.push('notice', 'prior to', 'written notice', 'before the end', 'non-renewal', 'not to renew');
  if (/\bdue\b/.test(n)) extra.push('due', 'payable', 'pay by');
  return [...new Set([...words.filter((w) => !GENERIC.has(w) && w.length > 2), ...extra])];
}

function cueScore(ctx: DocContext, c: Span, cues: string[], window = 160, after = 0): number {
  if (!cues.length) return 0;
  const text = ctx.pages[c.p].text;
  const before = text.slice(Math.max(0, c.start - window), c.start).toLowerCase();
  const aft = after ? text.slice(c.end, c.end + after).toLowerCase() : '';
  let s = 0;
  let n = 0;
  for (const cue of cues) {
    const i = before.lastIndexOf(cue);
    if (i >= 0) { s = Math.max(s, 0.4 + 0.6 * (i / Math.max(1, before.length))); n++; }
    if (after && aft.includes(cue)) s = Math.max(s, 0.5);
  }
  // several distinct cues around the value reinforce each other
  return n > 1 ? Math.min(1.4, s + 0.2 * (n - 1)) : s;
}

/** Merge candidates with equal values: keep the best-scoring span, count support. */
function aggregate(list: Scored[]): Scored[] {
  const byVal = new Map<string, Scored>();
  for (const s of list) {
    const key = typeof s.value === 'string' ? normText(s.value) : JSON.stringify(s.value);
    const prev = byVal.get(key);
    if (!prev) byVal.set(key, { ...s, features: { ...s.features, support: 1 } });
    else {
      prev.features.support++;
      if (s.score > prev.score) { prev.value = s.value; prev.spans = s.spans; prev.features = { ...s.features, support: prev.features.support }; prev.score = s.score; }
    }
  }
  const out = [...byVal.values()];
  for (const s of out) s.score = Math.min(1, s.score + 0.03 * Math.min(4, s.features.support - 1));
  return out.sort((a, b) => b.score - a.score || (a.spans[0]?.p ?? 0) - (b.spans[0]?.p ?? 0) || (a.spans[0]?.start ?? 0) - (b.spans[0]?.start ?? 0));
}

interface Opts { label: boolean; cue: boolean; early: number; window?: number; hits?: (h: LabelHit[]) => LabelHit[] }

function rankGeneric(ctx: DocContext, leaf: LeafNode, cands: RawCandidate[], o: Opts, prior: (c: RawCandidate) => number = () => 0): Scored[] {
  const phrases = labelPhrases(leaf);
  const found = o.label ? findLabels(ctx, phrases) : [];
  const hits = o.hits ? o.hits(found) : found;
  const cues = o.cue ? cueWords(leaf) : [];
  const out: Scored[] = [];
  for (const c of cands) {
    const lab = o.label ? labelRelation(ctx, hits, c, phrases.length).score : 0;
    const cue = o.cue ? cueScore(ctx, c, cues, o.window ?? 160) : 0;
    const pos = ctx.position(c);
    const early = 1 - Math.min(1, pos);
    const pr = prior(c);
    const conf = ctx.wordConfidence(c);
    const z = -2.2 + 3.2 * lab + 2.2 * cue + o.early * early + pr + 0.8 * (conf - 1);
    out.push({ value: c.value, spans: [c], score: sigmoid(z), features: { lab, cue, early, prior: pr, conf } });
  }
  return aggregate(out);
}

function rankDates(ctx: DocContext, leaf: LeafNode): Scored[] {
  const role = fieldDateRole(leaf);
  if (isProse(ctx) && (role || ctx.totalChars > 6000)) return rankLegalDates(ctx, leaf, role ?? 'signed');
  const cands = dateCandidates(ctx);
  const scored = rankGeneric(ctx, leaf, cands, { label: true, cue: true, early: 0.6, window: 80 }, (c) => (c.hints?.ambiguous ? -0.1 : 0));
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
  const own = [...fieldWords(leaf), ...nameWords(leaf.title ?? '')].filter((w) => w.length >= 3 && !GENERIC.has(w));
  for (const sc of scored) {
    const sp = sc.spans[0];
    if (!sp) continue;
    const text = ctx.pages[sp.p].text;
    const ls = text.lastIndexOf('\n', sp.start - 1) + 1;
    let label = text.slice(ls, sp.start).trim();
    // a date under a column header ("Invoice Date | ... | Due Date" over a row of values): the header right above
    // it, not the text line that happens to precede it in reading order (the row's last header)
    if (!label) label = headerAbove(ctx, sp) ?? '';
    if (!label) {
      const pl = text.lastIndexOf('\n', Math.max(0, ls - 2)) + 1;
      const prevLine = text.slice(pl, Math.max(pl, ls - 1)).trim();
      if (prevLine.length <= 30) label = prevLine;
    }
    const m = OTHER_DATE_ROLE_RE.exec(label.slice(-30));
    const ownRole = m && own.some((w) => m[1].toLowerCase().startsWith(w.slice(0, 4)) || w.startsWith(m[1].toLowerCase().slice(0, 4)));
    if (m && !ownRole) { sc.score *= 0.5; sc.features.otherRole = 1; }
    const around = `${text.slice(Math.max(0, sp.start - 14), sp.start)}|${text.slice(sp.end, sp.end + 14)}`;
    if (!own.some((w) => /^(period|from|start|end|until|begin)/.test(w)) && /\d\s*(?:-|–|bis|to|until|through)\s*\|$|^[^|]*\|\s*(?:-|–|bis|to|until|through)\s*\d/.test(around)) { sc.score *= 0.5; sc.features.range = 1; }
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

const OTHER_DATE_ROLE_RE = /(?:^|[^\p{L}])(liefer|delivery|lever|due|fällig|verval|échéance|order|bestell|period|zeitraum|leistung|service|ship|versand|valid|expir|payment|zahlung|betaal|from|bis|start|end)/iu;

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

function rankAmounts(ctx: DocContext, leaf: LeafNode): Scored[] {
  const family = amountFamily(leaf.reading ?? leaf.name);
  // the largest amount is the total, not what is left to pay after payments or credits ("Balance Due")
  const isTotal = family === 'total' && !/\b(due|balance|outstanding|payable|remaining|open)\b/.test(fieldWords(leaf).join(' '));
  const cands = amountCandidates(ctx).filter((c) => !c.hints?.yearLike);
  const maxVal = Math.max(0, ...cands.filter((c) => c.hints?.dec).map((c) => c.value as number));
  const last = rowLastAmounts(ctx, cands);
  return rankGeneric(ctx, leaf, cands, { label: true, cue: false, early: 0, hits: family ? (h) => keepOwnFamily(ctx, h, family) : undefined }, (c) => {
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
  }).filter((s) => s.features.lab > 0 || s.features.prior > 1);
}

function rankPercent(ctx: DocContext, leaf: LeafNode): Scored[] {
  const amounts = amountCandidates(ctx);
  const rowAmounts = ctx.memo('amount-rows', () => {
    const m = new Map<string, number[]>();
    for (const a of amounts) {
      const b = ctx.spanBox(a);
      if (!b) continue;
      const k = `${a.p}:${b.row1}`;
      if (!m.has(k)) m.set(k, []);
      m.get(k)!.push(a.value as number);
    }
    return m;
  });
  const phrases = labelPhrases(leaf).filter((ph) => ph.length >= 2);
  const afterRe = new RegExp(`^\\s*(?:${phrases.map((ph) => ph.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?![\\p{L}])`, 'iu');
  // "19 % USt.", "21% BTW": the rate's label often follows it
  const scored = rankGeneric(ctx, leaf, percentCandidates(ctx), { label: true, cue: true, early: 0 }, (c) => 0.8 + (afterRe.test(ctx.pages[c.p].text.slice(c.end, c.end + 16)) ? 1.6 : 0));
  for (const s of scored) {
    // a rate whose row charges nothing ("VAT (19%) 0.00") was not applied
    const b = ctx.spanBox(s.spans[0]);
    const vals = b ? rowAmounts.get(`${s.spans[0].p}:${b.row1}`)?.filter((v) => v !== s.value) : undefined;
    if (vals?.length && vals.every((v) => v === 0)) { s.value = 0; s.features.zeroRow = 1; }
  }
  // "0 if no VAT charged": the description makes absence mean zero
  if (/\b(0|zero) if (no|not)\b/i.test(leaf.description ?? '')) {
    scored.push({ value: 0, spans: [], score: 0.32, features: { absentZero: 1 } });
  }
  return aggregate(scored);
}

function rankCurrency(ctx: DocContext, leaf: LeafNode): Scored[] {
  const cands = currencyCandidates(ctx);
  const counts = new Map<string, number>();
  for (const c of cands) counts.set(String(c.value), (counts.get(String(c.value)) ?? 0) + 1);
  const enumVals = new Set((leaf.enum ?? []).filter((e) => typeof e === 'string') as string[]);
  const other = [...enumVals].find((e) => /^other$/i.test(e));
  const out: Scored[] = [];
  for (const c of cands) {
    let value = String(c.value);
    if (enumVals.size && !enumVals.has(value)) {
      if (!other) continue;
      value = other;
    }
    const n = counts.get(String(c.value)) ?? 1;
    out.push({ value, spans: [c], score: sigmoid(-0.5 + 0.6 * Math.min(5, n) + (c.hints?.symbol ? 0 : 0.4)), features: { n } });
  }
  return aggregate(out);
}

function rankSymbol(ctx: DocContext): Scored[] {
  const cands = currencySymbolCandidates(ctx);
  return aggregate(cands.map((c) => ({ value: c.value, spans: [c], score: 0.6, features: {} })));
}

function rankDuration(ctx: DocContext, leaf: LeafNode): Scored[] {
  if (isProse(ctx) && isAgreementTermField(leaf)) return aggregate(rankAgreementTerm(ctx).map((s) => ({ ...s, spans: [...s.spans], features: { ...s.features } })));
  // renewals of contracts: the renewal's length and the notice that prevents it, from the sentence that renews
  if (isProse(ctx) && (isRenewalTermField(leaf) || isRenewalNoticeField(leaf))) {
    return aggregate(rankRenewalTerms(ctx, isRenewalNoticeField(leaf) ? 'notice' : 'length').map((s) => ({ ...s, spans: [...s.spans], features: { ...s.features } })));
  }
  const cands = durationCandidates(ctx);
  const words = fieldWords(leaf).join(' ');
  return rankGeneric(ctx, leaf, cands, { label: false, cue: true, early: 0.3, window: 200 }, (c) => {
    let pr = -0.4;
    const v = String(c.value);
    if (/\bterm\b/.test(words) && !/renewal|notice/.test(words) && /day/.test(v)) pr -= 0.6;
    if (/notice/.test(words) && /year/.test(v)) pr -= 0.5;
    return pr;
  });
}

/** Places written in capitals ("THE LAWS OF THE STATE OF DELAWARE"), as the candidate scan reads title case only. */
function capitalJurisdictions(ctx: DocContext): RawCandidate[] {
  return [...upperJurisdictions(ctx), ...brokenJurisdictions(ctx)];
}

/** Names of two or more words broken across lines ("the laws of Hong\nKong"), which the one-line scans miss. */
function brokenJurisdictions(ctx: DocContext): RawCandidate[] {
  return ctx.memo('juris-broken', () => {
    const names = [...US_STATES, ...REGIONS].filter((n) => n.includes(' ')).sort((a, b) => b.length - a.length);
    const re = new RegExp(`\\b(${names.map((n) => n.replace(/[.']/g, (ch) => `\\${ch}`).replace(/ /g, '\\s+')).join('|')})\\b`, 'g');
    const out: RawCandidate[] = [];
    ctx.pages.forEach((page, p) => {
      for (const m of page.text.matchAll(re)) {
        if (!m[0].includes('\n')) continue;
        const name = names.find((n) => n === m[1].replace(/\s+/g, ' '));
        if (!name) continue;
        out.push({ p, start: m.index!, end: m.index! + m[0].length, value: name === 'The Netherlands' ? 'Netherlands' : name, text: m[0] });
      }
    });
    return out;
  });
}

function upperJurisdictions(ctx: DocContext): RawCandidate[] {
  return ctx.memo('juris-caps', () => {
    const names = [...US_STATES, ...REGIONS].sort((a, b) => b.length - a.length);
    const re = new RegExp(`\\b(${names.map((n) => n.toUpperCase().replace(/[.']/g, (ch) => `\\${ch}`)).join('|')})\\b`, 'g');
    const out: RawCandidate[] = [];
    ctx.pages.forEach((page, p) => {
      for (const m of page.text.matchAll(re)) {
        const name = names.find((n) => n.toUpperCase() === m[1])!;
        out.push({ p, start: m.index!, end: m.index! + m[0].length, value: name === 'PRC' ? "People's Republic of China" : name === 'The Netherlands' ? 'Netherlands' : name, text: m[0] });
      }
    });
    return out;
  });
}

/** The country a sub-national region belongs to, for schemas that ask for "Region, Country" ('Ontario, Canada'). */
const REGION_COUNTRY: Record<string, string> = {
  Ontario: 'Canada', Quebec: 'Canada', 'British Columbia': 'Canada', Alberta: 'Canada', Manitoba: 'Canada', Saskatchewan: 'Canada',
  'Nova Scotia': 'Canada', 'New Brunswick': 'Canada', 'Prince Edward Island': 'Canada', Newfoundland: 'Canada',
  'New South Wales': 'Australia', Victoria: 'Australia', Queensland: 'Australia', Tasmania: 'Australia', 'Western Australia': 'Australia', 'South Australia': 'Australia',
  England: 'United Kingdom', Wales: 'United Kingdom', Scotland: 'United Kingdom', 'Northern Ireland': 'United Kingdom',
};

/** Words between a governing-law cue and a place that make the place a forum, seat or domicile, not the chosen law. */
const NOT_CHOSEN_LAW = /\b(courts?|venue|arbitrat\w*|tribunal|located|resident|residing|offices?|business|incorporated|organi[sz]ed|domiciled|jurisdiction)\b/;

/**
 * Places named by the governing-law clauses ("governed by the laws of the State of California and the laws of
 * Hong Kong"; a contract whose schedules each choose a law), in order of first mention. A place counts when
 * the same sentence has a governing cue before it and nothing in between makes it a forum or a domicile.
 */
function chosenLaws(ctx: DocContext, cands: RawCandidate[]): RawCandidate[] {
  const seen = new Map<string, RawCandidate>();
  const sorted = [...cands].sort((a, b) => a.p - b.p || a.start - b.start);
  for (const c of sorted) {
    const before = ctx.pages[c.p].text.slice(Math.max(0, c.start - 160), c.start).replace(/\s+/g, ' ').toLowerCase();
    // the sentence so far: a period ends it unless it closes an abbreviation ("U.S.A.", "Inc.")
    const sentence = before.split(/(?<![a-z]\.[a-z]|\b(?:inc|co|ltd|no|corp|u\.s))\.\s+(?=[a-z0-9(])/).pop() ?? before;
    const cue = /(governed by|governing law|construed|interpreted|enforced (?:in accordance|under))/.exec(sentence);
    if (!cue) continue;
    if (NOT_CHOSEN_LAW.test(sentence.slice(cue.index))) continue;
    // the clause chooses law for the agreement itself, not for counsel's opinion or a sub-undertaking
    if (!/\b(agreement|contract|hereunder|hereof|governing law)\b/.test(sentence)) continue;
    // the place is the law itself ("the laws of the State of X", "X law"), not an accounting standard or a forum
    const after = ctx.pages[c.p].text.slice(c.end, c.end + 12).toLowerCase();
    if (!/\blaws? of (the )?((state|commonwealth|province|republic|kingdom) of )?$/.test(sentence) && !/^\s*laws?\b/.test(after)) continue;
    const key = normText(String(c.value));
    if (!seen.has(key)) seen.set(key, c);
  }
  // a country printed beside its region ("the Province of Ontario, Canada") does not follow "laws of", so it is
  // not counted as a second law
  if (seen.size) return [...seen.values()];
  // a "Governing Law" section that chooses no law but names where disputes go: those places stand for the law
  for (const c of sorted) {
    const before = ctx.pages[c.p].text.slice(Math.max(0, c.start - 300), c.start).replace(/\s+/g, ' ');
    const head = before.lastIndexOf('GOVERNING LAW') >= 0 ? before.lastIndexOf('GOVERNING LAW') : before.search(/Governing Law\b/);
    if (head < 0 || /\.\s+\d+\.\s/.test(before.slice(head))) continue;
    const key = normText(String(c.value));
    if (!seen.has(key)) seen.set(key, c);
  }
  return [...seen.values()];
}

/** The value in the schema's format: "Region, Country" when its example shows that form, several joined by "; ". */
function formatJurisdictions(leaf: LeafNode, values: string[]): string {
  const regionCountry = /'[A-Z][\p{L} ]+, [A-Z][\p{L} ]+'/u.test(leaf.description ?? '');
  if (!regionCountry) return values.join('; ');
  const parts = values.flatMap((v) => v.split(/ and (?=[A-Z])/).filter((x) => REGION_COUNTRY[x]).length === v.split(/ and (?=[A-Z])/).length ? v.split(/ and (?=[A-Z])/) : [v]);
  return parts.map((v) => (REGION_COUNTRY[v] ? `${v}, ${REGION_COUNTRY[v]}` : v)).join('; ');
}

function rankJurisdiction(ctx: DocContext, leaf: LeafNode): Scored[] {
  const cands = [...jurisdictionCandidates(ctx), ...capitalJurisdictions(ctx)];
  const chosen = chosenLaws(ctx, cands);
  const ranked = rankJurisdictionBy(ctx, leaf, cands);
  // the governing clauses' own places outrank any single mention; several are all part of the answer
  if (chosen.length) {
    const top = ranked[0]?.score ?? 0.5;
    const value = formatJurisdictions(leaf, chosen.map((c) => String(c.value)));
    return aggregate([{ value, spans: chosen, score: Math.min(0.99, Math.max(top, 0.8) + 0.05), features: { governingClauses: chosen.length } }, ...ranked]);
  }
  if (ranked[0] && typeof ranked[0].value === 'string') ranked[0] = { ...ranked[0], value: formatJurisdictions(leaf, [ranked[0].value]) };
  return ranked;
}

function rankJurisdictionBy(ctx: DocContext, leaf: LeafNode, cands: RawCandidate[]): Scored[] {
  return rankGeneric(ctx, leaf, cands, { label: false, cue: false, early: 0 }, (c) => {
    const before = ctx.pages[c.p].text.slice(Math.max(0, c.start - 120), c.start).toLowerCase();
    let pr = -0.5;
    const governs = /governed by|governing law|construed|interpreted|enforced in accordance/.test(before);
    if (governs) pr += 2.0;
    else if (/laws of|law of/.test(before.slice(-60))) pr += 1.0;
    // "a corporation duly organized and existing under the laws of the State of Delaware": where a party was
    // incorporated, not the law the agreement chooses (still more telling than an address when nothing is chosen)
    if (!governs && /\b(organi[sz]ed|existing|incorporated|formed|good standing|chartered)\b/.test(before.slice(-70))) pr -= 1.4;
    if (/laws of (the )?(state|commonwealth|province)? ?(of )?$/.test(before.trimEnd() + ' ').valueOf()) pr += 0.8;
    if (/jurisdiction|courts? (of|in)|venue/.test(before)) pr += 0.6;
    if (/(a|an) $/.test(before) || /corporation|company|organized|incorporated/.test(ctx.pages[c.p].text.slice(c.end, c.end + 30).toLowerCase())) pr -= 0.7;
    return pr;
  });
}

const CUSTOMER_SIDE_WORD = /\b(customer|client|buyer|billing|bill|billed|payer|recipient|purchaser|ship|consignee)\b/;
/** "Your VAT number", "Uw BTW nummer", "Customer VAT": the line names the customer's own identifier. */
const CUSTOMER_CUE = new RegExp(phrasesPattern([...YOURS_WORDS, ...phrasesOf('buyer')]), 'iu');

/** Identifiers of the other party's (customer vs vendor) lose half their score. */
function sideOfLine(ctx: DocContext, leaf: LeafNode, list: Scored[]): Scored[] {
  const customerField = CUSTOMER_SIDE_WORD.test(fieldWords(leaf).join(' '));
  const out = list.map((s) => {
    const sp = s.spans[0];
    if (!sp) return s;
    const page = ctx.pages[sp.p];
    const line = page?.lines[ctx.lineIndex(sp.p, sp.start)];
    if (!page || !line) return s;
    const before = page.text.slice(line.start, sp.start);
    const customerLine = CUSTOMER_CUE.test(before);
    return customerLine !== customerField ? { ...s, score: s.score * 0.5 } : s;
  });
  return out.sort((a, b) => b.score - a.score);
}

function rankPattern(ctx: DocContext, leaf: LeafNode, cands: RawCandidate[], base: number): Scored[] {
  return rankGeneric(ctx, leaf, cands, { label: true, cue: false, early: 0.3 }, () => base);
}

/** Value text to the right of a label on the same line (or the next line). */
function labelledText(ctx: DocContext, leaf: LeafNode, maxWords = 8): Scored[] {
  const phrases = labelPhrases(leaf);
  const hits = findLabels(ctx, phrases);
  const out: Scored[] = [];
  for (const h of hits) {
    const page = ctx.pages[h.p];
    const line = page.lines[h.line];
    if (!line) continue;
    let s = h.end;
    while (s < line.end && /[\s:#.\-–=|]/.test(page.text[s])) s++;
    let start = s;
    let end = line.end;
    let below = false;
    if (start >= end) {
      const next = page.lines[h.line + 1];
      if (!next) continue;
      start = next.start; end = next.end; below = true;
    }
    const text = page.text.slice(start, end);
    const words = text.split(/\s+/);
    if (words.length > maxWords) { end = start + words.slice(0, maxWords).join(' ').length; }
    const value = page.text.slice(start, end).trim();
    if (!value) continue;
    const spec = (h.spec ?? 1 - 0.5 * (h.rank / phrases.length)) * (h.quality ?? 1);
    out.push({ value, spans: [{ p: h.p, start, end: start + value.length }], score: sigmoid(-0.8 + 1.8 * spec - (below ? 0.5 : 0) - 0.3 * h.p), features: { lab: spec, below: +below } });
  }
  return aggregate(out);
}

function rankIdentifier(ctx: DocContext, leaf: LeafNode): Scored[] {
  // a number inside a date ("Jan 1, 2022") is part of the date, not an identifier
  const dates = dateCandidates(ctx);
  const inDate = (c: RawCandidate) => dates.some((d) => d.p === c.p && d.start <= c.start && d.end >= c.end && d.end - d.start > c.end - c.start);
  const cands = identifierCandidates(ctx).filter((c) => !inDate(c));
  const isDateish = (c: RawCandidate) => findDates(c.text, ctx.dateOrder).length > 0;
  const phrases = labelPhrases(leaf);
  return rankGeneric(ctx, leaf, cands, { label: true, cue: false, early: 0.4, hits: (h) => dropForeignQualified(ctx, h, phrases) }, (c) => {
    let pr = 0;
    const digits = (c.text.match(/\d/g) ?? []).length;
    if (digits >= 4) pr += 0.3;
    if (digits <= 2) pr -= 0.6;
    if (isDateish(c)) pr -= 1.5;
    return pr;
  }).filter((s) => s.features.lab > 0);
}

/** A company legal form as printed, in capitals too (knowledge/legal-forms). */
const LEGAL_SUFFIX_RE = new RegExp(`\\b${legalFormsPattern({ capitals: true })}\\b\\.?`);

/** Names of organisations: labelled, legal-suffix names near the top, or the first prominent line. */
function rankOrganization(ctx: DocContext, leaf: LeafNode): Scored[] {
  const buyerSide = /\b(customer|buyer|client|billing|bill|billed|payer|recipient|purchaser|ship|consignee)\b/.test(fieldWords(leaf).join(' '));
  if (ctx.pages.length <= 4) {
    // business documents: party blocks on the page, by layout role
    const side = buyerSide ? 'buyer' : 'seller';
    const out: Scored[] = partyCandidates(ctx, side).map((c) => ({ value: c.value, spans: [c.span, ...(c.extra ?? [])], score: scoreParty(c.features, side), features: c.features }));
    for (const s of labelledText(ctx, leaf, 6)) if (s.features.lab >= 0.75) out.push({ ...s, score: s.score * 0.8 });
    return aggregate(out);
  }
  const out: Scored[] = [];
  const orgs = organizationCandidates(ctx);
  const counts = new Map<string, number>();
  for (const o of orgs) counts.set(normText(String(o.value)), (counts.get(normText(String(o.value))) ?? 0) + 1);
  const buyer = /\b(customer|buyer|client|billing|bill to|payer)\b/.test(fieldWords(leaf).join(' '));
  for (const o of orgs) {
    if (o.p > 1) continue;
    const line = ctx.pages[o.p].lines[ctx.lineIndex(o.p, o.start)];
    const y = line?.bbox[1] ?? 0.5;
    const n = counts.get(normText(String(o.value))) ?? 1;
    // the preceding lines decide whose block this is ("Bill to", "Customer", "An:")
    const li = ctx.lineIndex(o.p, o.start);
    const prevLine = ctx.pages[o.p].lines[Math.max(0, li - 3)];
    const before = ctx.pages[o.p].text.slice(Math.min(prevLine?.start ?? o.start, Math.max(0, o.start - 60)), o.start).toLowerCase();
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
      if (/invoice|receipt|rechnung|factuur|facture|tax|page|date|tel|phone|www\.|@/i.test(text) && !LEGAL_SUFFIX_RE.test(text)) continue;
      if (/:\s*$/.test(text) || BUYER_LABEL_RE.test(text)) continue;
      const letters = text.replace(/[^A-Za-z]/g, '');
      const upper = letters.length ? letters.replace(/[^A-Z]/g, '').length / letters.length : 0;
      const z = -0.7 + (seen === 1 ? 0.7 : 0.2) + 0.4 * upper + (LEGAL_SUFFIX_RE.test(text) ? 0.7 : 0) - (text.length > 60 ? 0.8 : 0);
      out.push({ value: text, spans: [{ p: 0, start: line.start, end: line.start + text.length }], score: sigmoid(z), features: { top: seen } });
    }
  }
  for (const s of labelledText(ctx, leaf, 6)) out.push({ ...s, score: s.score * 0.9 });
  return aggregate(out);
}

/** Address: the lines following the organisation header (receipts/letterheads) or a labelled block. */
function rankAddress(ctx: DocContext, leaf: LeafNode): Scored[] {
  const out: Scored[] = [];
  const page = ctx.pages[0];
  if (!page) return out;
  const lines = page.lines.slice(0, 14).map((l, i) => ({ i, l, t: page.text.slice(l.start, l.end).trim() }));
  const isAddr = (t: string) => /\d/.test(t) && /(jalan|jln|street|st\b|road|rd\b|avenue|ave\b|lane|taman|no\.?\s?\d|lot|blok|block|\b\d{5}\b|floor|suite|building|straat|weg|strasse|straße|plaza|park)/i.test(t);
  const stop = (t: string) => /(tel|phone|fax|gst|reg|invoice|receipt|date|e-?mail|www|@|tax)/i.test(t);
  let startIdx = -1;
  for (const x of lines) if (isAddr(x.t)) { startIdx = x.i; break; }
  if (startIdx >= 0) {
    let s = startIdx;
    // include a preceding address-looking line (e.g. "NO 12, JALAN ..." split in two)
    if (s > 1 && /\d/.test(lines[s - 1].t) && !stop(lines[s - 1].t) && !LEGAL_SUFFIX_RE.test(lines[s - 1].t)) s--;
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

/** Title: a prominent line at the top of page 1 naming the document type. */
function rankTitle(ctx: DocContext): Scored[] {
  const out: Scored[] = [];
  const page = ctx.pages[0];
  if (!page) return out;
  page.lines.slice(0, 40).forEach((l, i) => {
    const text = page.text.slice(l.start, l.end).trim();
    if (!/agreement|contract|license|licence|amendment|memorandum|terms|addendum|plan|lease|invoice|deed|charter/i.test(text)) return;
    if (text.length > 90 || text.split(' ').length > 12) return;
    const letters = text.replace(/[^A-Za-z]/g, '');
    const upper = letters.length ? letters.replace(/[^A-Z]/g, '').length / letters.length : 0;
    const z = -0.5 + 1.2 * upper - 0.03 * i + (/^(this|the|by|and|in|of|whereas)\b/i.test(text) ? -1.5 : 0) + (/[.;,]$/.test(text) ? -0.8 : 0) + (/^exhibit|^schedule|^section|^article/i.test(text) ? -0.8 : 0);
    const m = /([A-Z][\w\-]*(?:\s+[\w\-&]+){0,8}?\s+(?:AGREEMENT|Agreement|CONTRACT|Contract|LICENSE|License))/.exec(text);
    let value = m && m[1].length < text.length - 3 && /["“(]|dated|between/i.test(text) ? m[1] : text;
    let start = l.start + text.indexOf(value);
    // a title in capitals set over several lines ("FORM OF / TRADEMARK LICENSE AGREEMENT", "MOBILE VIRTUAL NETWORK
    // ENABLER / HOSTING AGREEMENT"): the capital lines just above belong to it, up to a party name or a notice
    let joined = 0;
    if (upper > 0.8 && value === text) {
      for (let k = i - 1; k >= 0 && joined < 2; k--) {
        const above = page.text.slice(page.lines[k].start, page.lines[k].end).trim();
        const al = above.replace(/[^A-Za-z]/g, '');
        if (!al || al.replace(/[^A-Z]/g, '').length / al.length < 0.8 || above.length > 60 || /[.:;,]$/.test(above)) break;
        // (not a party's trade name, a logo placeholder, or a draft marker such as "EXECUTION VERSION")
        if (/^(exhibit|schedule|annex|appendix|d\/?b\/?a)\b|[[\]]|confidential|omitted|requested|hereof|denoted|pursuant|\bpage\b|\b(?:execution|final|draft)\s+(?:version|copy)\b|^(?:draft|execution copy)$/i.test(above) || LEGAL_SUFFIX_RE.test(above)) break;
        value = `${above} ${value}`;
        start = page.lines[k].start + page.text.slice(page.lines[k].start, page.lines[k].end).indexOf(above);
        joined++;
      }
    }
    // a bare "AGREEMENT" names no kind of agreement; "Contract No.: 151315" is a reference line
    const bare = /^(?:the\s+)?(?:agreement|contract)$/i.test(value.trim()) ? -1.2 : 0;
    const label = /\bno\.?\s*:|:\s*\S/i.test(value) ? -1.0 : 0;
    out.push({ value, spans: [{ p: 0, start, end: start + value.length }], score: sigmoid(z + bare + label + 0.2 * joined), features: { upper, joined } });
  });
  return aggregate(out);
}

export function rankLeaf(ctx: DocContext, leaf: LeafNode): Scored[] {
  switch (leaf.semantic) {
    case 'date':
    case 'datetime':
      return rankDates(ctx, leaf);
    case 'amount':
    case 'number':
    case 'integer':
      return rankAmounts(ctx, leaf);
    case 'percent':
      return rankPercent(ctx, leaf);
    case 'currency':
      return rankCurrency(ctx, leaf);
    case 'currency_symbol':
      return rankSymbol(ctx);
    case 'duration':
      return rankDuration(ctx, leaf);
    case 'jurisdiction':
      return rankJurisdiction(ctx, leaf);
    case 'email':
      return rankPattern(ctx, leaf, emailCandidates(ctx), 0.8);
    case 'url': {
      const ranked = rankPattern(ctx, leaf, urlCandidates(ctx), 0.5);
      // A website (home page) is its host: "aws.amazon.com/contact-us/" names the site aws.amazon.com.
      const words = fieldWords(leaf);
      if (!words.some((w) => /^(website|homepage|site|web|domain)$/.test(w)) || words.some((w) => /^(url|link|uri)$/.test(w))) return ranked;
      return aggregate(ranked.map((s) => (typeof s.value === 'string' ? { ...s, value: s.value.replace(/^((?:https?:\/\/)?[^/\s]+)(?:\/.*)?$/i, '$1') } : s)));
    }
    case 'phone': {
      // Unlabelled numbers count on a contact line (one that also holds an e-mail address or a website).
      const contact = (s: Scored) => {
        const sp = s.spans[0];
        const page = sp ? ctx.pages[sp.p] : undefined;
        const line = page && sp ? page.lines[ctx.lineIndex(sp.p, sp.start)] : undefined;
        return !!line && /@|www\.|https?:/i.test(page!.text.slice(line.start, line.end));
      };
      return aggregate(rankPattern(ctx, leaf, phoneCandidates(ctx), 0)
        .filter((s) => s.features.lab > 0 || contact(s))
        .map((s) => (s.features.lab > 0 ? s : { ...s, score: Math.max(s.score, 0.35) })));
    }
    case 'iban':
      return rankPattern(ctx, leaf, ibanCandidates(ctx), 0.8);
    case 'bic':
      return rankPattern(ctx, leaf, bicCandidates(ctx), 0).filter((s) => s.features.lab > 0);
    case 'vat': {
      const ranked = sideOfLine(ctx, leaf, rankPattern(ctx, leaf, vatCandidates(ctx), 0).filter((s) => s.features.lab > 0));
      if (!fieldWords(leaf).includes('siren')) return ranked;
      // A French SIREN is the first nine digits of the establishment's 14-digit SIRET.
      return aggregate(ranked.map((s) => {
        const digits = String(s.value).replace(/\D/g, '');
        return digits.length === 14 ? { ...s, value: digits.slice(0, 9) } : s;
      }));
    }
    case 'identifier':
      return rankIdentifier(ctx, leaf);
    case 'organization':
      return rankOrganization(ctx, leaf);
    case 'address':
      return rankAddress(ctx, leaf);
    case 'street':
    case 'city':
    case 'postal_code':
    case 'state_code':
    case 'country_code':
      return rankAddressPart(ctx, leaf, leaf.semantic);
    case 'title':
      return rankTitle(ctx);
    default: {
      const words = fieldWords(leaf);
      if (words.includes('payment') && (words.includes('method') || words.includes('means') || words.includes('type')) && !words.includes('code')) {
        // A payment method's name is evidence on its own: unlabelled mentions score by document order.
        const ranked = rankGeneric(ctx, leaf, paymentMethodCandidates(ctx), { label: true, cue: false, early: 0.3 }, () => 0.3)
          .map((s, i) => ({ ...s, score: Math.max(s.score, 0.5 - 0.1 * Math.min(i, 3)) }));
        return aggregate([...ranked, ...labelledText(ctx, leaf).map((s) => ({ ...s, score: s.score * 0.8 }))]);
      }
      if (words.includes('terms') && !words.some((w) => /^(renewal|notice|agreement|contract|delivery|shipping)$/.test(w))) return rankPaymentTerms(ctx, leaf);
      return codeShaped(leaf, labelledText(ctx, leaf));
    }
  }
}

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
    const cue = /\b(terms?|payment|pay|paid|payable|zahlung|betaling|paiement|conditions?)\b/i.test(lineText) ? 0.6 : 0;
    return { value: c.value, spans: [{ p: c.p, start: c.start, end: c.end }], score: sigmoid(-0.5 + cue - 0.3 * c.p), features: { phrase: 1, cue } };
  });
  return aggregate([...labelled, ...free]);
}

/**
 * Code fields whose description shows the code's shape by example ("Incoterm code (e.g. DPU, EXW)"): a
 * labelled value that starts with such a code followed by its explanation ("DPU - DELIVERED AT PLACE
 * UNLOADED") is cut to the code.
 */
function codeShaped(leaf: LeafNode, list: Scored[]): Scored[] {
  const ex = /\be\.?\s?g\.?,?\s*([^)]*)/i.exec(leaf.description ?? '');
  const examples = ex ? ex[1].split(/[,;/]|\bor\b/).map((x) => x.trim().replace(/^['"‘“]|['"’”.]$/g, '')).filter(Boolean) : [];
  if (!examples.length || !examples.every((x) => /^[A-Z0-9]{2,6}$/.test(x))) return list;
  const len = Math.max(...examples.map((x) => x.length));
  const re = new RegExp(`^([A-Z0-9]{2,${len}})(?:\\s*[-–:(]|\\s+[A-Z][a-z]|\\s*$)`);
  return aggregate(list.map((s) => {
    const m = typeof s.value === 'string' ? re.exec(s.value.trim()) : null;
    return m ? { ...s, value: m[1], spans: s.spans.map((sp) => ({ ...sp, end: sp.start + m[1].length })) } : s;
  }));
}
