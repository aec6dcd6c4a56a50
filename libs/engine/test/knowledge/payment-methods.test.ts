import { PAYMENT_METHOD_NAMES, PAYMENT_METHODS } from '../../src/knowledge/payment-methods/index.js';
import { PAYMENT_METHOD_RE } from '../../src/extract/candidates.js';

/** extract/candidates.ts PAYMENT_METHOD_RE before its names became data, verbatim. */
const OLD_PAYMENT_METHOD_RE = /(?<![\p{L}])(iDEAL|credit ?card|debit ?card|PayPal|Visa|Master[Cc]ard|American Express|Amex|Maestro|SEPA[ -]Direct Debit|direct debit|SEPA|bank transfer|wire transfer|Überweisung|Lastschrift|Kreditkarte|Sofort(?:überweisung)?|Klarna|Apple Pay|Google Pay|Bancontact|Giropay|overschrijving|incasso|automatische incasso|virement|prélèvement|carte bancaire|cheque|check|cash|contant|Rembours|cash on delivery)(?![\p{L}])/giu;

const words = [...new Set([
  ...PAYMENT_METHOD_NAMES,
  ...[OLD_PAYMENT_METHOD_RE].flatMap((re) => re.source.replace(/\(\?<!\[\\p\{L\}\]\)|\(\?!\[\\p\{L\}\]\)|\\b/g, '').split(/[|()?:]+/)),
  'credit  card', 'sepa direct debit', 'SEPA–Direct Debit', 'sofortuberweisung', 'ueberweisung', 'cash-on-delivery', 'cashback', 'checks', 'visas', 'pay pal',
])].filter((w) => w.trim());
const spellings = (w: string) => [w, w.toUpperCase(), w.toLowerCase(), w[0]!.toUpperCase() + w.slice(1)];
const contexts = (s: string) => [s, `x${s}`, `${s}x`, `é${s}`, `${s}é`, `1${s}1`, `Paid by ${s}.`, `${s} / ${s}`, `${s}-x`, `(${s})`, `${s} on delivery`, `SEPA ${s}`, `Sofort${s}`,
  `automatische ${s}`, `Payment: ${s}`];
const probes = [...new Set(words.flatMap((w) => spellings(w).flatMap(contexts)))];
const all = (re: RegExp, p: string) => [...p.matchAll(re)].map((m) => `${m.index}:${m[0]}`).join('|');

test('payment method names are listed once, languages once', () => {
  expect(new Set(PAYMENT_METHOD_NAMES.map((n) => n.toLowerCase())).size).toBe(PAYMENT_METHOD_NAMES.length);
  expect(new Set(PAYMENT_METHODS.map((m) => m.language)).size).toBe(PAYMENT_METHODS.length);
});

test(`${probes.length} probes: payment methods found as before (same places, same text)`, () => {
  expect(probes.filter((p) => all(PAYMENT_METHOD_RE, p) !== all(OLD_PAYMENT_METHOD_RE, p))).toEqual([]);
});
