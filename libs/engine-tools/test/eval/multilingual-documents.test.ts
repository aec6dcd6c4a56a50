import { MULTILINGUAL_DIR } from '../support/engine-fixtures.js';
import { knownMissesTests, labelledCases } from '../support/known-misses.js';

// The invoices and receipts in fifteen languages of libs/engine/test/fixtures/multilingual (generate.mjs,
// documents/*.mjs), digital and scanned, held to their knownMisses.json (support/known-misses.ts).

const { cases, readCase } = labelledCases(MULTILINGUAL_DIR);

test('the set holds two invoices and a receipt in each language, and scanned copies of some', () => {
  for (const lang of ['fr', 'de', 'es', 'it', 'nl', 'pt', 'pl', 'cs', 'sv', 'da', 'nb', 'fi', 'ro', 'hu', 'tr']) {
    const docs = cases.filter((c) => c.startsWith(`ml-${lang}/`)).map((c) => readCase(c).caseFile as { schema: { title: string } });
    expect(docs.filter((d) => d.schema.title === 'Invoice').length).toBeGreaterThanOrEqual(2);
    expect(docs.filter((d) => d.schema.title === 'Receipt').length).toBeGreaterThanOrEqual(1);
  }
  expect(cases.filter((c) => c.startsWith('scan-')).length).toBeGreaterThanOrEqual(3);
});

knownMissesTests(MULTILINGUAL_DIR);
