/**
 * Boolean clause flags of contracts ("has a non-compete", "may terminate for convenience"): the strength of the
 * clause's cues in the document gives the value and its raw score.
 */
import type { LeafNode } from '../../schema/compile.js';
import { fieldWords } from '../../schema/semantic.js';
import type { DocContext, Span } from '../../extract/context.js';
import type { Scored } from '../../extract/scored.js';
import type { FieldKind } from '../field-kind.js';

export const booleanClauseKind: FieldKind = {
  name: 'boolean-clause',
  claims: (leaf) => leaf.semantic === 'boolean',
  rank: rankBoolean,
  group: () => 'boolean',
};

interface ClauseCue {
  when: RegExp;
  cues: RegExp[];
  prior: number;
  /** A cue whose sentence also says this is another clause (termination for breach, survival on termination). */
  exclude?: RegExp;
}

/**
 * The sentence around a match (from the previous full stop to the next one, at most `max` characters each way). A
 * capitalised heading line above the clause ("13. TERMINATION AND SURVIVAL") is not part of its sentence.
 */
function sentenceAround(text: string, start: number, end: number, max = 300): string {
  const head = text.slice(Math.max(0, start - max), start);
  let heading = -1;
  for (const m of head.matchAll(/(?:^|(?<=\n))[^a-z\n]*[A-Z]{4,}[^a-z\n]*(?=\n)/g)) heading = m.index! + m[0].length;
  const cut = Math.max(head.lastIndexOf('. '), head.lastIndexOf('.\n'), heading);
  const tail = text.slice(end, end + max);
  const stop = tail.search(/\.(?:\s|$)/);
  return `${cut >= 0 ? head.slice(cut + 1) : head}${text.slice(start, end)}${stop >= 0 ? tail.slice(0, stop) : tail}`;
}

const MAY_TERMINATE = String.raw`\b(?:may(?:,\s[^,]{1,60},)?(?:\s+elect\s+to)?|(?:shall\s+)?(?:have|has|reserves?|retains?)\s+the\s+right(?:,?\s+at\s+(?:any\s+time|all\s+times)[^.]{0,40}?)?\s+to|(?:have|has|reserves?|retains?)\s+the\s+right\b[^.]{0,100}?\band\s+to|can|is\s+entitled\s+to)\s+(?:\w+\s+){0,2}?(?:terminate|cancel|be\s+terminated)\b`;

