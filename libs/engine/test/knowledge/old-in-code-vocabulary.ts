/**
 * The word lists the engine held in its readers' code before they became data (knowledge/document-words,
 * field-words, web-domains, addresses `standalone`), verbatim: the patterns built from the data must match
 * exactly what these matched.
 */

/** kinds/organization/issuer.ts */
export const OLD_ADDRESS_LIKE = /^\d|\b\d{4,5}\b|\b(street|st\.|road|rd\.|avenue|ave\.?|lane|drive|dr\.?|blvd|suite|floor|building|straat|weg|strasse|straße|str\.|gasse|platz|rue|avenue|allée|chemin|laan|plein|postbus|p\.?o\.? box|jalan|jln|taman)\b/i;
export const OLD_NOT_NAME = /\b(invoice|rechnung|factuur|facture|fattura|receipt|quittung|bon|date|datum|page|seite|tel|phone|fax|telefon|e-?mail|www\.|http|iban|bic|swift|vat|btw|ust|tva|gst|tax|total|totaal|summe|gesamt|subtotal|amount|betrag|bedrag|montant|order|bestell|due|payment|zahlung|betaling|paiement|description|quantity|qty|price|summary|details?|items?|positions?|artikel|omschrijving|beschreibung|désignation|statement|account|konto|number|nummer|no\.|nr\.|reference|kopie|copy|original|dear|sehr geehrte|thank|danke|bedankt|merci|cash|change|cashier|table|counter|member|pax|welcome|terminal|operator|visit|share|taxcode|gst)\b|\b(?:no|nr)\.(?!\w)|@|:\s*$/i;
export const OLD_GENERIC_DOMAINS = /^(gmail|googlemail|yahoo|hotmail|outlook|live|icloud|me|aol|gmx|web|t-online|example|fake|test|mail|email|protonmail|orange|free|wanadoo|hetnet|ziggo|kpnmail)$/;
export const OLD_DOC_TYPE = /^(?:tax\s+)?(?:invoice|receipt|rechnung|factuur|facture)\s*[-–:]\s+|\s+[-–]?\s*(?:tax\s+)?(?:invoice|receipt|rechnung|factuur|facture)$/i;
export const OLD_ISSUER_DETAILS = /\b(vat|btw|tva|ust|ust-id|ust-idnr|uid|gst|abn|ein|siret|siren|rcs|kvk|coc|hrb|hra|iban|bic|swift|registered|reg\.?\s*no|company\s*no|handelsregister|amtsgericht|geschäftsführer|directors?|capital|siège|sitz|steuernummer|bankverbindung)\b/i;
export const OLD_WEB_ADDRESS = /\S+\.(?:com|net|org|nl|de|be|fr|co|uk|eu|io|ch|at|it|es)\b\S*/gi;

/** kinds/organization/index.ts: field names asking for the buyer's party; first-page lines that are no letterhead name. */
export const OLD_BUYER_BLOCKS = /\b(customer|buyer|client|billing|bill|billed|payer|recipient|purchaser|ship|consignee)\b/;
export const OLD_BUYER_LETTERHEAD = /\b(customer|buyer|client|billing|bill to|payer)\b/;
export const OLD_NOT_LETTERHEAD = /invoice|receipt|rechnung|factuur|facture|tax|page|date|tel|phone|www\.|@/i;

/** kinds/payment-terms/index.ts: a line that speaks of payment or terms. */
export const OLD_PAYMENT_LINE = /\b(terms?|payment|pay|paid|payable|zahlung|betaling|paiement|conditions?)\b/i;

