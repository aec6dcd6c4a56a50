/**
 * Jurisdictions (governing law): the places a governing-law clause chooses, else the place mentioned with the
 * strongest legal cue; formatted as the schema's examples show ("Ontario, Canada").
 */
import type { LeafNode } from '../../schema/compile.js';
import { normText } from '../../normalize/text.js';
import { jurisdictionCandidates, REGIONS, US_STATES, type RawCandidate } from '../../extract/candidates.js';
import type { DocContext } from '../../extract/context.js';
import { aggregate, rankGeneric } from '../../extract/ranking.js';
import type { Scored } from '../../extract/scored.js';
import type { FieldKind } from '../field-kind.js';

export const jurisdictionKind: FieldKind = {
  name: 'jurisdiction',
  claims: (leaf) => leaf.semantic === 'jurisdiction',
  rank: rankJurisdiction,
  group: () => 'jurisdiction',
};

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
