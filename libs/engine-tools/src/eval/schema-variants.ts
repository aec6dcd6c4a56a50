/**
 * Schema variants: a set's schema rewritten the way other callers would write it (other property names,
 * other key casing, opaque keys with the meaning only in a title/description, a draft-07 / pydantic-style
 * document). The values asked for are the same, only the keys change, so each variant carries a key map
 * that renames the expected values and maps scores back to the original field names.
 * Deterministic: the same schema and variant always give the same rewrite (no randomness, no clock).
 */

export type SchemaVariant = 'original' | 'renamed' | 'renamed-alt' | 'camel' | 'pascal' | 'kebab' | 'opaque' | 'opaque-title' | 'draft07';
export const SCHEMA_VARIANTS: SchemaVariant[] = ['original', 'renamed', 'renamed-alt', 'camel', 'pascal', 'kebab', 'opaque', 'opaque-title', 'draft07'];

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Original key -> new key, with the key map of the value's own properties (objects, arrays of objects). */
export interface KeyMap {
  [original: string]: { to: string; sub?: KeyMap };
}

export interface VariantSchema {
  schema: Json;
  keys: KeyMap;
}

/** Lower-case words of a snake/camel/kebab key. */
function words(key: string): string[] {
  return key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').split(/[^A-Za-z0-9]+/).filter(Boolean).map((w) => w.toLowerCase());
}

/**
 * Synonyms by field MEANING: `when` matches the words of a key (joined with spaces); `names` are the ways
 * other callers name that meaning. Order matters: the first group that matches decides.
 */
const SYNONYMS: { when: RegExp; names: string[] }[] = [
  // who issued the document
  { when: /^(company|company name|vendor|vendor name|issuer|issuer name|merchant|merchant name|seller|seller name|supplier|supplier name|store name)$/, names: ['vendor_name', 'merchant', 'seller', 'supplier_name', 'issuer_name', 'company_name'] },
  { when: /^(address|vendor address|merchant address|seller address|supplier address|company address)$/, names: ['merchant_address', 'seller_address', 'vendor_address', 'store_address'] },
  { when: /^(customer|customer name|customer billing name|buyer|buyer name|client|client name|bill to name)$/, names: ['bill_to_name', 'buyer_name', 'client_name', 'customer_name'] },
  { when: /^(customer address|customer billing address|buyer address|billing address|bill to address)$/, names: ['bill_to_address', 'buyer_address', 'billing_address'] },
  { when: /^(customer id|customer number|client id|account number|customer account)$/, names: ['customer_number', 'account_number', 'client_id'] },
  { when: /^(website|vendor website|url|homepage|web address)$/, names: ['web_address', 'homepage', 'seller_url'] },
  // amounts
  { when: /^(total|total amount|amount total|grand total|total amount gross|invoice total|total gross)$/, names: ['total_amount', 'amount_total', 'grand_total', 'invoice_total'] },
  { when: /^(subtotal|subtotal amount|net amount|total net|amount net)$/, names: ['net_amount', 'amount_before_tax', 'subtotal'] },
  { when: /^(amount due|balance due|amount payable|total due)$/, names: ['balance_due', 'amount_payable', 'outstanding_amount'] },
  { when: /^(vat rate|vat rate percent|tax rate|vat percentage|tax rate percent)$/, names: ['tax_rate', 'vat_percentage', 'tax_rate_percent'] },
  { when: /^(currency|currency code)$/, names: ['currency_code', 'iso_currency'] },
  // dates
  { when: /^(date|invoice date|issue date|document date|transaction date|receipt date)$/, names: ['invoice_date', 'transaction_date', 'document_date', 'date_of_issue'] },
  { when: /^(due date|payment due date)$/, names: ['payment_due_date', 'pay_by_date'] },
  { when: /^(effective date|commencement date|start date)$/, names: ['commencement_date', 'start_date', 'effective_from'] },
  { when: /^(agreement date|contract date|execution date|signing date)$/, names: ['contract_date', 'execution_date', 'date_of_agreement', 'signing_date'] },
  { when: /^(expiration date|expiry date|end date)$/, names: ['expiry_date', 'end_date', 'termination_date'] },
  // identifiers
  { when: /^(invoice number|invoice no|invoice id|document number)$/, names: ['invoice_no', 'invoice_id', 'document_number'] },
  { when: /^(payment reference|payment ref|remittance reference)$/, names: ['remittance_reference', 'payment_ref'] },
  { when: /^(payment terms|terms of payment)$/, names: ['terms_of_payment', 'payment_conditions'] },
  // contracts
  { when: /^(jurisdiction|governing law|applicable law|choice of law)$/, names: ['governing_law', 'jurisdiction', 'applicable_law', 'choice_of_law'] },
  { when: /^(party|parties|contracting parties|counterparties|signatories)$/, names: ['contracting_parties', 'parties', 'signatories', 'counterparties'] },
  { when: /^(term|contract term|agreement term|duration)$/, names: ['duration', 'contract_term', 'agreement_duration'] },
  { when: /^(renewal term|renewal period)$/, names: ['renewal_period', 'extension_term', 'auto_renewal_term'] },
  { when: /^notice period to terminate renewal$|^(non renewal notice|renewal notice period)$/, names: ['non_renewal_notice_period', 'renewal_notice_period', 'notice_to_prevent_renewal'] },
  { when: /^(document name|agreement title|contract title|document title)$/, names: ['agreement_title', 'contract_title', 'document_title'] },
  // line items
  { when: /^(line items|items|lines|invoice lines|positions)$/, names: ['items', 'invoice_lines', 'positions', 'lines'] },
  { when: /^(name|description|item description|product|item name)$/, names: ['item_description', 'product_name', 'article'] },
  { when: /^(price unit|unit price|price per unit)$/, names: ['unit_price', 'price_per_unit'] },
  { when: /^(unit price gross)$/, names: ['gross_unit_price', 'unit_price_incl_tax'] },
  { when: /^(amount gross|line total|line amount|amount)$/, names: ['line_total', 'line_amount', 'gross_amount'] },
  { when: /^(quantity|qty)$/, names: ['qty', 'units', 'count'] },
  { when: /^(code|item code|sku|article number)$/, names: ['item_code', 'sku', 'article_number'] },
];

