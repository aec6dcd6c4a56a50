/** Signature blocks: the organisations that sign, and captions that say whose block a line is. */
import { organizationCandidates } from '../../extract/candidates.js';
import type { DocContext } from '../../extract/context.js';
import { junkName, PLACE_RE, ROLE_WORDS, SUFFIX_RE, SUFFIX_START_RE, tidyName } from './party-names.js';

/** A "By:" signing line: "By: /s/ ...", "By: ______", "By /s/ ...", "BY:". */
export const BY_LINE_RE = /^By\s*(?::|\/\s?s\/|_{2,}|\s\/)/i;
/** Lines of a signature block that are not the signer's organisation: names, titles, dates, rules, closings. */
export const SIG_FURNITURE_RE = /^(?:By\b|Name\b|Title\b|Its\b|Date[d:]?\b|Address\b|Attn\b|Attention\b|an?\s+[A-Za-z]|[“"(][^”")]{1,40}[”")]$|Signature\b|Print(?:ed)?\b|\/s\/|\(?signature|_{3,}|-{3,}|x\s*$|as\s+(?:its\s+)?[a-z])/i;
export const SIG_CLOSING_RE = /^(?:IN WITNESS|SEEN\b|NOTED\b|WITNESS(?:ES)?\b|Very truly|Sincerely|Yours|Accepted|Agreed|Acknowledged|Confirmed|AGREED|ACCEPTED|CONFIRMED|ACKNOWLEDGED|Executed|EXECUTED|The undersigned|Page\b|\[?Signature)/i;
/** Contract prose in capitals ("... PROMISES AND WARRANTIES CONTAINED HEREIN."), committees and role phrases: not a signer's name. */
export const SIG_PROSE_RE = /\b(here(?:in|to|of|by|under)|contained|written|above|below|agreements?|part(?:y|ies)|behalf|subsidiaries|affiliates|committee|board)\b/i;
export const OFFICER_AFTER_RE = /^(?:\s*\n\s*(?:Title|Its)\s*:|\s*,\s*(?:Senior |Executive |Corporate )?(?:Chief|President|Vice|CEO|CFO|COO|Secretary|Treasurer|Chairman|Managing|General Counsel|Authorized|Director\b|Partner\b|Manager\b))/;

/**
 * Who signs: in a signature block the signer's organisation is the line (or the lines, for blocks set side
 * by side) just above its first "By:" line ("Very truly yours, / Vocus, Inc. / By: /s/ ...").
 */
/** Lower-case words separated by single spaces (for phrase look-ups across line breaks and punctuation). */
export const plainWords = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();

export function signatureOrgs(ctx: DocContext): { p: number; start: number; name: string }[] {
  const orgs: { p: number; start: number; name: string }[] = [];
  const last = ctx.pages.length - 1;
  const docWords = () => ctx.memo('party-doc-words', () => ` ${plainWords(ctx.pages.map((pg) => pg.text).join(' '))} `);
  const orgLike = (name: string) => {
    const words = name.split(/\s+/);
    const letters = name.replace(/[^A-Za-z]/g, '');
    const upper = letters.length ? letters.replace(/[^A-Z]/g, '').length / letters.length : 0;
    return (SUFFIX_RE.test(name) || (upper > 0.8 && words.length >= 2)) && words.length <= 10 && name.length <= 90 && !/\d{4,}/.test(name)
      && !/[.;]\s+[a-z]/.test(name) && !SIG_PROSE_RE.test(name);
  };
  for (let p = Math.max(0, last - 2); p <= last; p++) {
    const page = ctx.pages[p];
    const lines = page.lines.map((l) => page.text.slice(l.start, l.end).trim());
    for (let i = 0; i < lines.length; i++) {
      if (!BY_LINE_RE.test(lines[i])) continue;
      // the first "By:" of a block (not "By: its general partner" under another "By:")
      let j = i - 1;
      while (j >= 0 && !lines[j]) j--;
      if (j >= 0 && (/^(By\b|Name\s*:|Title\s*:|Its\b|as\s)/i.test(lines[j]) || /\bas\s+(?:its\s+)?(?:general|managing|sole)\b/i.test(lines[j]))) continue;
      const found: { li: number; name: string }[] = [];
      for (let k = i - 1, seen = 0; k >= 0 && seen < 4 && found.length < 2; k--) {
        const t = lines[k];
        if (!t) continue;
        seen++;
        if (SIG_CLOSING_RE.test(t)) break;
        // ("a Delaware corporation" under a name describes it)
        if ((SIG_FURNITURE_RE.test(t) && !SUFFIX_RE.test(t)) || /^an?\s/i.test(t)) continue;
        let name = t.replace(/^\(?\d{1,2}[).]\s*/, '');
        // a role label before the name: "COMPANY: ACME, INC.", "EMPLOYEE NIKE, Inc."
        const label = /^(?:[A-Za-z][A-Za-z ]{1,30}:\s*|(?:[A-Z]+\s+)(?=\S))/.exec(name);
        if (label && (label[0].includes(':') || ROLE_WORDS.test(label[0].trim())) && label[0].length < name.length) name = name.slice(label[0].length);
        // "ACME, INC., a Delaware corporation": the name without its description
        if (/^[(\[“"'‘]/.test(name)) break;
        name = name.replace(/(?:\s*\([^()]*\))+\s*$/, '').replace(/,\s+an?\s+\S.*$|,?\s+an?\s+(?:[A-Z][\w.]*\s+){0,3}(?:corporation|company|limited|partnership|statutory|trust|bank|banking|association)\b.*$/i, '').replace(/[:,]\s*$/, '').trim();
        // a name set over two lines ("BURLINGTON COAT FACTORY / HOLDINGS, INC.", "TYCO HEALTHCARE GROUP LP / D/B/A COVIDIEN")
        let k2 = k - 1;
        while (k2 >= 0 && !lines[k2]) k2--;
        const above = k2 >= 0 ? lines[k2] : '';
        const open = /(?:\b(?:of|and|the)|[&,])$/i.test(above);
        const dba = /^d\/b\/a\b/i.test(name);
        // "AMERICAN CAMPUS / COMMUNITIES, INC.": a short line in capitals, no legal form or initials of its own
        // (side-by-side blocks put two names one above the other: the joined name must be one the document uses elsewhere)
        const head = /^[A-Z0-9&' -]+$/.test(above) && above.split(/\s+/).length <= 4 && !SUFFIX_RE.test(above) && SUFFIX_RE.test(name)
          && docWords().split(` ${plainWords(`${above} ${name}`)} `).length > 2;
        if (above && !SIG_CLOSING_RE.test(above) && !SIG_FURNITURE_RE.test(above)
          && (open || dba || head || junkName(name) || (SUFFIX_START_RE.test(name) && !SUFFIX_RE.test(above)))) {
          // a line that cannot end a name joins the next; joined, it must still read as a name
          if (!orgLike(`${above} ${name}`)) break;
          name = `${above} ${name}`;
          k = k2;
        }
        if (!orgLike(name) || junkName(name.replace(/\b\d+\b/g, ' '))) break;
        found.push({ li: k, name });
      }
      for (const f of found) {
        const line = page.lines[f.li];
        const off = page.text.slice(line.start, line.end).indexOf(f.name.split(' ')[0]);
        orgs.push({ p, start: line.start + Math.max(0, off), name: f.name });
      }
    }
  }
  return orgs;
}

/** A caption line of a signature block: the signer's role ("Employee", "EXECUTIVE:", "FOR THE COMPANY"). */
export const CAPTION_RE = /^(?:for\s+)?(?:the\s+)?(employee|executive|consultant|director|individual|company|employer|corporation|bank)\s*:?$/i;
export const ORG_CAPTION_RE = /company|employer|corporation|bank/i;

/**
 * Whether the signature line `i` stands in a run of parallel lines (same label, one name each) set under a run of as
 * many caption lines, and its own caption names an organisation.
 */
export function underOrgCaption(lines: string[], i: number, label: string): boolean {
  const named = (x: string | undefined) => x !== undefined && x.startsWith(label) && /^(?:[A-Z]\.\s*)*[A-Z][\w.'’-]*(?:\s+[A-Z][\w.'’-]*){0,3}$/.test(x.slice(label.length).trim());
  let a = i;
  let b = i;
  while (named(lines[a - 1])) a--;
  while (named(lines[b + 1])) b++;
  const n = b - a + 1;
  if (n < 2) return false;
  // the captions: the nearest run of n caption lines within a few lines above or below the run
  for (let j = Math.max(0, a - 8); j <= Math.min(lines.length - n, b + 6); j++) {
    if (j + n > a && j <= b) continue;
    const caps = lines.slice(j, j + n);
    if (caps.every((c) => CAPTION_RE.test(c.trim())) && !CAPTION_RE.test((lines[j - 1] ?? '').trim()) && !CAPTION_RE.test((lines[j + n] ?? '').trim())) {
      return ORG_CAPTION_RE.test(caps[i - a]);
    }
  }
  return false;
}
