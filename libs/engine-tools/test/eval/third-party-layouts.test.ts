import { THIRD_PARTY_LAYOUTS_DIR } from '../support/engine-fixtures.js';
import { knownMissesTests, labelledCases } from '../support/known-misses.js';

// The invoices rendered by other people's templates in libs/engine/test/fixtures/third-party-layouts (KOMA-Script
// with invoice/invoice2, InvoiceGenerator, go-invoice-generator; generate.py), digital and fax-scanned, held to
// their knownMisses.json (support/known-misses.ts): layouts no development set has keep what they read right.

const { cases } = labelledCases(THIRD_PARTY_LAYOUTS_DIR);

test('the set holds several templates, each with digital cases and scanned copies', () => {
  const templates = new Set(cases.filter((c) => c.startsWith('tp-')).map((c) => c.split('-')[1]));
  expect(templates.size).toBeGreaterThanOrEqual(3);
  for (const t of templates) expect(cases.some((c) => c.startsWith(`scan-fax-tp-${t}-`))).toBe(true);
});

knownMissesTests(THIRD_PARTY_LAYOUTS_DIR);