/**
 * A second, independent set of names for the same meanings (looser, phrase-like names callers also use), kept
 * apart from the engine's canonical-name table (schema/semantic.ts) so 'renamed-alt' measures names the
 * engine's synonym list was not written from.
 */
const ALT_SYNONYMS: { when: RegExp; names: string[] }[] = [
  { when: SYNONYMS[0]!.when, names: ['store_name', 'billed_by', 'from_company'] },
  { when: SYNONYMS[1]!.when, names: ['store_location', 'from_address'] },
  { when: SYNONYMS[2]!.when, names: ['billed_to', 'sold_to'] },
  { when: SYNONYMS[3]!.when, names: ['sold_to_address', 'ship_to_address'] },
  { when: SYNONYMS[4]!.when, names: ['account_ref', 'client_ref'] },
  { when: SYNONYMS[5]!.when, names: ['company_website', 'site_url'] },
  { when: SYNONYMS[6]!.when, names: ['amount_paid', 'payable_total', 'total_incl_vat'] },
  { when: SYNONYMS[7]!.when, names: ['net_total', 'total_excl_vat', 'total_before_tax'] },
  { when: SYNONYMS[8]!.when, names: ['amount_to_pay', 'left_to_pay'] },
  { when: SYNONYMS[9]!.when, names: ['vat_pct', 'tax_percent'] },
  { when: SYNONYMS[10]!.when, names: ['ccy', 'currency_iso'] },
  { when: SYNONYMS[11]!.when, names: ['billed_on', 'purchase_date', 'dated_on'] },
  { when: SYNONYMS[12]!.when, names: ['pay_before', 'payment_deadline'] },
  { when: SYNONYMS[13]!.when, names: ['effective_as_of', 'agreement_start'] },
  { when: SYNONYMS[14]!.when, names: ['signed_on', 'date_signed', 'dated_as_of'] },
  { when: SYNONYMS[15]!.when, names: ['ends_on', 'valid_until', 'agreement_end'] },
  { when: SYNONYMS[16]!.when, names: ['invoice_ref', 'bill_number'] },
  { when: SYNONYMS[17]!.when, names: ['reference_for_payment', 'transfer_reference'] },
  { when: SYNONYMS[18]!.when, names: ['payment_conditions_text', 'terms'] },
  { when: SYNONYMS[19]!.when, names: ['governing_jurisdiction', 'law_and_venue', 'controlling_law'] },
  { when: SYNONYMS[20]!.when, names: ['agreement_parties', 'party_names', 'between'] },
  { when: SYNONYMS[21]!.when, names: ['agreement_length', 'term_length', 'confidentiality_period'] },
  { when: SYNONYMS[22]!.when, names: ['renews_for', 'renewal_length'] },
  { when: SYNONYMS[23]!.when, names: ['notice_before_renewal', 'opt_out_notice'] },
  { when: SYNONYMS[24]!.when, names: ['title', 'agreement_name'] },
];