/** kinds/table/tables.ts: column concepts by property name, in order, and the sums-row words. */
export const OLD_COLUMN_WHEN: [string, RegExp][] = [
  ['item_tax_rate', /\b(tax|vat|btw|gst|tva|mwst)\b.*\b(percent|rate|pct)\b|\b(taxpercent|tax percent|vat rate|tax rate)\b/],
  ['item_discount', /\b(discount|disc|rebate)\b/],
  ['item_unit_price', /\bunit\b.*\b(price|cost)\b|\b(price|cost)\b.*\bunit\b|\brate\b|\beach\b/],
  ['item_amount', /\b(amount|total|subtotal|line total|net|gross|sum)\b/],
  ['item_unit_price', /\b(price|cost)\b/],
  ['item_quantity', /\b(quantity|qty|count|units|hours|number of)\b/],
  ['item_unit', /\b(uom|unit of measure|unit)\b/],
  ['item_code', /\b(code|sku|article number|item number|product code|part number|barcode|ean)\b/],
  ['item_description', /\b(name|description|desc|item|product|service|article|designation|details|label)\b/],
];
export const OLD_GROSS_FIELD = /\b(gross|incl|including|brutto)\b/;
export const OLD_SUM_TOTAL_ANYWHERE = /^\s*(sub-?\s?total|total|grand total|summe|zwischensumme|gesamt|totaal|subtotaal|tax|vat|mwst|btw|tva|net total|amount due|balance|te betalen|montant|(?:exclusief|inclusief|excl|incl)\.?\s*(?:btw|vat|tax|mwst|tva|gst|ust|iva))\b|\b(sub-?\s?total|total|totaal|subtotaal|summe|zwischensumme|gesamtbetrag|grand total|amount due|balance due|total ttc|total ht)\b/i;

/** kinds/date/index.ts */
export const OLD_OTHER_DATE_ROLE_RE = /(?:^|[^\p{L}])(liefer|delivery|lever|due|fällig|verval|échéance|order|bestell|period|zeitraum|leistung|service|ship|versand|valid|expir|payment|zahlung|betaal|from|bis|start|end)/iu;
export const OLD_RANGE_AROUND = /\d\s*(?:-|–|bis|to|until|through)\s*\|$|^[^|]*\|\s*(?:-|–|bis|to|until|through)\s*\d/;
export const OLD_PERIOD_FIELD = /^(period|from|start|end|until|begin)/;

/** extract/ranking.ts: field-name stop words and cueWords' extras. */
export const OLD_GENERIC = ['date', 'name', 'amount', 'number', 'no', 'id', 'the', 'of', 'a', 'an', 'to', 'and', 'or', 'is', 'in', 'value', 'field', 'iso', '8601', 'yyyy', 'mm', 'dd', 'as', 'e', 'g', 'if', 'null', 'not', 'stated', 'which', 'from', 'on', 'by', 'for', 'with', 'that', 'this', 'it', 'be', 'are', 'was', 'any', 'its', 'their', 'such', 'may', 'all', 'per'];
export function oldCueExtras(n: string): string[] {
  const extra: string[] = [];
  if (/\beffective\b/.test(n)) extra.push('effective', 'commenc', 'as of');
  if (/\bagreement date\b|\bcontract date\b|\bsigned\b/.test(n)) extra.push('dated', 'made', 'entered into', 'as of', 'executed');
  if (/\bexpir|\bend\b|\btermination date\b/.test(n)) extra.push('expir', 'until', 'through', 'terminat', 'end');
  if (/\bstart\b|\bbegin/.test(n)) extra.push('start', 'from', 'begin', 'commenc');
  if (/\bterm\b/.test(n) && !/renewal|notice/.test(n)) extra.push('term of', 'period of', 'remain in', 'continue', 'for a period', 'shall survive', 'expire');
  if (/\brenewal\b/.test(n)) extra.push('renew', 'successive', 'automatically', 'extend');
  if (/\bnotice\b/.test(n)) extra.push('notice', 'prior to', 'written notice', 'before the end', 'non-renewal', 'not to renew');
  if (/\bdue\b/.test(n)) extra.push('due', 'payable', 'pay by');
  return extra;
}

/** Every word and sign the old patterns spell, for probes. */
export function oldWords(): string[] {
  const sources = [OLD_ADDRESS_LIKE, OLD_NOT_NAME, OLD_GENERIC_DOMAINS, OLD_DOC_TYPE, OLD_ISSUER_DETAILS, OLD_WEB_ADDRESS, OLD_BUYER_BLOCKS, OLD_BUYER_LETTERHEAD, OLD_NOT_LETTERHEAD, OLD_PAYMENT_LINE,
    ...OLD_COLUMN_WHEN.map(([, re]) => re), OLD_GROSS_FIELD, OLD_SUM_TOTAL_ANYWHERE, OLD_OTHER_DATE_ROLE_RE, OLD_RANGE_AROUND, OLD_PERIOD_FIELD].map((re) => re.source);
  const words = new Set<string>(OLD_GENERIC);
  for (const src of sources) for (const w of src.replace(/\\[sbdw]/g, ' ').split(/[^\p{L}\d'-]+/u)) if (w) words.add(w.toLowerCase());
  return [...words];
}
