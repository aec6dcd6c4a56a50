/** Multi-valued names (parties) and boolean clause flags. */
import type { LeafNode } from '../schema/compile.js';
import { nameWords } from '../schema/semantic.js';
import { normText, similarity } from '../normalize/text.js';
import { US_STATES, organizationCandidates } from './candidates.js';
import type { DocContext, Span } from './context.js';
import type { Scored } from './fields.js';

const ROLE_WORDS = /^(the )?(company|agreement|party|parties|parties hereto|recipient|discloser|disclosing party|receiving party|employee|employer|executive|consultant|contractor|licensor|licensee|distributor|supplier|customer|vendor|buyer|seller|purchaser|client|provider|member|holder|lender|borrower|investor|each|both|all|such|said|certain|its|this|these|those|whereas|state|commonwealth|section|article|exhibit|schedule|effective date|confidential information|between|among|by|and|or|inc|llc|ltd|corporation|limited|witnesseth|now therefore|i|ii|iii|iv|v|with|from|dated)$/i;

const NAME_RE = /(?:^|\bbetween\b|\bamong\b|\band\b|\bby\b|[,;:]|\n)\s*(?:the\s+)?((?:[A-Z][A-Za-z0-9.&'’\-]*)(?:[ \t]+(?:[A-Z0-9][A-Za-z0-9.&'’\-]*|&|of|de|la|du|van|der|and(?=[ \t]+[A-Z][A-Za-z]*[ \t]+(?:Inc|LLC|Ltd|Co|Company|Corporation)))){0,7}(?:,?[ \t]+(?:Inc|LLC|L\.L\.C|Ltd|L\.P|LP|LLP|Corp|Co|N\.V|S\.A|GmbH|AG|B\.V|plc|PLC|Limited|Corporation|Incorporated|Pty|Pte)\.?)?)(?=\s*[,(“"]|\s+an?\s|\s+\(|\s+located|\s+with|\s+having|\s+whose|\s+hereinafter|\s+and\b|\s*$)/g;

const PERSON_OR_ORG = (s: string) => {
  const words = s.split(/\s+/);
  if (words.length > 9) return false;
  if (ROLE_WORDS.test(s)) return false;
  if (US_STATES.includes(s)) return false;
  if (/^(This|That|These|Agreement|Section|Article|Each|Any|All|WHEREAS|NOW|IN WITNESS|Page|Date|Dated|Effective|Confidential|Mutual|Non|Exhibit)\b/i.test(s)) return false;
  if (/\b(agreement|hereto|hereinafter|corporation organized|laws)\b/i.test(s) && !/\b(Inc|LLC|Ltd|Corp|Company)\b/.test(s)) return false;
  if (words.length === 1 && !/^[A-Z]{2,}[A-Za-z]*$/.test(s) && !/\b(Inc|LLC|Ltd)\b/.test(s)) return false;
  return /[A-Za-z]{2}/.test(s);
};

/** Parties named in the preamble ("between X, a Delaware corporation, and Y"), else legal-suffix names on page 1. */
export function rankParties(ctx: DocContext): Scored[] {
  const out: Scored[] = [];
  for (let p = 0; p < Math.min(2, ctx.pages.length); p++) {
    const text = ctx.pages[p].text;
    const m = /\b(by and between|between|among|by and among)\b/i.exec(text.slice(0, 6000));
    if (!m) continue;
    let end = m.index + 1500;
    const stop = /\b(WHEREAS|RECITALS|W I T N E S S E T H|WITNESSETH|NOW,? THEREFORE|1\.\s+[A-Z]|BACKGROUND)\b/.exec(text.slice(m.index, end));
    if (stop) end = m.index + stop.index;
    const win = text.slice(m.index, end);
    NAME_RE.lastIndex = 0;
    for (const n of win.matchAll(NAME_RE)) {
      const name = n[1].replace(/\s+/g, ' ').replace(/,$/, '').trim();
      if (!PERSON_OR_ORG(name)) continue;
      const start = m.index + n.index! + n[0].indexOf(n[1]);
      const after = text.slice(start + n[1].length, start + n[1].length + 120);
      let z = 0.2;
      if (/^\s*[,(]?\s*(\(|“|"|a |an )/.test(after)) z += 0.8;
      if (/corporation|company|limited liability|partnership|organized|incorporated|individual|residing|an? [A-Z][a-z]+ (corporation|company)/i.test(after)) z += 0.6;
      if (/\b(Inc|LLC|Ltd|Corp|Corporation|Company|Limited|GmbH|AG|N\.V|S\.A|B\.V|plc|Incorporated)\b/.test(name)) z += 0.6;
      out.push({ value: name, spans: [{ p, start, end: start + n[1].length }], score: 1 / (1 + Math.exp(-z)), features: { preamble: 1 } });
    }
    if (out.length) break;
  }
  if (!out.length) {
    const orgs = organizationCandidates(ctx).filter((o) => o.p === 0);
    for (const o of orgs.slice(0, 6)) out.push({ value: o.value, spans: [o], score: 0.45, features: { preamble: 0 } });
  }
  // de-duplicate fuzzy repeats, keep first mention order
  const kept: Scored[] = [];
  for (const s of out) {
    const k = normText(String(s.value));
    const dup = kept.find((x) => {
      const kx = normText(String(x.value));
      return kx === k || similarity(kx, k) >= 0.9 || kx.startsWith(k + ' ') || k.startsWith(kx + ' ');
    });
    if (dup) {
      if (String(s.value).length > String(dup.value).length && /\b(Inc|LLC|Ltd|Corp)/.test(String(s.value))) { dup.value = s.value; dup.spans = s.spans; }
      dup.score = Math.max(dup.score, s.score);
      continue;
    }
    kept.push({ ...s });
  }
  return kept.slice(0, 10);
}

interface ClauseCue { when: RegExp; cues: RegExp[]; prior: number }

/** Generic clause concepts recognised from a boolean field's name/description, and their textual cues. */
const CLAUSES: ClauseCue[] = [
  { when: /compet/, prior: -1.6, cues: [/\bnon-?compet/i, /\bnot\s+(?:to\s+)?(?:directly\s+or\s+indirectly\s+)?(?:compete|engage\s+in\s+(?:any\s+)?(?:business|activit))/i, /shall\s+not[^.]{0,80}\bcompet(?:e|ing|itive)\b/i, /\bcompetitive\s+(?:products?|business)[^.]{0,60}\b(?:shall|will)\s+not\b/i] },
  { when: /exclusiv/, prior: -1.2, cues: [/(?<!non-?\s?)\bexclusive\s+(?:right|distributor|license|licensee|supplier|basis|dealing|provider|reseller|agent|territory|sales|marketing|partner)/i, /\bsole\s+and\s+exclusive\b/i, /\bexclusively\b/i, /shall\s+not[^.]{0,100}\b(?:purchase|sell|distribute|license)[^.]{0,60}\b(?:any\s+other|third\s+part)/i] },
  { when: /change of control|change in control|merger|acquisition/, prior: -1.5, cues: [/\bchange\s+(?:of|in)\s+control\b/i, /\bchange\s+(?:of|in)\s+(?:the\s+)?ownership\b/i, /\bcontrolling\s+interest\b/i, /\b(?:acquired|acquisition)\s+by\b[^.]{0,80}\bterminat/i] },
  { when: /assign/, prior: -0.6, cues: [/\bmay\s+not\s+(?:be\s+)?assign/i, /\bshall\s+not\s+(?:be\s+)?assign/i, /\bnot\s+(?:be\s+)?assignable\b/i, /\bassign[^.]{0,120}\bwithout\s+(?:the\s+)?(?:prior\s+)?(?:written\s+)?consent/i, /\bwithout\s+(?:the\s+)?(?:prior\s+)?(?:written\s+)?consent[^.]{0,120}\bassign/i, /\bno\s+assignment\b/i] },
  { when: /audit/, prior: -1.2, cues: [/\baudit/i, /\binspect[^.]{0,40}\b(?:books|records)\b/i, /\bexamin[^.]{0,40}\b(?:books|records)\b/i] },
  { when: /liabilit/, prior: -1.0, cues: [/\bliabilit[^.]{0,150}\b(?:shall\s+not\s+exceed|limited\s+to|in\s+excess\s+of|exceed\s+the)/i, /\b(?:aggregate|total|maximum|cumulative)\s+liability\b/i, /\bin\s+no\s+event\s+shall[^.]{0,120}\bliab/i, /\bconsequential[^.]{0,40}damages\b/i, /\blimitation\s+of\s+liability\b/i] },
  { when: /convenience|without cause|solely by giving notice/, prior: -1.4, cues: [/\bterminat[^.]{0,80}\b(?:for\s+convenience|without\s+cause|for\s+any\s+reason|at\s+any\s+time)/i, /\bat\s+any\s+time[^.]{0,80}\bterminat/i, /\bfor\s+any\s+or\s+no\s+reason\b/i] },
  { when: /licen[cs]e/, prior: -1.0, cues: [/\bgrants?\s+(?:to\s+\w+\s+)?(?:a|an|the)?[^.]{0,80}\blicen[cs]e\b/i, /\blicen[cs]e\s+(?:is\s+)?granted\b/i, /\b(?:non-?exclusive|exclusive|royalty-free|perpetual|limited)[^.]{0,30}\blicen[cs]e\b/i, /\bright\s+and\s+licen[cs]e\b/i] },
];

/** Boolean flags: strength of the clause cues found in the document -> value and raw score. */
export function rankBoolean(ctx: DocContext, leaf: LeafNode): Scored[] {
  const key = `${nameWords(leaf.name).join(' ')} ${(leaf.title ?? '').toLowerCase()} ${(leaf.description ?? '').toLowerCase()}`;
  const concept = CLAUSES.find((c) => c.when.test(nameWords(leaf.name).join(' '))) ?? CLAUSES.find((c) => c.when.test(key));
  let cues: RegExp[];
  let prior = -1.0;
  if (concept) { cues = concept.cues; prior = concept.prior; }
  else {
    // Fallback: the description's distinctive words as cues.
    const words = (leaf.description ?? leaf.name).toLowerCase().match(/[a-z]{6,}/g) ?? [];
    cues = words.slice(0, 6).map((w) => new RegExp(`\\b${w.slice(0, 6)}`, 'i'));
  }
  let hits = 0;
  let first: Span | undefined;
  let distinct = 0;
  for (const re of cues) {
    let found = false;
    const g = new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`);
    for (let p = 0; p < ctx.pages.length; p++) {
      for (const m of ctx.pages[p].text.matchAll(g)) {
        hits++;
        found = true;
        if (!first) first = { p, start: m.index!, end: m.index! + m[0].length };
        if (hits > 12) break;
      }
    }
    if (found) distinct++;
  }
  const z = prior + 1.2 * Math.min(3, distinct) + 0.25 * Math.min(6, hits);
  const pTrue = 1 / (1 + Math.exp(-z));
  const value = pTrue >= 0.5;
  return [{ value, spans: value && first ? [first] : [], score: value ? pTrue : 1 - pTrue, features: { hits, distinct, z } }];
}
