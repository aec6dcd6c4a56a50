/** What reads as a party's name in contract prose, and how a name is tidied and styled. */
import { similarity } from '../../normalize/text.js';
import { US_STATES } from '../../extract/candidates.js';
import { legalFormsPattern } from '../../knowledge/legal-forms/index.js';

export const ROLE_WORDS = /^(the )?(company|agreement|party|parties|parties hereto|recipient|discloser|disclosing party|receiving party|employee|employer|executive|consultant|contractor|licensor|licensee|distributor|reseller|manufacturer|franchisor|franchisee|lessor|lessee|landlord|tenant|guarantor|supplier|customer|vendor|buyer|seller|purchaser|client|provider|member|holder|lender|borrower|investor|each|both|all|such|said|certain|its|this|these|those|whereas|state|commonwealth|section|article|exhibit|schedule|effective date|confidential information|between|among|by|and|or|inc|llc|ltd|corporation|limited|witnesseth|now therefore|i|ii|iii|iv|v|with|from|dated)$/i;

// (a first word may open in lower case when capitals follow within it: "resTORbio, Inc.", "nStor Corporation", "eBay Inc.")
// (or a web address in lower case: "ebix.com, Inc."; a first word may join two with a slash: "SRI/Surgical Express, Inc.")
// (or digits with a sign or a capital, before capitalised words: "99¢ Only Stores", "3D Systems Corporation")
export const NAME_RE = /(?:^|\bbetween\b|\bamong\b|\band\b|\bby\b|\bin\s+favou?r\s+of\b|[,;:]|\n)\s*(?:the\s+)?[“"]?((?:[A-Z][A-Za-z0-9.&'’\-]*(?:\/ ?[A-Z][A-Za-z0-9.&'’\-]*)?|\d{1,3}(?:¢|[A-Z]\b)(?=[ \t]+[A-Z])|[a-z]{1,4}[A-Z][A-Za-z0-9.&'’\-]*|[a-z][a-z0-9-]{1,30}\.(?:com|net|org)\b)(?:[ \t]+(?:[A-Z0-9][A-Za-z0-9.&'’\-]*|&|[-–](?=[ \t]+[A-Z][\w.&'’-]*[ \t]+[A-Z])|of|de|la|du|van|der|and(?=[ \t]+[A-Z][A-Za-z]*[ \t]+(?:Inc|LLC|Ltd|Co|Company|Corporation)))){0,7}(?:,?[ \t]+(?:Inc|INC|LLC|L\.L\.C|Ltd|LTD|L\.P|LP|LLP|Corp|CORP|Co|CO|N\.V|S\.A|S\.A\.S|GmbH|AG|B\.V|plc|PLC|Limited|LIMITED|Corporation|CORPORATION|Incorporated|INCORPORATED|Pty|Pte|Jr|JR|Sr|SR)\.?){0,2})(?=[”"]?\s*[,(“"]|\s+an?\s|(?<=\b(?:Inc|INC|Ltd|LTD|Corp|CORP|Co|N\.V|S\.A|B\.V|L\.P|LLC|LLP|plc|PLC|Limited|Corporation|Incorporated)\.?)\s+[a-z]|\s+\(|\s+located|\s+with|\s+having|\s+whose|\s+hereinafter|\s+and\b|\s+(?:dated|effective|made|entered|agree)\b|\s*$)/g;

export const PERSON_OR_ORG = (s: string) => {
  const words = s.split(/\s+/);
  if (words.length > 9) return false;
  if (ROLE_WORDS.test(s.replace(/[.,;:]+$/, ''))) return false;
  if (/\b(employment|agreement|confidential|information|collectively|president|executive officer|counsel|director|officer)\b/i.test(s)) return false;
  if (/^(Suite|Floor|Room|P\.?O\.? Box)\b/i.test(s) || /\b\d{4,}\b/.test(s)) return false;
  if (US_STATES.includes(s)) return false;
  if (/^(This|That|These|Agreement|Section|Article|Each|Any|All|WHEREAS|NOW|IN WITNESS|Page|Date|Dated|Effective|Confidential|Mutual|Non|Exhibit)\b/i.test(s)) return false;
  if (/\b(agreement|hereto|hereinafter|corporation organized|laws)\b/i.test(s) && !/\b(Inc|LLC|Ltd|Corp|Company)\b/.test(s)) return false;
  if (words.length === 1 && !/^[A-Z]{2,}[A-Za-z]*$/.test(s) && !/\b(Inc|LLC|Ltd)\b/.test(s)) return false;
  return /[A-Za-z]{2}/.test(s);
};

/** Words of forms, roles and contract vocabulary: a "name" made only of these is not a party ("Employee Signature", "Plan of Merger"). */
export const GENERIC_NAME_WORDS = new Set(('signature signatures sign signed print printed type typed name names employee employees employer executive additional sheet sheets attached trade '
  + 'secret secrets first second third party parties plan plans merger incentive compensation company companies corporation corp inc incorporated llc ltd limited '
  + 'board directors director affiliated affiliate affiliates disclosing receiving recipient exhibit schedule agreement agreements date dated title witness page notice address '
  + 'general release export control regulation regulations waiver covenant covenants not to sue debt of and the for a an stock option options equity insurance benefit benefits '
  + 'confidential confidentiality information evaluation material materials proprietary non disclosure acquisition transaction transactions stockholder stockholders shareholder '
  + 'shareholders group master franchisee franchisees franchisor lessor lessee larger holder purchaser seller buyer licensor licensee distributor consultant contractor services service products product business settlement mutual '
  + 'amendment addendum appendix annex article section terms conditions definitions recitals preamble whereas hereto thereto undersigned authorized representative officer '
  + 'president vice secretary treasurer chairman chief counsel manager member members partner trustee trust fund by its on behalf x xx xxx xxxx').split(' '));
export const STATE_WORDS = new Set(US_STATES.flatMap((s) => s.toLowerCase().split(' ')));

/** Not a party name: generic words only, a sentence fragment, an address part, a committee of a company. */
export function junkName(s: string): boolean {
  const words = s.replace(/[.,;:()’'"“”]/g, ' ').split(/\s+/).filter(Boolean);
  if (words.every((w) => GENERIC_NAME_WORDS.has(w.toLowerCase()) || STATE_WORDS.has(w.toLowerCase()) || /^[A-Za-z]$/.test(w))) return true;
  // ("resTORbio", "eBay": a brand in lower case with capitals inside is a name, a lower-case word is not)
  if (/^[a-z](?![a-z]{0,3}[A-Z]|[a-z0-9-]{1,30}\.(?:com|net|org)\b)/.test(s)) return true;
  // "D. Contingent and effective upon ...": a list letter and a word, not a person's initial and surname
  if (/^[A-Z]\.\s+[A-Z][a-z]+$/.test(s.trim())) return true;
  // "Company. As", "USANA. This", "AEIS. Period T": a sentence ends inside
  if (/\b(?!(?:Inc|INC|Co|CO|Corp|CORP|Ltd|LTD|Mr|Ms|Mrs|Dr|Jr|Sr|St|No|Bros|Intl|Assn)\.)[A-Za-z]{2,}\.\s+[A-Z]/.test(s)) return true;
  if (/\b(board of directors|exhibit|section|article|ladies|gentlemen|dear)\b/i.test(s)) return true;
  // "LDC Parent Affiliates", "Louis Dreyfus Commodities Affiliates": a group of a party's affiliates, not a party
  if (/\b(affiliates|subsidiaries|representatives|affiliated\s+(?:companies|entities))\.?$/i.test(s.trim())) return true;
  // "Insurance Plan for Certain Employees of X", "Directors of X": a plan or a body of a company, not the company
  if (/\b(plan|program|policy)\s+(?:for|of)\b|^(?:the\s+)?(?:directors|officers|shareholders|stockholders|members)\s+of\b/i.test(s)) return true;
  // "THE COMPANY & XEROX": a role and a name, not one name
  const lead = /^(?:the\s+)?([A-Za-z]+)\s+(?:&|and)\s/i.exec(s);
  if (lead && ROLE_WORDS.test(lead[1])) return true;
  // address parts: districts, towns, boxes, postcodes ("ON N2L OA1", "PO9 1SA")
  if (!SUFFIX_RE.test(s) && (/\b(district|town|village|zone|avenue|street|road|plaza|tower|box|city|county|province|floor|suite)\b/i.test(s) || /\b(?=[A-Z0-9]*\d)(?=[A-Z0-9]*[A-Z])[A-Z0-9]{2,4}\b/.test(s))) return true;
  return false;
}

export const MONTH_RE = /^(January|February|March|April|May|June|July|August|September|October|November|December)$/;
/** A legal form or an institution word ending a party's name (knowledge/legal-forms), in any case. */
export const SUFFIX_RE = new RegExp(`\\b${legalFormsPattern({ words: ['institution'] })}\\b\\.?`, 'i');
export const SUFFIX_START_RE = new RegExp(`^${SUFFIX_RE.source}`, 'i');
export const PLACE_RE = new RegExp(`^(?:${[...US_STATES, 'USA', 'U\\.S\\.A', 'United States', 'United States of America', 'U\\.S', 'Canada', 'China', 'PRC', 'Germany', 'England', 'United Kingdom', 'Switzerland', 'Netherlands', 'The Netherlands', 'Japan', 'India', 'Israel', 'Hong Kong', 'Singapore', 'France', 'Brazil', 'Mexico', 'Australia', 'Ireland', 'British Columbia', 'Ontario', 'Quebec'].join('|')})\\.?$`, 'i');
/** What follows a place name in an address ("Redwood City, California 94063"). */
export const AFTER_PLACE_RE = new RegExp(`^\\s*,?\\s*(?:${[...US_STATES, 'USA', 'U\\.S\\.A', 'CA', 'NY', 'TX', 'NJ', 'MA', 'PRC', 'China', 'Canada', 'Germany', 'Switzerland', 'Netherlands', 'The Netherlands', 'Japan', 'India', 'Israel', 'Brazil', 'Mexico', 'England', 'United Kingdom'].join('|')})\\b|^\\s*,?\\s*\\d{4,6}\\b`);

/** "NIKE, Inc." -> "NIKE Inc.", "ACME, INC." -> "ACME INC." (the comma before a legal suffix is not part of the name as usually labelled). */
export function tidyName(s: string): string {
  return s.replace(/\s+/g, ' ')
    // "GINARES GROUP AG\nJanuary 5, 2015": the date under a name in a title block is not part of it
    .replace(/\s+(?:January|February|March|April|May|June|July|August|September|October|November|December)(?:\s+\d{1,2}(?:,?\s+\d{4})?|,?\s+\d{4})$/, '')
    // "Interclick, Inc. Inc.": a legal form typed twice
    .replace(/\b(Inc|LLC|Ltd|Corp|Co|L\.P|LP|Limited|Corporation)(\.?)(?:,?\s+\1\.?)+$/i, '$1$2').replace(/,\s+(?=(Inc|LLC|Ltd|L\.P|LP|Corp|Co|N\.V|S\.A|GmbH|AG|B\.V|plc|Limited|Incorporated)\b)/gi, ' ').replace(/[,;:]+$/, '').trim();
}

/**
 * House style of the caller's example name: when the field's description shows an abbreviated legal
 * suffix (e.g. 'Nike Inc.'), long suffixes are abbreviated the same way ("Incorporated" -> "Inc.").
 */
export function suffixStyle(description: string | undefined): 'abbreviated' | 'as-written' {
  return /\b(Inc|Ltd|Corp|Co)\.(?=['"’”\s,)])/.test(description ?? '') ? 'abbreviated' : 'as-written';
}

export function applyStyle(name: string, style: 'abbreviated' | 'as-written'): string {
  if (style !== 'abbreviated') return name;
  return name
    .replace(/\bIncorporated\b\.?/gi, (m) => (m[0] === 'I' && m[1] === 'N' ? 'INC.' : 'Inc.'))
    .replace(/\bL\.P\.?$/, 'LP')
    .replace(/\bL\.L\.C\.?$/, 'LLC');
}
