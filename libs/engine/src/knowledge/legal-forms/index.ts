/**
 * Company legal forms and the words that end organisation names, as printed, by the countries that use them.
 * Every rule that asks "does this read as a company name?" builds its pattern here (legalFormsPattern), so one
 * list serves the candidate scan, the issuer reader, the party reader and the address reader.
 */

export interface LegalForm {
  /**
   * How the form is written, each spelling as printed (inner dots included, a final dot left to the matcher);
   * spellings in capitals where names are customarily set in capitals (Malaysian business names).
   */
  variants: readonly string[];
  /** ISO 3166 codes of the countries that use it ('*' for forms used across the English-speaking world). */
  countries: readonly string[];
  /**
   * A form that is also a common word or code ("AS" / "as", "Ky" / Kentucky's "KY", "ANS" / French "ans"): read
   * only as written (whatever the caller's case flag, no capitals spelling) and only where it ends a name: before
   * the end of the line, a comma, a semicolon or a bracket.
   */
  endsNameOnly?: boolean;
}

export const LEGAL_FORMS: readonly LegalForm[] = [
  // English-speaking world
  { variants: ['Inc', 'Incorporated'], countries: ['*'] },
  { variants: ['Corp', 'Corporation'], countries: ['*'] },
  { variants: ['Co', 'Company'], countries: ['*'] },
  { variants: ['LLC', 'L.L.C'], countries: ['US'] },
  { variants: ['Ltd', 'Limited'], countries: ['*'] },
  { variants: ['LLP'], countries: ['US', 'GB', 'IN'] },
  { variants: ['LP', 'L.P'], countries: ['US', 'GB'] },
  { variants: ['PLC', 'plc'], countries: ['GB', 'IE'] },
  { variants: ['DAC', 'CLG', 'ULC'], countries: ['IE'] },
  { variants: ['UC'], countries: ['IE'], endsNameOnly: true },
  { variants: ['Pty'], countries: ['AU', 'ZA'] },
  { variants: ['Pte'], countries: ['SG'] },
  { variants: ['Sdn Bhd', 'Sdn. Bhd', 'SDN BHD', 'SDN. BHD', 'Bhd', 'BHD', 'Berhad', 'BERHAD', 'S/B'], countries: ['MY'] },
  // German-speaking countries
  { variants: ['GmbH', 'mbH'], countries: ['DE', 'AT', 'CH'] },
  { variants: ['AG', 'Aktiengesellschaft', 'AKTIENGESELLSCHAFT'], countries: ['DE', 'AT', 'CH'] },
  { variants: ['KG', 'KGaA', 'OHG', 'GbR'], countries: ['DE', 'AT'] },
  { variants: ['UG'], countries: ['DE'] },
  { variants: ['e.K', 'e.Kfm', 'e.Kfr'], countries: ['DE'] },
  { variants: ['e.U'], countries: ['AT'] },
  { variants: ['eG', 'e.G', 'e.V', 'PartG', 'PartG mbB', 'mbB'], countries: ['DE'] },
  // Benelux
  { variants: ['N.V', 'NV'], countries: ['NL', 'BE'] },
  { variants: ['B.V', 'BV'], countries: ['NL', 'BE'] },
  { variants: ['BVBA', 'VOF'], countries: ['BE', 'NL'] },
  { variants: ['vzw', 'VZW', 'asbl', 'ASBL', 'CVBA', 'SCRL', 'CommV'], countries: ['BE'] },
  // French-, Spanish-, Italian- and Portuguese-speaking countries
  { variants: ['S.A', 'SA'], countries: ['FR', 'BE', 'CH', 'LU', 'ES', 'PT', 'BR', 'RO'] },
  { variants: ['SAS', 'SASU', 'SARL', 'Sarl', 'EURL', 'SNC', 'SCI', 'SCOP', 'SELARL', 'GIE'], countries: ['FR', 'BE', 'LU'] },
  { variants: ['Sàrl', 'SàRL'], countries: ['CH', 'LU'] },
  { variants: ['S.L', 'S.L.U', 'S.A.U', 'SL', 'SLU', 'S.L.L', 'S.Coop'], countries: ['ES'] },
  { variants: ['S.A. de C.V', 'S.A.B. de C.V', 'S.A.P.I. de C.V', 'S. de R.L. de C.V', 'S. de R.L'], countries: ['MX'] },
  { variants: ['S.p.A', 'S.r.l', 'S.r.l.s', 'S.n.c', 'S.a.s', 'Srl', 'SpA', 'Soc. Coop', 'S.c.a.r.l', 'S.c.r.l'], countries: ['IT'] },
  { variants: ['Lda', 'Ltda', 'EIRELI', 'Unipessoal Lda'], countries: ['PT', 'BR'] },
  // Nordic and central European countries
  { variants: ['Oy', 'Oyj', 'Tmi'], countries: ['FI'] },
  { variants: ['Ay', 'Ky'], countries: ['FI'], endsNameOnly: true },
  { variants: ['AB', 'HB', 'KB'], countries: ['SE'] },
  { variants: ['A/S', 'ApS'], countries: ['DK', 'NO'] },
  { variants: ['I/S', 'K/S', 'P/S', 'IVS', 'A.m.b.A'], countries: ['DK'] },
  { variants: ['ASA', 'ENK', 'NUF'], countries: ['NO'] },
  { variants: ['AS', 'ANS'], countries: ['NO'], endsNameOnly: true },
  { variants: ['Kft', 'Zrt', 'Nyrt', 'Bt', 'Kkt'], countries: ['HU'] },
  { variants: ['S.R.L', 'SRL', 'PFA', 'P.F.A'], countries: ['RO'] },
  // "A.Ş." ends in a letter a word boundary does not see: read as its plain spelling "A.S." (capitals of Czech "a.s.")
  { variants: ['Ltd. Şti', 'Ltd Şti', 'Ltd. Sti', 'Ltd Sti'], countries: ['TR'] },
  { variants: ['sp. z o.o', 'Sp. z o.o', 'S.A', 'sp.k', 'Sp.k', 'sp.j', 'Sp.j', 'S.K.A'], countries: ['PL'] },
  { variants: ['s.r.o', 'spol. s r.o', 'a.s', 'v.o.s', 'k.s'], countries: ['CZ', 'SK'] },
];

