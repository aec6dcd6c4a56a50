/**
 * Generic field semantics from a field's name, title, description, type and format. Drives candidate
 * generation (which value kinds to look for) and normalisation. Never keyed on particular documents.
 */

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

export function inferSemantic(f: SemanticInput): Semantic {
  const types = f.types ?? ['string'];
  const words = nameWords(f.name);
  const name = words.join(' ');
  const title = (f.title ?? '').toLowerCase();
  const desc = (f.description ?? '').toLowerCase();
  const head = `${name} ${title}`;
  const all = `${head} ${desc}`;
  const has = (re: RegExp, s = head) => re.test(s);

  if (types.includes('boolean')) return 'boolean';
  if (f.format === 'date') return 'date';
  if (f.format === 'date-time') return 'datetime';
  if (f.format === 'email') return 'email';
  if (f.format === 'uri' || f.format === 'url' || f.format === 'iri') return 'url';

  if (f.enum && f.enum.filter((e) => e !== null).length) {
    const vals = f.enum.filter((e) => typeof e === 'string') as string[];
    if (vals.some((v) => /^[A-Z]{3}$/.test(v)) && has(/currenc/, all)) return 'currency';
    return 'enum';
  }

  const numeric = types.includes('number') || types.includes('integer');
  if (numeric) {
    if (has(/\b(percent|percentage|rate|pct)\b/) || has(/\bin percent\b/, desc)) return 'percent';
    if (has(/\b(amount|total|subtotal|sum|price|cost|fee|fees|tax|vat|gst|balance|due|net|gross|paid|charge|charges|payment|value|discount|tip|deposit)\b/)) return 'amount';
    if (has(/\b(amount|currency symbol|price|total)\b/, desc)) return 'amount';
    return types.includes('integer') ? 'integer' : 'number';
  }

  if (has(/\b(date|dated|day)\b/) || has(/\b(iso 8601|yyyy-mm-dd)\b/, desc)) {
    if (has(/date-?time|timestamp/)) return 'datetime';
    return 'date';
  }
  if (has(/\b(period start|period end)\b/)) return 'date';
  if (has(/currency symbol/) || (has(/\bcurrency\b/) && has(/\bsymbol\b/))) return 'currency_symbol';
  if (has(/\bcurrenc(y|ies)\b/)) return 'currency';
  if (has(/\b(email|e mail|mail)\b/)) return 'email';
  if (has(/\b(website|url|web|homepage|site|uri)\b/)) return 'url';
  if (has(/\b(phone|telephone|tel|fax|mobile)\b/)) return 'phone';
  if (has(/\biban\b/)) return 'iban';
  if (has(/\b(bic|swift)\b/)) return 'bic';
  if (has(/\b(vat|gst|tax) (number|no|id|registration)\b/) || has(/\b(vat|siren|siret|ein|tin|abn)\b/)) return 'vat';
  if (has(/\b(jurisdiction|governing law|law|governing)\b/)) return 'jurisdiction';
  if (has(/\b(term|duration|period|notice|renewal|length)\b/) && !has(/\bpayment terms?\b/)) return 'duration';
  if (has(/\b(party|parties|signator(y|ies)|counterpart(y|ies))\b/)) return 'party';
  if (has(/\b(postal|postcode|zip|post code)\b/)) return 'postal_code';
  if (has(/\bcountry\b/) && has(/\bcode\b/)) return 'country_code';
  if (has(/\bstate\b/) && has(/\bcode\b/)) return 'state_code';
  if (has(/\bcity|town\b/)) return 'city';
  if (has(/\bstreet\b/)) return 'street';
  if (has(/\baddress\b/)) return 'address';
  if (has(/\b(number|no|num|id|identifier|reference|ref|code|account|invoice number|order)\b/) && !has(/\bname\b/)) return 'identifier';
  if (has(/\b(company|vendor|seller|supplier|issuer|merchant|store|shop|organi[sz]ation|business|employer|bank|customer|buyer|client|payee|payer|licensor|licensee)\b/)) {
    if (has(/\b(person|contact|individual)\b/)) return 'person';
    return 'organization';
  }
  if (has(/\b(person|employee|contact|signer|author|recipient)\b/)) return 'person';
  if (has(/\b(title|document name|heading|name of the (contract|agreement|document))\b/) || (name === 'document name')) return 'title';
  if (has(/\bname\b/) && has(/\b(title of the|contract title|agreement title)\b/, desc)) return 'title';
  if (has(/\bname\b/)) return has(/\b(company|vendor|seller|merchant|organi[sz]ation|legal name)\b/, desc) ? 'organization' : 'text';
  return 'text';
}
