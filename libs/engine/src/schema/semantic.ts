/**
 * Generic field semantics from a field's name, title, description, type and format. Drives candidate
 * generation (which value kinds to look for) and normalisation. Never keyed on particular documents.
 */

import { DESCRIPTION_STOP_WORDS, OPAQUE_FIELD_WORDS, SEMANTIC_FIELD_WORDS, fieldWordsTest, type SemanticFieldWords } from '../knowledge/field-words/index.js';

export type Semantic =
  | 'date' | 'datetime' | 'amount' | 'percent' | 'number' | 'integer' | 'boolean'
  | 'currency' | 'currency_symbol' | 'duration' | 'party' | 'organization' | 'person'
  | 'jurisdiction' | 'address' | 'street' | 'city' | 'postal_code' | 'state_code' | 'country_code'
  | 'email' | 'url' | 'phone' | 'iban' | 'bic' | 'vat' | 'identifier' | 'title' | 'enum' | 'text';

export interface SemanticInput {
  name: string;
  title?: string;
  description?: string;
  types?: string[];
  format?: string;
  enum?: unknown[];
  isArray?: boolean;
}

/** Split snake/camel case names into lower-case words. */
export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
}

/** Key words that say nothing about a field's meaning ("field_1", "col_b", "q3", "prop 7"; knowledge/field-words). */
const OPAQUE: ReadonlySet<string> = new Set(OPAQUE_FIELD_WORDS);

/** A key, or title, made only of placeholder words, numbers and single letters (no meaning to read). */
export function isOpaque(words: string[]): boolean {
  return words.every((w) => OPAQUE.has(w) || /^[a-z]{0,3}\d+[a-z]?$/.test(w) || w.length === 1);
}

const STOP: ReadonlySet<string> = new Set(DESCRIPTION_STOP_WORDS);

/**
 * What a description says the field is, in a few words: its first sentence (examples cut off), content words
 * only, at most six. "Full postal address of the merchant as printed" -> "full postal address merchant".
 */
