/**
 * Parties of an agreement (a list of names): names in the preamble, organisations introduced with a defined-term
 * parenthesis, "employment with X", and individuals signing alone at the end.
 */
import type { DocContext, Span } from '../../extract/context.js';
import { normText, similarity } from '../../normalize/text.js';
import { organizationCandidates } from '../../extract/candidates.js';
import type { Scored } from '../../extract/scored.js';
import type { FieldKind } from '../field-kind.js';
import { AFTER_PLACE_RE, applyStyle, junkName, MONTH_RE, NAME_RE, PERSON_OR_ORG, PLACE_RE, ROLE_WORDS, SUFFIX_RE, SUFFIX_START_RE, suffixStyle, tidyName } from './party-names.js';
import { OFFICER_AFTER_RE, SIG_CLOSING_RE, signatureOrgs, underOrgCaption } from './signatures.js';

export { suffixStyle };

/**
 * A list of parties, organisations or people is read from the agreement's own statements (a single party field
 * is free text, a single organisation an organisation).
 */
export const partiesKind: FieldKind = {
  name: 'parties',
  claims: () => false,
  claimsList: (item) => item.semantic === 'party' || item.semantic === 'organization' || item.semantic === 'person',
  rank: (ctx) => rankParties(ctx),
  group: () => 'list',
  rankList: (ctx, item, list) => rankParties(ctx, suffixStyle(`${list.description ?? ''} ${item.description ?? ''}`)),
};

/** Words that introduce an affiliate of a party rather than a party. */
const AFFILIATE_BEFORE_RE = /\b(?:including(?:,?\s*(?:without limitation|but not limited to),?)?|collectively with|together with|subsidiar(?:y|ies) of|divisions? of|parent(?: company)? of|affiliates? of|f\/k\/a|formerly known as|d\/b\/a|dba|doing business as)\s*(?:the\s+)?$/i;
const AFFILIATE_AFTER_RE = /^\s*,?\s*(?:an?\s+)?(?:direct\s+|indirect\s+)?(?:wholly[- ]owned\s+)?subsidiary\s+of\b/i;
const LEAD_WORDS = /^(?:(?:Between|Among|And|By|With|To|From|Of|For|The\s+undersigned|Inc\.|INC\.|Ltd\.|LTD\.|LLC|CEO|President|Chairman|Director|Board\s+of\s+Directors\s+of|Officer|BETWEEN|AMONG|AND|BY|WITH)\s+)+/;

/**
 * Parties: names in the preamble ("between X, a Delaware corporation, and Y"), organisations introduced
 * with a defined-term parenthesis ("ACME, Inc. (the "Company")") near the start, "employment with X", and
 * individuals signing alone at the end. Place names of addresses and signing officers are left out.
 */
