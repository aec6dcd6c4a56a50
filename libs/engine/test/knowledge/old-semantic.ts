/**
 * schema/semantic.ts's field-name word lists before they became data (knowledge/field-words), verbatim: the
 * placeholder and description stop words, and inferSemantic with its inline patterns.
 */
import { readingOf, nameWords, type Semantic, type SemanticInput } from '../../src/schema/semantic.js';

export const OLD_OPAQUE = new Set(['field', 'fld', 'f', 'col', 'column', 'prop', 'property', 'attr', 'attribute', 'key', 'q', 'question', 'var', 'variable', 'param', 'parameter', 'slot', 'custom', 'cf', 'entry', 'element', 'input', 'data', 'x', 'value', 'val', 'item', 'unnamed', 'untitled']);

export const OLD_STOP = new Set(['the', 'a', 'an', 'own', 'to', 'in', 'on', 'at', 'for', 'as', 'by', 'is', 'are', 'was', 'be', 'it', 'its', 'and', 'or', 'this', 'that', 'which', 'whose', 'where', 'when', 'if', 'with', 'from', 'all', 'any', 'each', 'e', 'g', 'eg', 'iso', '8601', 'yyyy', 'mm', 'dd', 'null', 'not', 'stated', 'printed', 'exactly', 'string', 'value']);

function hasCurrencyCode(members: unknown[]): boolean {
  return members.some((v) => typeof v === 'string' && /^[A-Z]{3}$/.test(v));
}

export function oldInferSemantic(f: SemanticInput): Semantic {
  const types = f.types ?? ['string'];
  const words = nameWords(readingOf(f));
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

  if (f.enum && f.enum.some((e) => e !== null)) {
    if (has(/currenc/, all) && hasCurrencyCode(f.enum)) return 'currency';
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
  // a "postal address" is an address, not its postcode
  if (has(/\b(postal code|post code|postcode|zip|zip code)\b/) || (has(/\bpostal\b/) && !has(/\baddress\b/))) return 'postal_code';
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

/** The field tests of kinds/contact, payment-terms, amount and address/parts.ts before, on a field's words. */
export const oldWebsiteHost = (words: string[]) => !(!words.some((w) => /^(website|homepage|site|web|domain)$/.test(w)) || words.some((w) => /^(url|link|uri)$/.test(w)));
export const oldPaymentTerms = (words: string[]) => words.includes('terms') && !words.some((w) => /^(renewal|notice|agreement|contract|delivery|shipping)$/.test(w));
export const oldLeftToPay = (words: string[]) => /\b(due|balance|outstanding|payable|remaining|open)\b/.test(words.join(' '));
export const oldCustomerAddress = (words: string[]) => words.some((x) => /^(customer|buyer|client|billing|bill|shipping|ship|delivery|recipient|sold)$/.test(x));

/** Every word and phrase the old patterns spell (alternatives written out), for probes. */
export function oldSemanticWords(): string[] {
  const src = oldInferSemantic.toString() + oldWebsiteHost.toString() + oldPaymentTerms.toString() + oldLeftToPay.toString() + oldCustomerAddress.toString();
  const out = new Set<string>([...OLD_OPAQUE, ...OLD_STOP]);
  for (const m of src.matchAll(/\/(\\b|\^)?\(?([^/]*?)\)?(\\b|\$)?\//g)) {
    for (const alt of m[2]!.split('|')) {
      const w = alt.replace(/\\b|\\s|[()^$?]/g, '');
      if (/^[a-z0-9 -]+$/.test(w)) out.add(w);
    }
  }
  for (const w of ['signatory', 'signatories', 'counterparty', 'counterparties', 'currency', 'currencies', 'organisation', 'organization', 'payment term',
    'payment terms', 'name of the contract', 'name of the agreement', 'name of the document', 'datetime', 'date-time', 'e mail']) out.add(w);
  return [...out];
}
