// The eval's per-set table keeps its columns when a set's name is longer than the default column.
import { formatReports, type SetReport } from '../../src/eval/run.js';

const report = (set: string): SetReport => ({ set, cases: 6, fields: 74, strict: 0.838, fuzzy: 0.838, docAllCorrect: 0.333, ece: 0.082, pages: 10, seconds: 20, perField: {} });

test('a long set name is followed by a space before the case count', () => {
  const row = formatReports([report('scan-fax-parsee-invoices'), report('sroie')], []).split('\n')[1]!;
  expect(row).toMatch(/^scan-fax-parsee-invoices\s+6\s+74\s/);
});