export function rankParties(ctx: DocContext, style: 'abbreviated' | 'as-written' = 'as-written'): Scored[] {
  const out: Scored[] = [];
  const add = (p: number, start: number, raw: string, z: number, kind: number): boolean => {
    // "BOINGO WIRELESS, INC. EMPLOYEE": a role caption of side-by-side signature blocks glued after the name
    // "Clear Capital Page 1 of 10": a page number glued to the name
    // ("THOMAS W. MILLS, SR.": a generational suffix is written without the comma, as signature lines are read)
    let name = tidyName(raw).replace(/\s+Page\s+\d+(?:\s+of\s+\d+)?$/i, '').replace(/,(?=\s+(?:Jr|Sr|JR|SR)\.?$)/, '');
    const role = /\s+([A-Z][A-Za-z]+)$/.exec(name);
    if (role && ROLE_WORDS.test(role[1]) && !SUFFIX_RE.test(role[1]) && SUFFIX_RE.test(name.slice(0, role.index))) name = name.slice(0, role.index);
    const lead = LEAD_WORDS.exec(name);
    if (lead) { name = name.slice(lead[0].length); start += lead[0].length; }
    // "Company, BCFWC Mergersub Inc.", "Netherlands, and Digene Corporation": a generic or place word glued in front
    const glued = /^(.{2,40}?)(?:,\s+(?:and\s+)?|\s+and\s+)(?=[A-Z])(.+)$/.exec(name);
    // ("and its Reseller, Schoolpop, Inc.": a role word before the name)
    if (glued && (junkName(glued[1]) || ROLE_WORDS.test(glued[1].trim()) || PLACE_RE.test(glued[1].trim()) || /\d/.test(glued[1])) && !junkName(glued[2])) {
      start += name.indexOf(glued[2]);
      name = glued[2];
    }
    // "Keefe, Bruyette & Woods, Inc.": a firm named for its partners keeps the names before the commas
    const partners = /&/.test(name) ? /(?:^|[a-z”"),;]\s|\n)((?:[A-Z][a-z]+,\s+){1,3})$/.exec(ctx.pages[p].text.slice(Math.max(0, start - 60), start)) : null;
    let back = 0;
    if (partners && !junkName(partners[1]) && !PLACE_RE.test(partners[1].replace(/,\s*$/, ''))) {
      back = partners[1].length;
      start -= back;
      name = partners[1].replace(/\s+/g, ' ') + name;
    }
    // "R. J. Seifert Enterprises. Collectively, ...": a sentence ends after the name
    const ends = /^(.*?\b(?!(?:Inc|INC|Co|CO|Corp|CORP|Ltd|LTD|Jr|Sr|No|St|Bros)\.)[A-Za-z]{2,})\.\s+[A-Z][a-z]/.exec(name);
    // (only for a name in a party slot, "between X and Y.", with a legal form or initials: elsewhere such a match is a heading)
    if (ends && kind === 1 && z > -1 && ends[1].split(/\s+/).length >= 2 && (SUFFIX_RE.test(ends[1]) || /\b[A-Z]\.\s/.test(ends[1]))) name = ends[1];
    // "PageMaster Corporation and Go Call, Inc.": two names, each read on its own
    if (new RegExp(`${SUFFIX_RE.source},?\\s+and\\s+[A-Z]`, 'i').test(name)) return false;
    // "OPEN JOINT STOCK COMPANY “VIMPEL-COMMUNICATIONS”", "LLC “Romashka”": a legal form written before the quoted name
    const formFirst = /^(?:(?:open|closed|public|private|non-public)\s+)?(?:joint[- ]stock\s+company|limited\s+liability\s+company)$|^(?:OJSC|CJSC|PJSC|JSC|OAO|ZAO|PAO|OOO|LLC)$/i.test(name)
      ? /^\s*([“"«][^”"»\n]{2,60}[”"»])/.exec(ctx.pages[p].text.slice(start + raw.length, start + raw.length + 70)) : null;
    if (formFirst) name = `${name} ${formFirst[1]}`;
    // (the organisation an officer acts for may be named in one word: "director of FreeCook")
    else if ((!PERSON_OR_ORG(name) && !(kind === 10 && /^[A-Z][\w&'’-]{2,}$/.test(name) && !ROLE_WORDS.test(name))) || PLACE_RE.test(name) || junkName(name)) return false;
    const text = ctx.pages[p].text;
    const after = text.slice(start + back + raw.length - (lead ? lead[0].length : 0), start + back + raw.length + 40).replace(/\n/g, ' ');
    // "Team, Inc.’s Board", "(“Crystal Clean”)": a possessive or a defined alias, not the party's name
    // (a quoted name in a party slot that its description follows is the party: 'between “Acme AG”, a company ...')
    const quotedParty = /\b(?:between|among|and)\s*[“"]$/i.test(text.slice(Math.max(0, start - 12), start)) && /^[”"]\s*,?\s*(?:an?\s|organized|incorporated|having|with\s+(?:its|a)\s)/i.test(after);
    if (/^[’']s\b/.test(after) || (/[“"]\s*$/.test(text.slice(Math.max(0, start - 2), start)) && !quotedParty)) return false;
    // "including, without limitation, X", "collectively with X", "X, a wholly-owned subsidiary of": an affiliate
    // (one given a defined term of its own, "Glacier Bank, a wholly owned subsidiary of GBCI (“Glacier Bank”)", is often a party too)
    // (and so is each further item of that list: "including, without limitation, X (“A”), Y, Z, L.P., ...")
    const listed = /\bincluding(?:,?\s*(?:without limitation|but not limited to),?)?\s((?:(?!\.\s+[A-Z]|[;:]|\b(?:between|among|and the|by and)\b)[^])*)$/i.exec(text.slice(Math.max(0, start - 700), start).replace(/\s+/g, ' '));
    if (kind !== 7 && (AFFILIATE_BEFORE_RE.test(text.slice(Math.max(0, start - 50), start).replace(/\s+/g, ' '))
      || (listed && /,\s*$/.test(listed[1]) && /^(?:[A-Z0-9][\w.&'’-]*|of|and|the|[,()“”"]|\s)+$/.test(listed[1].replace(/\((?:the\s+)?[“"][^”"]*[”"]\)/g, ''))))) z -= 3;
    else if (kind !== 7 && AFFILIATE_AFTER_RE.test(after)) z -= /^[^()]{0,100}\(\s*(?:the\s+)?[“"]/.test(text.slice(start + raw.length, start + raw.length + 140).replace(/\n/g, ' ')) ? 1.0 : 3;
    // "(together with the Parent and the Healthfield Group, the “Companies”)": a member of a collective definition
    const paren = /\(([^()]{0,200})$/.exec(text.slice(Math.max(0, start - 200), start));
    if (kind !== 7 && paren && /^\s*(?:together|collectively|including)\b/i.test(paren[1])) z -= 3;
    if (!SUFFIX_RE.test(name) && AFTER_PLACE_RE.test(after)) return false; // "Redwood City, California"
    const before = text.slice(Math.max(0, start - 40), start).replace(/\s+/g, ' ');
    // "Source: NLS PHARMACEUTICS LTD., F-1, 2/28/2020": the filing's footer names the filer, not a party of this text;
    // "Be My Guest(R)", "Gridiron™": a trade mark, not a party
    if (/\bSource:\s*$/.test(before) || /^\s*(?:\((?:R|TM)\)|[®™])/.test(after)) return false;
    // "20,000 shares of Mellon Financial Corporation": the issuer of securities; "... and Computershare Trust Company, N.A.
    // (the “Rights Agreement”)": a defined term naming another agreement marks the parties of that agreement (a bare
    // “Agreement” is this one)
    const term = /^[^()“”"]{0,80}?\(\s*(?:the\s+)?[“"]([^”"]{1,60})[”"]/.exec(text.slice(start + back + raw.length - (lead ? lead[0].length : 0), start + back + raw.length + 140).replace(/\n/g, ' '));
    if (kind !== 7 && (/\b(?:shares|stock|units|options|securities)\s+of\s*$/i.test(before) || (term && /\b(?:agreement|plan|transaction|merger|offer|indenture|contract)s?$/i.test(term[1].trim()) && !/^(?:agreement|contract)$/i.test(term[1].trim())))) z -= 3;
    // "Route de Bazancourt, F-51110, Pomacle France (“BioAmber”)": a town after a postcode ends an address
    if (!SUFFIX_RE.test(name) && /\b(?:[A-Z]{1,2}-)?\d{4,6}\s*,\s*$/.test(before)) return false;
    // "IREYA B.V, represented by Andrea van Elsas": who acts for a party is not one
    const actsFor = /\b(?:represented\s+by|acting\s+(?:by|through)|through\s+its)\s*:?\s*$/i.test(before);
    if (kind === 1 && actsFor) z -= 3;
    // "deposits insured by the Federal Deposit Insurance Corporation", "a report prepared by X": the agent of a passive
    // verb is someone the agreement speaks of (only making, signing or giving the deed names its party)
    else if (!actsFor && kind !== 7 && /\b[a-z]{3,}ed\s+by\s+(?:the\s+)?$/.test(before) && !/\b(?:made|entered(?:\s+into)?|executed|signed|delivered|issued|given|granted|agreed|accepted|acknowledged|confirmed|approved|employed|engaged|retained)\s+by\s+(?:the\s+)?$/i.test(before)) z -= 3;
    out.push({ value: applyStyle(name, style), spans: [{ p, start, end: start + name.length }], score: 1 / (1 + Math.exp(-z)), features: { kind, z } });
    return true;
  };
  let strong = 0;
  for (let p = 0; p < Math.min(2, ctx.pages.length); p++) {
    // newlines flattened to spaces: offsets stay valid, names broken over lines are read whole
    const text = ctx.pages[p].text.slice(0, 8000).replace(/\n/g, ' ');
    // ("BETWEEN:" / "AND:" on lines of their own: a colon may follow the word)
    const m = /\b(by and between|between|among|by and among|PARTIES:)\s*:?\s/i.exec(text.slice(0, 6000));
    let winStart = 0;
    let winEnd = Math.min(text.length, 4000);
    if (m) {
      winStart = m.index;
      winEnd = Math.min(text.length, m.index + 1500);
      const stop = /\b(WHEREAS|RECITALS|W I T N E S S E T H|WITNESSETH|NOW,? THEREFORE|BACKGROUND|Section 1|1\.\s+[A-Z][a-z])/.exec(text.slice(m.index, winEnd));
      if (stop) winEnd = m.index + stop.index;
    }
    const win = text.slice(winStart, winEnd);
    // "... contemplated by a certain Asset Purchase Agreement dated October 28, 2004, by and among X, Y": the parties of
    // another agreement the preamble refers to (a later "between"/"among" after a dated agreement)
    const foreign = (at: number): boolean => {
      if (!m || at <= m.index + m[0].length) return false;
      const slot = [...text.slice(m.index + m[0].length, at).matchAll(/\b(?:by\s+and\s+)?(?:between|among)\b/gi)].pop();
      const s0 = slot ? m.index + m[0].length + slot.index! : -1;
      return s0 >= 0 && /\bagreements?\b[^.;]{0,80}\bdated\b[^.;]{0,60}$/i.test(text.slice(Math.max(0, s0 - 160), s0));
    };
    NAME_RE.lastIndex = 0;
    for (const n of win.matchAll(NAME_RE)) {
      const start = winStart + n.index! + n[0].indexOf(n[1]);
      // ("Premier Biomedical, Inc. (OTC Pink: BIEI), a Nevada corporation (“Premier”)": a bracketed note without a
      // defined term, a ticker or a former name, is passed over to reach the description)
      // (the closing quote of a quoted name: '“Acme AG”, a company ...')
      const after = text.slice(start + n[1].length, start + n[1].length + 180).replace(/^[”"](?=\s*,)/, '').replace(/^\s*\((?![^()]*[“"”])(?!\s*hereinafter)[^()]{1,40}\)/, '');
      const before = text.slice(Math.max(0, start - 25), start);
      let z = m ? -1.2 : -1.8;
      if (foreign(start)) z -= 4;
      // ("(hereinafter referred to as Party A)": a defined term may be written without quotation marks)
      const defined = /^\s*,?\s*(?:[^()“”"]{0,80}?)\(\s*(?:the\s+|each\s+)?[“"”]|^\s*\(\s*[A-Z]{3,}\s*\)|^\s*,?\s*\(\s*hereinafter\s+(?:referred\s+to\s+as|called)\s+(?:the\s+)?[A-Z]/.test(after);
      if (defined) z += 1.2;
      if (/^\s*,?\s*(an?\s+(?:[A-Z][a-z]+\s+){0,3}(corporation|company|limited|partnership|bank|association|trust|banking|public|individual|resident|business|entity)|organized|incorporated|having|with (its|a) (principal|registered)|located|residing|an individual)/i.test(after)) z += 1.0;
      if (SUFFIX_RE.test(n[1])) z += 0.7;
      // the slots of "between X and Y"
      // (or the next of a list of parties, each closing with its defined term: "X (“X”),\nY, a Nevada corporation (“Y”)")
      if (m && (/(?:\bbetween|\bamong|\band|\bby|\bin\s+favou?r\s+of|parties:)\s*:?\s*(?:the\s+)?$/i.test(before) || /\(\s*(?:the\s+)?[“"][^”"]{1,40}[”"]\s*\)\s*[,;]\s*(?:and\s+)?$/i.test(before))) z += 0.6;
      if (/^\s*,?\s*(Suite|Street|Avenue|Road|Floor|\d)/.test(after) || /\d{5}/.test(n[1])) z -= 1.5;
      // "between Jane Roe, director of Acme Web, PLC (hereinafter “Company”)": the officer named in the slot acts for
      // the organisation after "of", which is the party
      const officerOf = /^\s*,\s*(?:the\s+)?(?:(?:managing\s+)?director|president|chief\s+executive\s+officer|CEO|owner|founder|(?:general\s+)?manager|chairman|proprietor)\s+of\s+((?:[A-Z][\w.&'’-]*)(?:[ \t]+(?:[A-Z][\w.&'’-]*|&|of)){0,6}(?:,?\s+(?:Inc|LLC|Ltd|PLC|plc|Corp|Corporation|Company|Limited|LLP|GmbH|AG)\.?)?)(?=\s*[,(]|\s+an?\s)/.exec(after);
      if (officerOf && m && PERSON_OR_ORG(n[1]) && !SUFFIX_RE.test(n[1])) {
        const at = text.indexOf(officerOf[1], start + n[1].length);
        if (at >= 0 && add(p, at, officerOf[1], z + 1.2, 10) && z + 1.2 > 0) strong++;
        z -= 2.5;
      }
      // "Name: Glenn W. Rust\n\nVirginia National Bank and ...": a paragraph break ends a name
      const para = /\n[ \t]*\n/.exec(ctx.pages[p].text.slice(start, start + n[1].length));
      if (para) {
        const head = n[1].slice(0, para.index).trim();
        const tail = n[1].slice(para.index + para[0].length).trim();
        // (what follows the name, its description or defined term, speaks for the second part only)
        if (head) add(p, start, head, Math.min(z, -1.2), 1);
        if (tail && add(p, start + n[1].indexOf(tail, para.index), tail, z, 1) && z > 0) strong++;
        continue;
      }
      if (add(p, start, n[1], z, 1) && z > 0) strong++;
    }
    // block-form preambles: "between" / "and" on a line of their own, each party's name on the next line
    if (m) {
      const page = ctx.pages[p];
      const li0 = ctx.lineIndex(p, winStart);
      for (let li = li0; li < page.lines.length && page.lines[li].start < winEnd + 400; li++) {
        const t = page.text.slice(page.lines[li].start, page.lines[li].end).trim();
        // "between" / "and" alone on a line, or ending the preamble's first line ("... is made by and among")
        // ("&" alone on a line joins two block names as "and" does)
        if (!/^(by and between|between|and|&|among|by and among)\s*:?$/i.test(t) && !/\b(by and between|by and among|between|among)\s*:?$/i.test(t)) continue;
        const next = page.lines[li + 1];
        if (!next) continue;
        // the name itself: capitalised words up to a comma clause, a date or an address ("NIKE, Inc., and its parent")
        const toks: string[] = [];
        const lineToks = page.text.slice(next.start, next.end).trim().split(/\s+/);
        for (let k = 0; k < lineToks.length; k++) {
          const tok = lineToks[k];
          if (MONTH_RE.test(tok) || !/^([\p{Lu}0-9&“"'’][\p{L}\p{N}_.&'’,()-]*|of|and|de|du|la|van|der|the|&)$/u.test(tok)) break;
          toks.push(tok);
          // "Xencor, Inc." goes on past its comma, "NIKE, Inc., and its parent" stops at the clause
          if (/,$/.test(tok) && !SUFFIX_RE.test(lineToks[k + 1] ?? '')) { toks[toks.length - 1] = tok.replace(/,$/, ''); break; }
        }
        const name = toks.join(' ').replace(/,?\s+and$/, '').replace(/[,;]\s*$/, '').trim();
        if (name.length < 3 || name.length > 80 || /\d{3,}/.test(name)) continue;
        // a name on a line of its own (or followed by its description), not a wrapped sentence
        const restOfLine = page.text.slice(next.start, next.end).trim().slice(name.length);
        if (restOfLine && !/^\s*[,(]|^\s*(an?|having|with|located|organized|incorporated|hereinafter|whose)\b/i.test(restOfLine)) continue;
        if (add(p, next.start, name, 0.8, 6)) strong++;
      }
    }
    // organisations introduced with a defined term anywhere near the start: "ACME, Inc. (the “Company”)"
    for (const o of organizationCandidates(ctx)) {
      if (o.p !== p || o.start > 3500) continue;
      const after = ctx.pages[p].text.slice(o.end, o.end + 120).replace(/\n/g, ' ');
      let z = -1.6;
      if (/^\s*,?\s*(?:and its [a-z ]{3,40}\s*)?\(\s*(?:together,?\s*|collectively,?\s*)?(?:the\s+|each\s+|a\s+)?[“"”]/i.test(after)
        // "(together with its affiliated entities, the “Company”)"
        || /^\s*,?\s*\(\s*(?:together|collectively|including)\b[^()]{0,160}?\b(?:the|as)\s+[“"”]/i.test(after)) z += 1.9;
      // "Aduro Biotech, Inc., with a place of business at ... (“Aduro”)": the defined term after its address
      else if (/^\s*,?\s*(?:with|having|located|whose|of)\b[^()“”"]{0,160}\(\s*(?:the\s+)?[“"”]/i.test(ctx.pages[p].text.slice(o.end, o.end + 220).replace(/\n/g, ' '))) z += 1.5;
      if (/^\s*,?\s*an?\s+(?:[A-Z][a-z]+\s+){0,3}(corporation|company|limited|partnership|bank)/i.test(after)) z += 1.3;
      // the preamble already named its parties: other defined organisations are advisers, affiliates, ...
      if (m && strong >= 2 && o.start > winEnd) z -= 1.4;
      if (foreign(o.start)) z -= 4;
      // "of American Realty\nCapital Properties, Inc.": the candidate began at the line break; its first words end the line before
      let start = o.start;
      let value = String(o.value);
      const wrap = /(?:^|[^\w&'’.-])((?:[A-Z][\w&'’.-]*[ \t]+){0,3}[A-Z][\w&'’.-]*)[ \t]*\n[ \t]*$/.exec(ctx.pages[p].text.slice(Math.max(0, o.start - 60), o.start));
      // "Legion Partners Asset Management, LLC": the candidate scan stopped at a word that can end a name
      // ("Partners") and began again after it
      const glued = wrap ? null : /(?:^|[^\w&'’.-])((?:[A-Z][\w&'’.-]*[ \t]+){0,2}[A-Z][\w&'’.-]*[ \t]+(?:Partners|Capital|Group|Holdings|Trust|Ventures|Investments?))[ \t]+$/.exec(ctx.pages[p].text.slice(Math.max(0, o.start - 60), o.start));
      const prefix = wrap ?? glued;
      if (prefix && !junkName(prefix[1]) && !ROLE_WORDS.test(prefix[1])) {
        start = o.start - (prefix[0].length - prefix[0].indexOf(prefix[1]));
        value = `${prefix[1]} ${value}`;
      }
      if (z > -1) add(p, start, value, z, 5);
    }
    // "Party A: Didi Chuxing Technology Co., Ltd.", "Licensor: ACME Inc.": a party named on a label line of its own
    const page = ctx.pages[p];
    page.lines.forEach((line, li) => {
      if (line.start > 6000) return;
      let t = page.text.slice(line.start, line.end);
      // ("Provider Name:" on a line of its own: the name is the next line)
      const own = /^\s*(?:Party\s+[A-Z1-9]|(?:the\s+)?(?:Licensor|Licensee|Supplier|Buyer|Seller|Distributor|Customer|Client|Contractor|Consultant|Lessor|Lessee|Franchisor|Franchisee|Purchaser|Vendor|Provider|Manufacturer|Reseller))(?:['’]s)?(?:\s+(?:Legal\s+|Company\s+)?Name)?\s*[:：]/i;
      const next = page.lines[li + 1];
      if (own.test(t) && !t.replace(own, '').trim() && next) {
        line = next;
        t = `${t.trim()} ${page.text.slice(next.start, next.end)}`;
      }
      const lm = /^\s*(?:Party\s+[A-Z1-9]|(?:the\s+)?(?:Licensor|Licensee|Supplier|Buyer|Seller|Distributor|Customer|Client|Contractor|Consultant|Lessor|Lessee|Franchisor|Franchisee|Purchaser|Vendor|Provider|Manufacturer|Reseller))(?:['’]s)?(?:\s+(?:Legal\s+|Company\s+)?Name)?\s*[:：]\s*(\S.*)$/i.exec(t);
      if (!lm) return;
      // ("Beike Internet (Beijing) Security Technology Co., Ltd.": a bracketed place inside the name is left out)
      const name = lm[1].replace(/\s*\([^()]*\)/g, '').replace(/\s*\(.*$/, '').replace(/,\s+(?:an?\s|with\s|having\s|located\s|whose\s|\d).*$/i, '').replace(/[,;.]?\s*$/, (m) => (/\b(?:Inc|Ltd|Co|Corp|L\.P|N\.V|S\.A|B\.V)\.$/i.test(lm[1].replace(/\s*\([^()]*\)/g, '').replace(/\s*\(.*$/, '').trim()) && m.startsWith('.') ? '.' : ''));
      if (name.split(/\s+/).length > 10 || !/^[A-Z0-9]/.test(name)) return;
      add(p, Math.max(line.start, page.text.indexOf(lm[1], line.start)), name, 0.9, 9);
    });
    // "employment with X", "employed by X", "his employment by X", "As an employee of X"
    for (const e of text.slice(0, 3000).matchAll(/\b(?:employment (?:with|by)|employed by|(?:an?|as)\s+employee of|services to|engagement by)\s+((?:[A-Z][\w.&'’-]*)(?:\s+(?:(?!I\s+[a-z])[A-Z][\w.&'’-]*|&|of)){0,5}(?:,?\s+(?:Inc|INC|LLC|Ltd|LTD|Corp|CORP|Corporation|CORPORATION|Company|COMPANY|Limited|LIMITED|Incorporated|INCORPORATED)\.?)?)/g)) {
      // ("employment with USANA I will": the pronoun after the name is not part of it)
      add(p, e.index! + e[0].indexOf(e[1]), e[1], 0.6, 2);
    }
    if (m) break;
  }
  // Individuals signing in their own name at the end (a signature line with no "By:"/"Title:" of its own),
  // when the text speaks of an individual party (first person, "Employee", "an individual").
  const head = ctx.pages.slice(0, 2).map((pg) => pg.text.slice(0, 4000)).join(' ');
  const individual = /\b(an individual|my employment|I agree|I acknowledge|I understand|you agree|your employment|Employee|Executive|Consultant|Director|residing at)\b/.test(head);
  const last = ctx.pages.length - 1;
  // an individual's form is often signed before its exhibits (a list of prior inventions, a policy): when the text
  // speaks of an individual party, signature lines are read on every page, otherwise on the last two
  const first = individual ? 0 : Math.max(0, last - 1);
  // (who signs for an organisation is read on the signature pages: the last two, and an earlier form's own page)
  let tail = ctx.pages.slice(Math.max(0, last - 1)).map((pg) => pg.text).join('\n');
  const signsFor = (name: string) => {
    const esc = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+');
    const hit = new RegExp(`\\bBy\\s*:?\\s*(?:/\\s?s/\\s*)?${esc}\\b`, 'i').exec(tail);
    // "EMPLOYEE: /s/ ... By: Gavin Brandon": the individual party signing for himself
    return !!hit && !/\b(employee|executive|consultant|director|individual|officer|member)\b\W*$/i.test(tail.slice(Math.max(0, hit.index - 60), hit.index).replace(/\/s\/[^\n]*/g, ''));
  };
  // "William F. Weissman, Chief Financial Officer", "Name: Mark Parker / Title: President": signs for an organisation
  const officer = (name: string) => {
    const esc = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+');
    for (const m of tail.matchAll(new RegExp(`(?<![A-Za-z])${esc}(?![A-Za-z])`, 'g'))) if (OFFICER_AFTER_RE.test(tail.slice(m.index! + m[0].length, m.index! + m[0].length + 40))) return true;
    return false;
  };
  // a signer the preamble did not name is a party when the preamble named fewer than two (letters, forms);
  // otherwise it is more often an adviser, a guarantor or an affiliate acknowledging the agreement
  for (const o of signatureOrgs(ctx)) add(o.p, o.start, o.name, strong >= 2 ? -1.0 : 1.0, 7);
  const lastTwo = tail;
  for (let p = first; p <= last; p++) {
    const page = ctx.pages[p];
    tail = p < last - 1 ? `${page.text}\n${lastTwo}` : lastTwo;
    const lines = page.lines.map((l) => page.text.slice(l.start, l.end).trim());
    // the lines printed under a "Witness" caption name witnesses; blocks set side by side print the witness's
    // own "/s/" line elsewhere ("/s/ Mark Sirgo  /s/ Andrew Finn ... Witness / Print Name: Andrew Finn")
    const witnessed = lines.filter((_, i) => /\bwitness(?:es)?\b(?!\s+whereof)/i.test(`${lines[i - 2] ?? ''} ${lines[i - 1] ?? ''}`)).map((x) => x.toLowerCase());
    lines.forEach((t, i) => {
      // (a leading initial is part of the name: "C. Eugene Wright, III")
      const mm = /^(?:\/s\/\s*|(?:Print(?:ed)?\s+)?Name(?:\s+of\s+(?:Employee|Executive|Consultant))?:\s*|(?:EMPLOYEE|EXECUTIVE|CONSULTANT|Employee|Executive|Consultant|Signature(?:\s+of\s+(?:Employee|Executive|Consultant))?)\s*:?\s*(?:\/s\/)?\s*)?((?:[A-Z]\.\s+)?[A-Z][a-zA-Z]+\.?(?:\s+[A-Z]\.)?(?:\s+[A-Z][a-zA-Z'’-]+){1,2}(?:,?\s+(?:Jr|Sr|II|III|JR|SR)\.?)?)$/.exec(t);
      if (!mm) return;
      // ("The Forum" in an address block: a person's name does not open with an article)
      if (/^The\s/i.test(mm[1])) return;
      // side-by-side signature blocks read line by line: "Employee / Company / Signature: /s/ A / Signature: /s/ B";
      // the n-th of a run of signature lines is under the n-th caption, and one under "Company" signs for it
      if (underOrgCaption(lines, i, t.slice(0, t.indexOf(mm[1])))) return;
      // before the last two pages only an individual's form signature counts, one labelled as the employee's
      // signature or printed name (not a name in an exhibit's list, nor the holders of a party signing mid-document)
      const FORM_LABEL = /^(?:Signature|Print(?:ed)?\s+Name|Name\s+of\s+(?:Employee|Executive|Consultant)|\(?(?:Employee|Executive|Consultant)(?:'s|’s)?\s+(?:Signature|Name))\b/i;
      if (p < last - 1 && !FORM_LABEL.test(t) && !FORM_LABEL.test(lines[i + 1] ?? '') && !FORM_LABEL.test(lines[i - 1] ?? '')) return;
      const own = /^(\/s\/|Name:|Print(?:ed)?\s+Name\b|Name of|EMPLOYEE|EXECUTIVE|CONSULTANT|Employee|Executive|Consultant|Signature)/.test(t);
      const prev = lines[i - 1] ?? '';
      const next = lines[i + 1] ?? '';
      // "IN WITNESS WHEREOF, the undersigned has executed ... / By: /s/ William B. West / Name: William B. West":
      // a "By:" with no organisation above it is the individual signing for himself
      const esc = mm[1].replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+');
      const above = lines.slice(0, Math.max(0, i - 1)).reverse().find((x) => x) ?? '';
      const selfBy = new RegExp(`^By\\s*:?\\s*(?:/\\s?s/\\s*)?${esc}$`).test(prev) && (SIG_CLOSING_RE.test(above) || /[.:]$/.test(above) && above.split(/\s+/).length > 8);
      // printed under its own /s/ signature, or introduced by a signature word
      // (the label may be bracketed: "Adrian Adams / (Print Name)")
      const signed = own || /^\/s\//.test(prev) || selfBy || /^\(?(Signature|Print(ed)? Name|Name of (?:Employee|Executive|Consultant))/i.test(next);
      if (!signed) return;
      // ("/s/ R. Kerry Clark / CARDINAL HEALTH, INC. / By: Kerry Clark": a signature over an organisation's name is its officer's)
      if (/^\/s\//.test(t) && /\b(?:Inc|LLC|L\.L\.C|Ltd|Corp|Corporation|Company|Limited|plc|LLP|L\.P)\b\.?/i.test(next)) return;
      // ("/s/ Anthony K. Chan / Anthony K. Chan / Chief Executive Officer": the title may follow the printed name)
      const titled = (x: string) => /^(Title|Its)\s*:|\b(President|Officer|Secretary|Treasurer|Vice|CEO|CFO)\b/.test(x);
      const repeated = next.toLowerCase().includes(mm[1].toLowerCase());
      if ((/\b(By|Title|Its)\s*:/.test(prev) && !selfBy) || titled(next) || (repeated && titled(lines[i + 2] ?? '')) || /^By\s*:/.test(t)) return;
      if (ROLE_WORDS.test(mm[1]) || /\b(Inc|LLC|Ltd|Corp|Company|Corporation|Witness|Agreed|Accepted)\b/i.test(mm[1])) return;
      // someone who signs "By:" for an organisation, or as a witness, is not a party
      if ((signsFor(mm[1]) && !selfBy) || officer(mm[1])) return;
      if (/\bwitness(?:es)?\b(?!\s+whereof)/i.test(`${lines[i - 2] ?? ''} ${prev}`) || witnessed.some((x) => x.includes(mm[1].toLowerCase()))) return;
      const start = page.lines[i].start + page.text.slice(page.lines[i].start, page.lines[i].end).indexOf(mm[1]);
      add(p, start, mm[1].replace(/,(?=\s+(?:Jr|Sr|II|III|JR|SR)\.?$)/, ''), individual ? (strong >= 2 ? -0.3 : 0.3) : -1.2, 3);
    });
  }
  // (an individual's signature alone does not name the organisation the form is with)
  if (!out.some((o) => o.features?.kind !== 3)) {
    const orgs = organizationCandidates(ctx).filter((o) => o.p === 0);
    for (const o of orgs.slice(0, 4)) add(o.p, o.start, String(o.value), -0.2, 4);
  }
  // de-duplicate fuzzy repeats (on the distinctive part of the name: "Eton Pharmaceuticals Inc." and "Aucta
  // Pharmaceuticals Inc." are two parties), keep first mention order
  const core = (n: string) => n.replace(new RegExp(SUFFIX_RE.source, 'gi'), ' ').replace(/[^a-z0-9 ]/g, ' ').replace(/\s+/g, ' ').trim();
  // "Acme Holdings Inc." repeats "Holdings Inc."; "Plan for Employees of Acme Inc." is another thing than "Acme Inc."
  // "Acme Inc. and Beta Corp" is two names, not a longer spelling of "Acme Inc."
  const headOf = (long: string, short: string) => long.startsWith(short + ' ') && !/^(and|or|&)\s+(?!company\b|co\b|sons\b)/.test(long.slice(short.length).trim());
  const tailOf = (long: string, short: string) => long.endsWith(' ' + short) && !/\bof$/.test(long.slice(0, long.length - short.length).trim());
  // the defined alias of a party ("Heritage-Crystal Clean, LLC (“Crystal Clean”)") names that party again
  const aliasOf = new Set<string>();
  // "Virginia National Bank and its affiliates, including ... (together “VNB”) ... employment with VNB": a term the
  // opening pages define for something named before it is an alias wherever it is read outside a preamble slot
  const opening = ctx.pages.slice(0, 2).map((pg) => pg.text).join('\n');
  const definedTerms = new Set<string>();
  for (const d of opening.matchAll(/\(\s*(?:together|collectively|the|each|hereinafter)?[^()“”"]{0,40}?[“"]([^”"]{2,40})[”"]\s*\)/g)) {
    // (not a name defined as itself: "ACME (“ACME”)")
    if (!opening.slice(Math.max(0, d.index! - 80), d.index!).replace(/[\s,]+$/, '').endsWith(d[1])) definedTerms.add(normText(d[1]));
  }
  // "JOHN RANDELL HIGGINS" and "John R. Higgins": one person, the middle name written out or as its initial
  const samePerson = (a: string, b: string) => {
    const wa = a.replace(/[.,]/g, ' ').split(/\s+/).filter(Boolean);
    const wb = b.replace(/[.,]/g, ' ').split(/\s+/).filter(Boolean);
    if (wa.length < 2 || wb.length < 2 || wa.length > 4 || wb.length > 4 || SUFFIX_RE.test(a) || SUFFIX_RE.test(b)) return false;
    if (wa[0] !== wb[0] || wa[wa.length - 1] !== wb[wb.length - 1] || wa[0].length < 2) return false;
    const ma = wa.slice(1, -1);
    const mb = wb.slice(1, -1);
    return ma.length === mb.length && ma.every((x, i) => x[0] === mb[i][0] && (x.length === 1 || mb[i].length === 1 || x === mb[i]));
  };
  // "X & Co. II, L.P." and "X & Co., Inc.", "Fund I" and "Fund II": a number or roman numeral tells two entities apart
  const ordinals = (n: string) => (n.match(/\b(?:[ivx]{1,4}|\d+)\b/g) ?? []).join(' ');
  const overlaps = (a: Scored, b: Scored) => a.spans.some((x) => b.spans.some((y) => x.p === y.p && x.start < y.end && y.start < x.end));
  const kept: Scored[] = [];
  for (const s of out) {
    const k = normText(String(s.value));
    // (a mention by alias is no new evidence for the party: it is dropped, not counted)
    if (aliasOf.has(k)) continue;
    if (kept.length && definedTerms.has(k) && ![1, 6, 9, 10].includes(Number(s.features?.kind)) && !SUFFIX_RE.test(String(s.value))) continue;
    // (one mention read twice: "Citizens Bank" inside "The Citizens Bank of Logan")
    const dup = kept.find((x) => overlaps(x, s) && (normText(String(x.value)).includes(k) || k.includes(normText(String(x.value))))) ?? kept.find((x) => {
      const kx = normText(String(x.value));
      return kx === k || samePerson(kx, k) || (similarity(kx, k) >= 0.85 && similarity(core(kx), core(k)) >= 0.84 && ordinals(kx) === ordinals(k)) || headOf(kx, k) || headOf(k, kx) || tailOf(kx, k) || tailOf(k, kx) || kx.replace(/[^a-z0-9]/g, '') === k.replace(/[^a-z0-9]/g, '');
    });
    if (dup) {
      const kd = normText(String(dup.value));
      // "a transaction involving Intel and Mobileye N.V.": a defined term joined by "and" to a name is two parties,
      // each read on its own, not a longer spelling of the second
      const joined = k.endsWith(' ' + kd) ? /^(.+?)\s+(?:and|&)$/.exec(k.slice(0, k.length - kd.length).trim()) : null;
      if (joined && definedTerms.has(joined[1])) continue;
      // the fuller spelling wins: a legal form the first mention lacked ("Co." -> "Co., Ltd."), words in front
      const fuller = (String(s.value).length > String(dup.value).length && SUFFIX_RE.test(String(s.value)) && !SUFFIX_RE.test(String(dup.value)))
        || (k.startsWith(kd) && new RegExp(`^\\.?(?:\\s*,?\\s+${SUFFIX_RE.source})+$`, 'i').test(k.slice(kd.length)));
      if (fuller || k.endsWith(' ' + kd)) { dup.value = s.value; dup.spans = s.spans; }
      dup.score = Math.min(0.99, Math.max(dup.score, s.score) + 0.05);
      continue;
    }
    kept.push({ ...s });
    const sp = s.spans[0];
    // (the span may end a little short of the written name: "Clean, LLC" is kept as "Clean LLC")
    const alias = sp ? /^[\w.]{0,4}\s*,?\s*(?:an?\s+[^()]{0,80}?)?\(\s*(?:the\s+|together,?\s+|collectively,?\s+)?[“"]([^”"]{2,40})[”"]/.exec(ctx.pages[sp.p].text.slice(sp.end, sp.end + 160).replace(/\n/g, ' ')) : null;
    if (alias && !ROLE_WORDS.test(alias[1].trim()) && normText(alias[1]) !== k) aliasOf.add(normText(alias[1]));
  }
  // "between you and YRCW", "between the Adviser and FASC": a party's short name in capitals ("YRC Worldwide, Inc.
  // (“YRCW”)", "Federated Advisory Services Company") names that party again, not another one
  const capitals = (n: string) => (n === n.toUpperCase() ? n.split(/[\s-]+/).map((w) => w[0] ?? '').join('') : n.replace(/[^A-Z]/g, ''));
  const acronymOf = (short: string, long: string) => {
    const caps = capitals(long);
    let i = 0;
    for (const ch of caps) if (ch === short[i]) i++;
    return caps[0] === short[0] && i === short.length;
  };
  return kept.filter((x) => {
    const v = String(x.value);
    return !/^[A-Z][A-Z&]{1,7}$/.test(v) || !kept.some((y) => y !== x && String(y.value).length > v.length + 3 && acronymOf(v, String(y.value)));
  }).slice(0, 10);
}
