import { compileSchema } from '../../src/schema/compile.js';
import { canonicalWords, descriptionWords, isOpaque, readingOf } from '../../src/schema/semantic.js';
import { isAgreementTermField, isRenewalTermField } from '../../src/kinds/duration/legal-terms.js';
import { fieldDateRole } from '../../src/kinds/date/legal-dates.js';
import { receiptField } from '../../src/ocr-repair/receipt.js';

const leafOf = (prop: Record<string, unknown>, key = 'field_1') => compileSchema({ type: 'object', properties: { [key]: prop } }).leaves[0]!;

test('an opaque key is read through its title', () => {
  const leaf = leafOf({ type: ['string', 'null'], title: 'Due date' });
  expect([leaf.reading, leaf.semantic]).toEqual(['due_date', 'date']);
});

test('an opaque key without a title is read through its description', () => {
  const leaf = leafOf({ type: ['string', 'null'], description: 'US state or country whose law governs the agreement (e.g. Delaware).' });
  expect(leaf.semantic).toBe('jurisdiction');
});

test('an opaque array of names is read through its description', () => {
  const c = compileSchema({ type: 'object', properties: { col_7: { type: 'array', items: { type: 'string' }, description: 'Names of all parties to the agreement.' } } });
  expect(c.leaves[0]!.semantic).toBe('party');
});

test('placeholder words, numbers and single letters make a key opaque; a meaningful word does not', () => {
  expect([isOpaque(['field', '1']), isOpaque(['q3']), isOpaque(['col', 'b']), isOpaque(['vendor', '1'])]).toEqual([true, true, true, false]);
});

test('a description is read as the content words of its first sentence, examples cut off', () => {
  expect(descriptionWords("Name of the merchant / company that issued the receipt (e.g. 'XYZ TRADING SDN BHD').")).toEqual(['name', 'of', 'merchant', 'company', 'issued', 'receipt']);
});

test('synonymous names are read as the canonical name of their meaning', () => {
  expect(readingOf({ name: 'pay_by_date' })).toBe('due_date');
  expect(readingOf({ name: 'transactionDate' })).toBe('invoice_date');
  expect(readingOf({ name: 'remittance_reference' })).toBe('payment_reference');
  expect(readingOf({ name: 'net_amount' })).toBe('subtotal_amount');
  expect(readingOf({ name: 'extension-term' })).toBe('renewal_term');
  expect(readingOf({ name: 'applicable_law' })).toBe('governing_law');
});

test('clause flags named "contains x" read as "has x"', () => {
  expect(canonicalWords(['contains', 'audit', 'rights'])).toEqual(['has', 'audit', 'rights']);
});

test('a name with no synonym keeps its own words', () => {
  expect(readingOf({ name: 'vendor_street' })).toBe('vendor_street');
});

test('a bare VAT key stays a VAT number, not a tax amount', () => {
  expect(leafOf({ type: 'string' }, 'vat').semantic).toBe('vat');
});

test('a postal address is an address, not a postcode', () => {
  expect(leafOf({ type: 'string', description: 'Full postal address of the merchant as printed.' }).semantic).toBe('address');
});

test('a renewal term named by a synonym gets the renewal-term rules', () => {
  const leaf = leafOf({ type: ['string', 'null'] }, 'extension_term');
  expect([isRenewalTermField(leaf), isAgreementTermField(leaf)]).toEqual([true, false]);
});

test('a leading synonym phrase is made canonical and the words after it kept', () => {
  expect(canonicalWords(['transaction', 'date', 'receipt'])).toEqual(['invoice', 'date', 'receipt']);
  expect(canonicalWords(['net', 'weight'])).toEqual(['net', 'weight']);
});

test('a date field named by a synonym or described behind an opaque key gets its role', () => {
  expect(fieldDateRole(leafOf({ type: 'string' }, 'expiry_date'))).toBe('end');
  expect(fieldDateRole(leafOf({ type: 'string', description: 'Date on which the contract becomes effective.' }))).toBe('effective');
});

test('a postal code described as part of an address is still a postal code', () => {
  expect(leafOf({ type: 'string', description: "Postal code of the seller's address." }).semantic).toBe('postal_code');
});

test('a receipt total behind an opaque key titled "Total" gets the receipt total rules', () => {
  expect(receiptField(leafOf({ type: ['number', 'null'], title: 'Total' }))).toBe('total');
});

test('a description reads with its "of" phrases and its net-of-tax wording made canonical', () => {
  expect(readingOf({ name: 'field_1', description: 'Chamber of Commerce registration number of the seller.' })).toBe('chamber_of_commerce_registration_number_of_seller');
  expect(readingOf({ name: 'field_2', description: 'Total amount excluding tax (net / untaxed amount), as a number.' })).toMatch(/^subtotal_amount_net_untaxed/);
  expect(readingOf({ name: 'field_3', description: 'Telephone number of the seller.' })).toBe('phone_of_seller');
});

test('names that say who issued or received the document read as vendor and customer names', () => {
  expect([readingOf({ name: 'billed_by' }), readingOf({ name: 'sold_to' })]).toEqual(['vendor_name', 'customer_name']);
  expect(leafOf({ type: ['string', 'null'] }, 'billed_by').semantic).toBe('organization');
});

test('a list named "between" or "party_names" reads as the parties', () => {
  expect([readingOf({ name: 'between' }), readingOf({ name: 'party_names' })]).toEqual(['parties', 'parties']);
});
