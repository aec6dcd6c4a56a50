import { sumWords } from '../../src/knowledge/receipts/index.js';
import { TOTAL_LABEL } from '../../src/document/line-rereads.js';

/** document/line-rereads.ts TOTAL_LABEL before its words became data (knowledge/receipts sums `totalLine`), verbatim. */
const OLD_TOTAL_LABEL = /\b(?:total|jumlah|amount|amt|payable|due|nett?)\b/i;

const words = [...new Set([...sumWords('totalLine'), ...['total', 'subtotal', 'final', 'finalAlone', 'amount', 'strong'].flatMap((r) => sumWords(r as 'total')),
  'total', 'jumlah', 'amount', 'amt', 'payable', 'due', 'net', 'nett', 'netto', 'ne', 'ttl', 'grand', 'totals', 'amounts'])];
const spellings = (w: string) => [w, w.toUpperCase(), w[0]!.toUpperCase() + w.slice(1), `${w}:`, `${w}.`];
const contexts = (s: string) => [s, `x${s}`, `${s}x`, `${s} 12.00`, `${s} RM 12,00`, `Grand ${s} 1.00`, `1${s}`, `${s}1`, `_${s}`, `é${s}`, `SUB-${s}`];
const probes = [...new Set(words.flatMap((w) => spellings(w).flatMap(contexts)))];

test(`${probes.length} probes: a line labelled as a total is re-read as before`, () => {
  expect(probes.filter((p) => TOTAL_LABEL.test(p) !== OLD_TOTAL_LABEL.test(p))).toEqual([]);
});