/** Word-level rewrites for keys no meaning group covers (clause flags "has_x" -> "contains_x"). */
const WORD_SYNONYMS: Record<string, string> = { has: 'contains', is: 'flag', amount: 'sum', number: 'no' };

/** A stable small hash of a string (FNV-1a), to spread the synonym choice over fields deterministically. */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/** Another caller's name for this key (snake case): a synonym by meaning, else word-level rewrites. */
export function synonymFor(key: string, taken: Set<string>, table: 'main' | 'alt' = 'main'): string {
  const w = words(key);
  const joined = w.join(' ');
  const group = (table === 'alt' ? ALT_SYNONYMS : SYNONYMS).find((g) => g.when.test(joined));
  if (group) {
    const alts = group.names.filter((n) => n !== w.join('_'));
    const start = hash(joined) % alts.length;
    for (let i = 0; i < alts.length; i++) {
      const n = alts[(start + i) % alts.length]!;
      if (!taken.has(n)) return n;
    }
  }
  const rewritten = w.map((x) => WORD_SYNONYMS[x] ?? x).join('_');
  return taken.has(rewritten) ? key : rewritten;
}

function caseKey(key: string, style: 'camel' | 'pascal' | 'kebab'): string {
  const w = words(key);
  if (style === 'kebab') return w.join('-');
  const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
  const out = w.map((x, i) => (i === 0 && style === 'camel' ? x : cap(x))).join('');
  return out;
}