export function descriptionWords(description: string): string[] {
  const first = description.split(/\(?\b(?:e\.\s?g|i\.\s?e|for example|such as)\b|[.;:](?:\s|$)/i)[0] ?? '';
  // "of" stays: it holds phrases together ("chamber of commerce", "date of issue")
  const seen = new Set<string>();
  return nameWords(first).filter((w) => w.length > 1 && !STOP.has(w) && (w === 'of' || !seen.has(w)) && seen.add(w)).slice(0, 7);
}

/**
 * Ways other callers name a field, rewritten to the words the engine's label and role rules are written for
 * (by meaning, not by dataset: "transaction date", "date of issue" -> "invoice date"; "pay by date" ->
 * "due date"; "applicable law" -> "governing law"; "contains X" -> "has X"). Checked on whole phrases.
 */
const CANONICAL: [RegExp, string][] = [
  // documents' own date
  [/^(transaction|document|receipt|bill|billing|purchase|sale|sales|order) date$|^date (of )?(issue|issuance|invoice|transaction|purchase)$|^(issued|issuance) (on|date)$|^(billed|invoiced|dated) on$|^dated$/, 'invoice date'],
  [/^(pay by|payment due|payable by|due by|payment) date$|^date due$|^(payment )?due (on|by)$|^(pay|payable) (by|before)$|^payment deadline$/, 'due date'],
  // sums
  [/^(grand total|amount total|invoice total|total gross|gross total|total (incl|including) (tax|vat)|total sum|sum total|total payable amount)$/, 'total amount'],
  [/^(net|net total|total net|amount net|net amount|untaxed amount|pre tax (total|amount))$|^(total |net )?(amount |sum )?(excl|excluding|before|without|net of) (tax|taxes|vat|gst)$/, 'subtotal amount'],
  [/^(tax|vat|gst|sales tax) (sum|total)$|^total (tax|vat|gst)$|^(tax|vat) (charged|paid)$|^sales tax$/, 'tax amount'],
  [/^(balance|balance due|amount payable|outstanding amount|amount outstanding|amount to pay|open amount|remaining balance)$/, 'amount due'],
  [/^(tax|vat|gst) (rate|percentage|pct|percent)( percent)?$/, 'vat rate percent'],
  // identifiers and payment
  [/^(invoice|bill) (no|nr|num|number|id|ref|reference)$/, 'invoice number'],
  // "PO" is how purchase orders are abbreviated in field names everywhere ("po_number", "po_no", "PONumber")
  [/^(po|p o) (no|nr|num|number|id|ref|reference)?$|^po$/, 'purchase order number'],
  [/^(remittance|payment) (ref|reference|info|information|communication)$|^remittance reference$/, 'payment reference'],
  [/^(terms of payment|payment conditions|payment condition)$/, 'payment terms'],
  [/^(customer|client|account|buyer) (no|nr|num|number|id|code)$/, 'customer id'],
  [/^(web address|homepage|home page|url|web site|site)$/, 'website'],
  [/^(telephone|tel|phone)( (number|no|nr))?$/, 'phone'],
  [/^currency (code|iso|iso code)$|^iso currency( code)?$|^ccy$/, 'currency'],
  // who issued the document and whom it is addressed to, named by the action
  [/^(billed|issued|invoiced|sold|supplied) by$|^from company$/, 'vendor name'],
  [/^(billed|sold|invoiced|shipped) to$|^bill to$/, 'customer name'],
  // contracts
  [/^(applicable|governing|choice of|controlling) law$|^law$|^governed by$/, 'governing law'],
  [/^(contracting|contract|agreement) part(y|ies)$|^(signatories|signatory|counterparties|counterparty|between)$|^part(y|ies) names?$|^names of (the )?parties$/, 'parties'],
  [/^(contract|agreement|nda) (term|duration|length)$|^(duration|length)( of (the )?(term|agreement|contract))?$/, 'term'],
  [/^(extension|auto renewal|automatic renewal|renewal) (term|period)$/, 'renewal term'],
  [/^(non renewal|renewal) notice( period)?$|^notice (period )?to (prevent|terminate|avoid) renewal$/, 'notice period to terminate renewal'],
  [/^(commencement|start|effective from|effectiveness) (date)?$|^effective from$/, 'effective date'],
  [/^(execution|contract|signing|signature) date$|^date of (the )?(agreement|contract|execution|signing)$/, 'agreement date'],
  [/^(expiry|end|expiration|termination|expires on) (date)?$|^expiry$|^expires on$/, 'expiration date'],
  [/^(contract|agreement|document) (title|heading)$/, 'document name'],
  [/^(bill to|billed to|buyer|client|purchaser) name$/, 'customer name'],
  [/^(bill to|billed to|buyer|client|purchaser) address$/, 'customer address'],
];

/** More words than any phrase CANONICAL matches (the longest, "total amount net of tax", has five). */
const CANONICAL_MAX_WORDS = 8;

/** A name's words rewritten to the canonical phrase of its meaning (unchanged when no synonym applies). */
export function canonicalWords(words: string[]): string[] {
  let phrase = words.join(' ');
  // clause flags: "contains_x", "includes_x", "is_there_x", "x_present" -> "has_x"
  phrase = phrase.replace(/^(contains|includes|contain|include|is there( an?)?|there is( an?)?|with)\s+/, 'has ').replace(/^(.+) (present|exists|included)$/, 'has $1');
  const ws = phrase.split(' ').filter(Boolean);
  // the whole phrase, else its longest leading phrase of two words or more ("transaction date receipt" ->
  // "invoice date receipt"); single words alone are too ambiguous ("net weight" is no net amount). No canonical
  // phrase is longer than CANONICAL_MAX_WORDS, so longer heads are not tried (a name of 100,000 words would
  // otherwise cost 100,000 joins and tests of up to 100,000 words each).
  for (let k = Math.min(ws.length, CANONICAL_MAX_WORDS); k >= (ws.length === 1 ? 1 : 2); k--) {
    const head = ws.slice(0, k).join(' ');
    for (const [re, to] of CANONICAL) if (re.test(head)) return [...to.split(' '), ...ws.slice(k)];
  }
  return ws;
}

/**
 * The field's name as the engine reads it: its key's words, or (for an opaque key such as "field_3") its
 * title's, or its description's leading words; synonyms rewritten to canonical phrases. Label phrases,
 * role cues and semantics are derived from this, so "pay_by_date" and "fieldN titled 'Due date'" read as
 * "due_date" does.
 */
export function readingOf(f: Pick<SemanticInput, 'name' | 'title' | 'description'>): string {
  let words = nameWords(f.name);
  if (isOpaque(words)) {
    const t = nameWords(f.title ?? '');
    words = t.length && !isOpaque(t) ? t : descriptionWords(f.description ?? '');
  }
  if (!words.length) return f.name;
  return canonicalWords(words).join('_');
}

/** The words of a compiled leaf's reading (its name's words when it has none). */
export function fieldWords(leaf: { name: string; reading?: string }): string[] {
  return nameWords(leaf.reading ?? leaf.name);
}

/** Whether an enum lists ISO currency codes; once per enum array, however many leaves share it. */
const currencyCodeEnums = new WeakMap<unknown[], boolean>();

function hasCurrencyCode(members: unknown[]): boolean {
  let found = currencyCodeEnums.get(members);
  if (found === undefined) currencyCodeEnums.set(members, (found = members.some((v) => typeof v === 'string' && /^[A-Z]{3}$/.test(v))));
  return found;
}

/** The field-word tests of the semantics (knowledge/field-words), built once. */
const SEMANTIC_TESTS = Object.fromEntries(Object.entries(SEMANTIC_FIELD_WORDS).map(([k, fits]) => [k, fieldWordsTest(fits)])) as Record<SemanticFieldWords, (s: string) => boolean>;

export function inferSemantic(f: SemanticInput): Semantic {
  const types = f.types ?? ['string'];
  const words = nameWords(readingOf(f));
  const name = words.join(' ');
  const title = (f.title ?? '').toLowerCase();
  const desc = (f.description ?? '').toLowerCase();
  const head = `${name} ${title}`;
  const all = `${head} ${desc}`;
  const has = (k: SemanticFieldWords, s = head) => SEMANTIC_TESTS[k](s);

  if (types.includes('boolean')) return 'boolean';
  if (f.format === 'date') return 'date';
  if (f.format === 'date-time') return 'datetime';
  if (f.format === 'email') return 'email';
  if (f.format === 'uri' || f.format === 'url' || f.format === 'iri') return 'url';

  if (f.enum && f.enum.some((e) => e !== null)) {
    if (has('currencyEnum', all) && hasCurrencyCode(f.enum)) return 'currency';
    return 'enum';
  }

  const numeric = types.includes('number') || types.includes('integer');
  if (numeric) {
    if (has('percent') || has('percentDescription', desc)) return 'percent';
    if (has('amount')) return 'amount';
    if (has('amountDescription', desc)) return 'amount';
    return types.includes('integer') ? 'integer' : 'number';
  }

  if (has('date') || has('dateDescription', desc)) {
    if (has('datetime')) return 'datetime';
    return 'date';
  }
  if (has('period')) return 'date';
  if (has('currencySymbol')) return 'currency_symbol';
  if (has('currency')) return 'currency';
  if (has('email')) return 'email';
  if (has('url')) return 'url';
  if (has('phone')) return 'phone';
  if (has('iban')) return 'iban';
  if (has('bic')) return 'bic';
  if (has('vat')) return 'vat';
  if (has('jurisdiction')) return 'jurisdiction';
  if (has('duration')) return 'duration';
  if (has('party')) return 'party';
  // a "postal address" is an address, not its postcode
  if (has('postalCode') || has('postal')) return 'postal_code';
  if (has('countryCode')) return 'country_code';
  if (has('stateCode')) return 'state_code';
  if (has('city')) return 'city';
  if (has('street')) return 'street';
  if (has('address')) return 'address';
  if (has('identifier')) return 'identifier';
  if (has('organization')) {
    if (has('personAtOrganization')) return 'person';
    return 'organization';
  }
  if (has('person')) return 'person';
  if (has('title') || (name === 'document name')) return 'title';
  if (has('name') && has('titleDescription', desc)) return 'title';
  if (has('name')) return has('organizationDescription', desc) ? 'organization' : 'text';
  return 'text';
}
