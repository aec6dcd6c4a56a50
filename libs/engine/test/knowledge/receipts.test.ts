import { RECEIPT_LEGAL_FORMS, RECEIPT_PLACES, RECEIPT_WORDS, receiptWords, sumWords, type SumRole } from '../../src/knowledge/receipts/index.js';
import { ADDRESS_STOP, ADDRESS_WORD, LABEL_LINE, LEGAL } from '../../src/ocr-repair/receipt.js';

/** The receipt reader's lists before they became data (ocr-repair/receipt.ts), verbatim. */
const OLD_SUMS: Record<SumRole, string[]> = {
  total: ['total', 'jumlah', 'ttl'],
  subtotal: ['subtotal', 'sub'],
  excluding: ['excl', 'excluding', 'exclusive', 'excluded', 'before', 'exc', 'ex', 'supplies', 'supply'],
  including: ['incl', 'inclusive', 'including', 'inc', 'after'],
  quantity: ['qty', 'quantity', 'item', 'items', 'count', 'pcs', 'unit', 'units', 'weight'],
  final: ['payable', 'grand', 'nett', 'net', 'rounded', 'after', 'due', 'final'],
  finalAlone: ['payable', 'grand', 'nett', 'net', 'due'],
  amount: ['amount', 'amt'],
  strong: ['incl', 'inclusive', 'including', 'inc', 'amount', 'amt', 'sales', 'bill', 'rm'],
  tax: ['gst', 'tax', 'vat', 'sst', 'service'],
  rounding: ['rounding', 'round', 'adj', 'adjustment', 'rounded'],
  payment: ['cash', 'paid', 'payment', 'tender', 'tendered', 'visa', 'master', 'mastercard', 'card', 'credit', 'edc', 'debit', 'received', 'pay'],
  change: ['change', 'balance', 'changes'],
  discount: ['discount', 'disc', 'savings', 'saving', 'saved', 'deposit', 'voucher', 'points', 'point'],
  summary: ['summary', 'code'],
};
const OLD_LEGAL_FORMS = ['SDN', 'BHD', 'BHD.', 'S/B', 'CO.', 'BERHAD', 'ENTERPRISE', 'TRADING', 'PLT', 'RESTAURANT', 'RESTORAN', 'HARDWARE', 'STATIONERY'];
const OLD_BUSINESS_WORDS = [
  'BAKERY', 'BAKERIES', 'CONFECTIONERY', 'STATIONERY', 'HARDWARE', 'RESTAURANT', 'RESTORAN', 'SUPERMARKET',
  'PHARMACY', 'ELECTRICAL', 'MACHINERY', 'INDUSTRIES', 'MARKETING', 'HOLDINGS', 'INTERNATIONAL', 'SERVICES',
  'PRINTING', 'CORPORATION', 'TRADING', 'ENTERPRISE', 'FURNITURE', 'ENGINEERING', 'CONSTRUCTION', 'HEALTHCARE',
  'BOOKSTORE', 'SUPPLIES', 'TRAVEL', 'KITCHEN', 'COFFEE', 'STATION', 'PERNIAGAAN', 'SYARIKAT', 'BERHAD', 'LIMITED',
];
const OLD_LEGAL = /\b(sdn\.?\s*bhd|bhd|s\/b|berhad|enterprise|trading|plt|ltd|limited|co\.|corporation|company|restoran|restaurant|cafe|store|stores|mart|hardware|stationery|bakery|supermarket|pharmacy|kedai|syarikat|services?|industries|marketing|holdings)\b/i;
const OLD_LABEL_LINE = /\b(tel|telephone|phone|fax|h\/?p|mobile|e-?mail|www|http|gst|sst|reg(istration)?|invoice|receipt|date|time|cashier|table|order|bill|slip|counter|member|doc|no\s*:\s*\d|served|welcome|trans|pos|thank|please|returnable|refund|customer|copy|cash|change|qty|amt|price|description)\b|@/i;
const OLD_ADDRESS_WORD = /\b(no|lot|level|lvl|floor|flr|jalan|jln|lorong|lrg|persiaran|taman|tmn|bandar|blok|block|blk|bangunan|wisma|plaza|kompleks|complex|mall|kampung|kg|batu|seksyen|section|ss\d+|usj|pju|street|st|road|rd|avenue|lane|suite|unit|building|centre|center|square|park|industri|perindustrian|kawasan|selangor|kuala|lumpur|johor|penang|pulau|pinang|perak|melaka|malacca|kedah|pahang|sabah|sarawak|negeri|sembilan|terengganu|kelantan|perlis|putrajaya|labuan|malaysia|darul|ehsan|bahru|shah|alam|petaling|jaya|klang|cheras|puchong|subang|ampang|kajang|seri|sri|kl)\b/i;
const OLD_ADDRESS_STOP = /\b(tel|telephone|phone|fax|h\/?p|mobile|e-?mail|www|http|gst|sst|reg(istration)?|invoice|receipt|date|cashier|table|order|bill|slip|counter|member|doc|served|welcome|open|hours|id\s*no|tax|outlet|careline)\b|\d{2,4}[-\s]?\d{3,4}[-\s]?\d{4}|(?<![\w/])[O0]\d{1,2}\s?-\s?\d{3,4}\s?-?\s?\d{3,4}\b|\d{9,}|\b\d{1,2}[/-]\d{1,2}[/-]\d{2,4}\b/i;