/**
 * Words that end organisation names without being a legal form: 'business' words name a trade ("Lim Trading",
 * "Ace Enterprise"), 'institution' words a body or a group of companies ("First Bank", "Acme Holdings").
 */
export const ORGANIZATION_WORDS = {
  business: ['Enterprise', 'ENTERPRISE', 'Enterprises', 'Trading', 'TRADING'],
  institution: ['Holdings', 'Group', 'Partners', 'Trust', 'Bank'],
} as const;

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

export interface LegalFormsPatternOptions {
  /** Organisation words to accept as well. */
  words?: readonly (keyof typeof ORGANIZATION_WORDS)[];
  /** Also each spelling in capitals ("GMBH", "LIMITED"): names are often printed in capitals. */
  capitals?: boolean;
}

const patterns = new Map<string, string>();

/**
 * A regular expression source that matches one legal form (or organisation word) as printed, as a group-free
 * alternation, longest spelling first; the caller adds boundaries and an optional final dot.
 */
/**
 * An abbreviation of three or four capitals is printed with dots as often as without ("VOF" / "V.O.F.", "PLC" /
 * "P.L.C."): its dotted spelling. Two capitals are left alone: dotted, they read as a person's initials ("A.B.").
 */
function dotted(v: string): string | undefined {
  return /^[A-Z]{3,4}$/.test(v) ? v.split('').join('.') : undefined;
}

export function legalFormsPattern(opts: LegalFormsPatternOptions = {}): string {
  const key = `${(opts.words ?? []).join(',')}|${opts.capitals ? 1 : 0}`;
  let src = patterns.get(key);
  if (src) return src;
  const spellings = new Set<string>();
  const endsName = new Set<string>();
  const add = (s: string) => { spellings.add(s); if (opts.capitals) spellings.add(s.toUpperCase()); };
  for (const f of LEGAL_FORMS) {
    if (f.endsNameOnly) f.variants.forEach((v) => { spellings.add(v); endsName.add(v); });
    else f.variants.forEach((v) => { add(v); const d = dotted(v); if (d) add(d); });
  }
  for (const k of opts.words ?? []) ORGANIZATION_WORDS[k].forEach(add);
  const source = (s: string) => {
    const e = escapeRe(s).replace(/ /g, '\\s?');
    // as written whatever the caller's flags, and only before the end of the line, a comma, a semicolon or a bracket
    return endsName.has(s) ? `(?-i:${e})(?=\\.?[^\\S\\n]*(?:$|[\\n,;()]))` : e;
  };
  src = `(?:${[...spellings].sort((a, b) => b.length - a.length || a.localeCompare(b)).map(source).join('|')})`;
  patterns.set(key, src);
  return src;
}

/** One legal form as printed, in capitals too ("GmbH", "S.A.", "LTD"), with an optional final dot. */
export const LEGAL_FORM_RE = new RegExp(`\\b${legalFormsPattern({ capitals: true })}\\b\\.?`);