/** "vendor_name" -> "Vendor name" (what a title written by a person or generated by a model looks like). */
function humanise(key: string): string {
  const s = words(key).join(' ');
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** The object schema under a property: itself, or its array items. */
function objectOf(schema: unknown): Json | undefined {
  if (!isObj(schema)) return undefined;
  if (isObj(schema.properties)) return schema;
  if (isObj(schema.items) && isObj((schema.items as Json).properties)) return schema.items as Json;
  return undefined;
}

/** Renames the properties of an object schema (recursively), returning the new schema and the key map. */
function renameObject(obj: Json, rename: (key: string, index: number, taken: Set<string>, sub: Json) => { key: string; extra?: Json }, counter: { n: number }): { obj: Json; keys: KeyMap } {
  const props = obj.properties as Json;
  const out: Json = {};
  const keys: KeyMap = {};
  const taken = new Set<string>();
  for (const [k, sub] of Object.entries(props)) {
    let subSchema = structuredClone(sub) as Json;
    let subKeys: KeyMap | undefined;
    const inner = objectOf(subSchema);
    if (inner) {
      const r = renameObject(inner, rename, counter);
      if (isObj(subSchema.properties)) subSchema = r.obj;
      else subSchema = { ...subSchema, items: r.obj };
      subKeys = r.keys;
    }
    const { key, extra } = rename(k, ++counter.n, taken, subSchema);
    const finalKey = taken.has(key) ? k : key;
    taken.add(finalKey);
    out[finalKey] = extra ? { ...subSchema, ...extra } : subSchema;
    keys[k] = subKeys ? { to: finalKey, sub: subKeys } : { to: finalKey };
  }
  const required = Array.isArray(obj.required) ? (obj.required as string[]).map((r) => keys[r]?.to ?? r) : undefined;
  return { obj: { ...obj, properties: out, ...(required ? { required } : {}) }, keys };
}

/** Draft-07 / pydantic style: nested objects under `definitions` via $ref, "X or null" as anyOf, titles. */
function toDraft07(schema: Json): Json {
  const definitions: Json = {};
  const convert = (s: Json, key: string): Json => {
    let out: Json = { ...s };
    if (Array.isArray(out.type) && out.type.includes('null') && out.type.length === 2 && !out.enum) {
      const t = (out.type as string[]).find((x) => x !== 'null');
      delete out.type;
      const branch: Json = { type: t };
      for (const kw of ['format', 'pattern', 'minimum', 'maximum']) if (kw in out) { branch[kw] = out[kw]; delete out[kw]; }
      out = { anyOf: [branch, { type: 'null' }], ...out };
    }
    out.title ??= humanise(key);
    if (isObj(out.properties)) {
      const props: Json = {};
      for (const [k, v] of Object.entries(out.properties as Json)) props[k] = isObj(v) ? convert(v, k) : v;
      out.properties = props;
    }
    if (isObj(out.items) && isObj((out.items as Json).properties)) {
      const name = words(key).map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('') + 'Item';
      definitions[name] = convert(out.items as Json, name);
      out.items = { $ref: `#/definitions/${name}` };
    }
    return out;
  };
  const props: Json = {};
  for (const [k, v] of Object.entries((schema.properties ?? {}) as Json)) props[k] = isObj(v) ? convert(v, k) : v;
  const out: Json = { ...schema, $schema: 'http://json-schema.org/draft-07/schema#', properties: props };
  if (Object.keys(definitions).length) out.definitions = definitions;
  return out;
}

/** The schema a caller of the given style would send, and the key map from the original keys. */
export function makeVariant(schema: Json, variant: SchemaVariant): VariantSchema {
  if (variant === 'original' || !isObj(schema.properties)) return { schema: structuredClone(schema), keys: identity(schema) };
  if (variant === 'draft07') return { schema: toDraft07(structuredClone(schema)), keys: identity(schema) };
  const counter = { n: 0 };
  const rename = (key: string, index: number, taken: Set<string>): { key: string; extra?: Json } => {
    switch (variant) {
      case 'renamed': return { key: synonymFor(key, taken) };
      case 'renamed-alt': return { key: synonymFor(key, taken, 'alt') };
      case 'camel': case 'pascal': case 'kebab': return { key: caseKey(key, variant) };
      case 'opaque': return { key: `field_${index}` };
      case 'opaque-title': return { key: `field_${index}`, extra: { title: humanise(key) } };
    }
    return { key };
  };
  const r = renameObject(structuredClone(schema), rename, counter);
  return { schema: r.obj, keys: r.keys };
}

function identity(schema: Json): KeyMap {
  const keys: KeyMap = {};
  for (const [k, v] of Object.entries((schema.properties ?? {}) as Json)) {
    const inner = objectOf(v);
    keys[k] = inner ? { to: k, sub: identity(inner) } : { to: k };
  }
  return keys;
}

/** Expected values under the variant's keys (nested objects and arrays of objects renamed too). */
export function renameValues(value: Record<string, unknown>, keys: KeyMap): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    const m = keys[k];
    if (!m) { out[k] = v; continue; }
    out[m.to] = m.sub ? renameNested(v, m.sub) : v;
  }
  return out;
}

function renameNested(v: unknown, keys: KeyMap): unknown {
  if (Array.isArray(v)) return v.map((x) => renameNested(x, keys));
  if (isObj(v)) return renameValues(v, keys);
  return v;
}

/** The key map reversed (variant key -> original key), to bring results back under the original names. */
export function invertKeys(keys: KeyMap): KeyMap {
  const out: KeyMap = {};
  for (const [k, m] of Object.entries(keys)) out[m.to] = m.sub ? { to: k, sub: invertKeys(m.sub) } : { to: k };
  return out;
}