const sorted = (l: readonly string[]) => [...l].sort();

describe('receipt words data', () => {
  test('each language once; lists lower case (capitals for the OCR-repair lists), each word once', () => {
    const codes = RECEIPT_WORDS.map((r) => r.language);
    expect(new Set(codes).size).toBe(codes.length);
    for (const r of RECEIPT_WORDS) {
      for (const k of ['merchantWords', 'misreadLabels', 'headerLabels', 'addressWords', 'addressStop'] as const) {
        expect(new Set(r[k]).size).toBe(r[k].length);
        for (const w of r[k]) expect(w).toBe(w.toLowerCase());
      }
      for (const w of r.businessWords) expect(w).toBe(w.toUpperCase());
      for (const list of Object.values(r.sums)) expect(new Set(list).size).toBe(list!.length);
    }
    for (const p of RECEIPT_PLACES) expect(new Set(p.names).size).toBe(p.names.length);
  });

  test('the sums words of every role, the legal forms (in their order) and the business words are the former lists', () => {
    for (const [role, words] of Object.entries(OLD_SUMS)) expect(sorted(sumWords(role as SumRole))).toEqual(sorted(words));
    expect(RECEIPT_LEGAL_FORMS).toEqual(OLD_LEGAL_FORMS);
    expect(sorted(receiptWords('businessWords'))).toEqual(sorted(OLD_BUSINESS_WORDS));
    expect(receiptWords('misreadLabels')).toEqual(['invoice', 'receipt', 'cashier']);
  });
});

describe('the receipt reader\'s header and address patterns match what the former lists matched', () => {
  const words = new Set<string>();
  for (const re of [OLD_LEGAL, OLD_LABEL_LINE, OLD_ADDRESS_WORD, OLD_ADDRESS_STOP]) for (const w of re.source.replace(/\\[sbdw]/g, ' ').split(/[^a-z/'-]+/)) if (w) words.add(w);
  for (const k of ['merchantWords', 'headerLabels', 'addressWords', 'addressStop'] as const) for (const w of receiptWords(k)) words.add(w);
  for (const w of ['sdn.bhd', 'sdnbhd', 'sdn  bhd', 'sdn. bhd', 'idno', 'id no', 'id  no', 'no: 12', 'no 12', 'ss2', 'ss 2', 'ss', 'co.x', 'h/p', 'hp', 'e-mail', 'email', 'registration']) words.add(w);
  const spellings = (w: string) => [w, w.toUpperCase(), w[0]!.toUpperCase() + w.slice(1), w.replace(/ /g, ''), w.replace(/ /g, '\t'), w.replace(/\./g, '')];
  const contexts = (s: string) => [s, `${s}.`, `${s}:`, `${s}s`, `x${s}`, `${s}x`, `a ${s} b`, `12 ${s}`, `${s} 12`, `${s}@x`, `${s}.x`, `${s}-x`, `${s}_x`, `NO. 3 ${s}`, `${s} 03-1234 5678`, `${s} 12/03/2019`];
  const probes = [...new Set([...words].flatMap((w) => spellings(w).flatMap(contexts)))];

  test(`${probes.length} probes`, () => {
    for (const [a, b] of [[LEGAL, OLD_LEGAL], [LABEL_LINE, OLD_LABEL_LINE], [ADDRESS_WORD, OLD_ADDRESS_WORD], [ADDRESS_STOP, OLD_ADDRESS_STOP]] as const) {
      expect(probes.filter((p) => a.test(p) !== b.test(p))).toEqual([]);
    }
    expect(probes.filter((p) => p.replace(LEGAL, '') !== p.replace(OLD_LEGAL, ''))).toEqual([]);
    expect(probes.filter((p) => ADDRESS_STOP.exec(p)?.index !== OLD_ADDRESS_STOP.exec(p)?.index)).toEqual([]);
  });
});