/** Generic clause concepts recognised from a boolean field's name/description, and their textual cues. */
const CLAUSES: ClauseCue[] = [
  // (one clear covenant is enough: "Affiliate agrees not to sell commercial time to ... direct competitors"; a reference
  // to another agreement by its name, "in accordance with the Non-Competition Agreement", is no covenant of this one)
  { when: /compet/, prior: -1.4, exclude: /\b(?:in\s+accordance\s+with|under|pursuant\s+to|subject\s+to|defined\s+in|set\s+forth\s+in)\s+(?:the\s+|that\s+)?(?:[A-Z][\w-]*\s+){0,3}Non-?Compet\w*\s+Agreement\b/, cues: [/\bnon-?compet/i, /\bnot\s+(?:to\s+)?(?:directly\s+or\s+indirectly\s+)?(?:compete|engage\s+in\s+(?:any\s+)?(?:business|activit))/i, /\b(?:shall|will|agrees?\s+)\s*not\b[^.]{0,80}\bcompet(?:e|ing|itive|itors?)\b/i, /\bin\s+direct\s+competition\b|\bengag\w*\s+in\s+(?:any\s+)?competing\s+business/i, /\bcompetitive\s+(?:products?|business)\b[^.]{0,60}(?:\.\s[^.]{0,120})?\b(?:shall|will)\s+not\b/i] },
  // exclusive dealing, not exclusive ownership of property, an exclusive remedy or exclusive courts, nor a form's
  // unticked "Content exclusive: [ ] Yes [ ] No" or information "used exclusively for the purpose" of the deal
  { when: /exclusiv/, prior: -1.2,
    cues: [/(?<!non-?\s?)\bexclusive\s+(?:right|distributor|license|licensee|supplier|basis|dealing|provider|reseller|agent|territory|sales|marketing|partner)/i, /\bsole\s+and\s+exclusive\s+(?:right|distributor|license|licensee|supplier|provider|reseller|agent|basis|sponsor)/i, /\bexclusively\b/i, /(?<!non-?\s?)\bexclusivity\b|\bis\s+exclusive\s+(?:within|in|throughout|for)\b/i, /shall\s+not[^.]{0,100}\b(?:purchase|sell|distribute|license)[^.]{0,60}\b(?:any\s+other|third\s+part)/i],
    exclude: /\[\s*\]\s*Yes\s*\[\s*\]\s*No\b|\b(?:used?|using)\s+(?:\w+\s+){0,3}?exclusively\b|\bexclusively\s+(?:used|for\s+the\s+purposes?)\b|\bown(?:er|ers|ership|s|ed)?\b|\bproperty\b|\bcourts?\b|\bvenue\b|\bjurisdiction\b|\bgoverned\b|\bremed(?:y|ies)\b|\bnot\b[^.]{0,30}\bexclusiv|\bbetween\s+the\s+parties\b|\battached\b/i },
  // rights on the counterparty's change of control: named as such, or a merger treated as an assignment or a cause to
  // terminate; not the definition of an affiliate's "control" (a sale of substantially all assets is read both ways
  // by the labels, as a change of control and as a permitted assignment, so it is no cue)
  { when: /change of control|change in control|merger|acquisition/, prior: -1.3,
    cues: [/\bchange\s+(?:of|in)\s+control\b/i, /\bchange\s+(?:of|in)\s+(?:the\s+)?ownership\b/i, /\bcontrolling\s+interest\b/i, /\b(?:acquired|acquisition)\s+by\b[^.]{0,80}\bterminat/i,
      /\bmerger\b[^.]{0,100}\b(?:deemed\s+(?:an?\s+)?assignment|terminat\w*\s+this\s+agreement|prior\s+written\s+consent)/i],
    exclude: /\bcontrols?,\s+is\s+controlled\s+by\b|\bcommon\s+control\b|[“"]control[”"]?\s*,?\s*(?:for\s+purposes\s+of\s+this\s+definition,?\s*)?means\b|\bstatements?\s+of\s+(?:beneficial\s+)?ownership\b/i },
  // assigning the contract needs the other party's consent or notice; not an assignment of inventions or one
  // "for the benefit of creditors"
  { when: /assign/, prior: -0.6,
    cues: [/\b(?:may|shall|will)\s+not\s+(?:\w+\s+){0,3}?(?:be\s+)?assign/i, /\bnot\s+(?:be\s+)?assignable\b/i,
      /\b(?:neither|no)\s+party\s+(?:\w+\s+){0,4}?(?:shall|may|will|has\s+the\s+right\s+to|is\s+entitled\s+to)\s+(?:\w+\s+){0,2}?assign/i,
      /\bassign[^.]{0,150}\bwithout\s+(?:the\s+)?(?:\w+\s+){0,4}?(?:consent|approval)/i, /\bwithout\s+(?:the\s+)?(?:\w+\s+){0,4}?(?:consent|approval)[^.]{0,120}\bassign/i,
      /\bassign[^.]{0,150}\b(?:with|upon|after|by\s+giving)\s+(?:\w+\s+){0,3}?(?:written\s+)?notice/i, /\bno\s+assignment\b/i],
    exclude: /\bhereby\s+assigns?\b|benefit\s+of\s+(?:its\s+)?creditors|\binventions?\b|\bcopyrights?\b|\bpatents?\b|\bwork\s+product\b|\bsuccessors\s+and\s+(?:permitted\s+)?assigns\b(?![^.]*\bconsent)/i },
  // a right to audit the other party: "audit" itself, not the parties' auditors, audited financial statements or an
  // audit committee
  { when: /audit/, prior: -1.2, cues: [/\baudit(?:s|ing)?\b(?!\s+committee)/i, /\binspect[^.]{0,40}\b(?:books|records)\b/i, /\bexamin[^.]{0,40}\b(?:books|records)\b/i,
    // "shall have the right to inspect / enter", "a third party auditor chosen by Licensor"
    /\bright\s+(?:at\s+any\s+time\s+)?to\s+(?:enter|inspect|examine)\b|\bthird[- ]party\s+auditor\b/i],
    exclude: /\bfinancial\s+statements\b|\bauditors?\s+(?:of|for)\s+(?:the\s+)?(?:company|bank)\b/i },
  { when: /liabilit/, prior: -1.0, cues: [/\bliabilit[^.]{0,150}\b(?:shall\s+not\s+exceed|limited\s+to|in\s+excess\s+of|exceed\s+the)/i, /\b(?:aggregate|total|maximum|cumulative)\s+liability\b/i, /\bin\s+no\s+event\s+shall[^.]{0,120}\bliab/i, /\bconsequential[^.]{0,40}damages\b/i, /\blimitation\s+of\s+liability\b/i,
    // liability excluded or narrowed: "shall not be liable for", "shall have no liability", "shall only be liable for direct
    // losses", a "sole and exclusive remedy", damages fixed in advance ("liquidated damages")
    /\bshall\s+not\s+be\s+liable\b|\b(?:shall|will)\s+(?:have\s+no|not\s+have\s+any)\s+liability\b|\bonly\s+be\s+liable\b/i, /\bsole\s+and\s+exclusive\s+remedy\b/i, /\bliquidated\s+damages\b/i] },
  // a party that may end the agreement by notice alone: "may terminate this Agreement at any time upon 90 days' notice",
  // "Termination for Convenience", "for any or no reason"; not termination for breach or insolvency, and not "upon
  // termination of this Agreement for any reason" (survival); not termination on listed grounds ("as follows: (a) If ...",
  // "upon the occurrence of any of the following events"), nor captions inserted "as a matter of convenience"
  { when: /convenience|without cause|solely by giving notice/, prior: -1.4,
    cues: [/\bterminat\w*\s+(?:\w+\s+){0,4}?for\s+(?:its\s+|their\s+)?convenience\b/i, /\bconvenience\b[^.]{0,40}\bterminat/i,
      new RegExp(`${MAY_TERMINATE}[^.]{0,140}\\b(?:without\\s+cause|for\\s+any\\s+reason|for\\s+any\\s+or\\s+no\\s+reason|at\\s+any\\s+time|in\\s+its\\s+sole\\s+discretion|at\\s+(?:its|their)\\s+(?:sole\\s+)?(?:discretion|option)|(?:up)?on\\s+(?:at\\s+least\\s+|not\\s+less\\s+than\\s+)?(?:\\w+\\s+)?(?:\\(?\\d+\\)?|\\[\\*+\\])\\s*(?:days|months)|upon\\s+\\[\\*+\\]|by\\s+giving)`, 'i'),
      /\bfor\s+any\s+or\s+no\s+reason\b/i],
    exclude: /\bbreach|\bdefault|\bfor\s+cause\b|\bupon\s+the\s+occurrence\b|\bany\s+of\s+the\s+following\s+(?:events|circumstances)\b|\bas\s+follows\s*:\s*(?:\(?[a-z\d]{1,3}[.)]\s*)?(?:if|in\s+the\s+event|upon|should)\b|\b(?:should|if|in\s+the\s+event)\b[^.]{0,80}\bterminat\w*\s+for\s+any\s+reason|\bmatter\s+of\s+convenience\b|\bconvenience\s+of\s+reference\b|\bcaptions?\b|insolven|bankrupt|\bfail(?:s|ure|ed)?\s+to\b|\bsurviv|expiration\s+or\s+termination|termination\s+or\s+expiration|\bupon\s+(?:the\s+)?(?:expiration|termination)\b|effect\s+of\s+termination|\bviolat|change\s+(?:of|in)\s+control/i },
  { when: /licen[cs]e/, prior: -1.0, cues: [/\bgrants?\s+(?:to\s+\w+\s+)?(?:a|an|the)?[^.]{0,80}\blicen[cs]e\b/i, /\blicen[cs]e\s+(?:is\s+)?granted\b/i, /\b(?:non-?exclusive|exclusive|royalty-free|perpetual|limited)[^.]{0,30}\blicen[cs]e\b/i, /\bright\s+and\s+licen[cs]e\b/i,
    // "License Grant.", "hereby grants to Licensee a non-exclusive, ... (subject to Section 1.2 hereof) ... license", "it will license"
    /\blicen[cs]e\s+grant\b|\bgrant\s+of\s+(?:a\s+)?licen[cs]e\b/i, /\bhereby\s+grants?\b[^;]{0,200}?\blicen[cs]e\b/i, /\b(?:will|shall|hereby|agrees?\s+to)\s+licen[cs]e\b/i] },
];

/** Boolean flags: strength of the clause cues found in the document -> value and raw score. */
export function rankBoolean(ctx: DocContext, leaf: LeafNode): Scored[] {
  const key = `${fieldWords(leaf).join(' ')} ${(leaf.title ?? '').toLowerCase()} ${(leaf.description ?? '').toLowerCase()}`;
  const concept = CLAUSES.find((c) => c.when.test(fieldWords(leaf).join(' '))) ?? CLAUSES.find((c) => c.when.test(key));
  let cues: RegExp[];
  let prior = -1.0;
  const exclude = concept?.exclude;
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
        if (exclude?.test(sentenceAround(ctx.pages[p].text, m.index!, m.index! + m[0].length))) continue;
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
