import { RECEIPT_LEGAL_FORMS, RECEIPT_WORDS, receiptWords, sumWords, type SumRole } from '../../src/knowledge/receipts/index.js';
import { RECEIPT_FIELD_WORDS } from '../../src/knowledge/field-words/index.js';
import { LEGAL_FORMS, ORGANIZATION_WORDS } from '../../src/knowledge/legal-forms/index.js';
import {
  ADDRESS_MARK, ADDRESS_SEARCH_STOP, ADDRESS_STOP, ADDRESS_WORD, DATE_LABEL_BEFORE, DATE_LABEL_ON_LINE, LABEL_LINE, LEGAL, NAME_ENDS_AGAIN, OTHER_DATE_LABEL,
  receiptCues, receiptField, SHOP_KIND, SUFFIX, SUFFIX_ONE,
} from '../../src/ocr-repair/receipt.js';
import { MONTHS3, RE_LABELLED_RUN } from '../../src/ocr-repair/readers.js';
import { LEXICON, SMALL_WORD, UNIT_WORD } from '../../src/ocr-repair/address.js';
import { fieldWords } from '../../src/schema/semantic.js';
import type { LeafNode } from '../../src/schema/compile.js';

/** The receipt reader's lists before they became data (ocr-repair/receipt.ts), verbatim. */
const OLD_SUMS: Record<Exclude<SumRole, 'totalLine'>, string[]> = {
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
const OLD_ADDRESS_WORD = /\b(no|lot|level|lvl|floor|flr|jalan|jln|lorong|lrg|persiaran|taman|tmn|bandar|blok|block|blk|bangunan|wisma|plaza|kompleks|complex|mall|kampung|kg|batu|seksyen|section|ss\d+|street|st|road|rd|avenue|lane|suite|unit|building|centre|center|square|park|industri|perindustrian|kawasan)\b/i;
const OLD_ADDRESS_STOP = /\b(tel|telephone|phone|fax|h\/?p|mobile|e-?mail|www|http|gst|sst|reg(istration)?|invoice|receipt|date|cashier|table|order|bill|slip|counter|member|doc|served|welcome|open|hours|id\s*no|tax|outlet|careline)\b|\d{2,4}[-\s]?\d{3,4}[-\s]?\d{4}|(?<![\w/])[O0]\d{1,2}\s?-\s?\d{3,4}\s?-?\s?\d{3,4}\b|\d{9,}|\b\d{1,2}[/-]\d{1,2}[/-]\d{2,4}\b/i;

const sorted = (l: readonly string[]) => [...l].sort();

describe('receipt words data', () => {
  test('each language once; lists lower case (capitals for the OCR-repair lists), each word once', () => {
    const codes = RECEIPT_WORDS.map((r) => r.language);
    expect(new Set(codes).size).toBe(codes.length);
    for (const r of RECEIPT_WORDS) {
      for (const k of [
        'merchantWords', 'misreadLabels', 'headerLabels', 'addressWords', 'addressStop', 'cuePrefixes', 'nameEnds', 'nameEndsAgain', 'addressMarks',
        'addressSearchStop', 'shopKinds', 'dateLabels', 'dateAbbreviations', 'garbledDateLabels', 'otherDateLabels', 'unitWords', 'addressSmallWords',
      ] as const) {
        expect(new Set(r[k]).size).toBe(r[k].length);
        for (const w of r[k]) expect(w).toBe(w.toLowerCase());
      }
      for (const w of [...r.businessWords, ...r.addressRepairWords]) expect(w).toBe(w.toUpperCase());
      expect(new Set(r.addressRepairWords).size).toBe(r.addressRepairWords.length);
      for (const list of Object.values(r.sums)) expect(new Set(list).size).toBe(list!.length);
    }
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

describe('the receipt reader\'s cue, name-ending, date and address-search patterns match the former in-code ones', () => {
  /** The former rules of ocr-repair/receipt.ts and readers.ts, verbatim. */
  const OLD_CUES = [/\bcash\b/i, /\bchange\b/i, /\bround(ing)?\b/i, /\bcashier\b/i, /\breceipt\b/i, /\bthank\s*you\b/i, /\bgst\b/i, /\btender/i, /\b(sdn\.?\s*bhd|bhd|s\/b)\b/i, /\bRM\s?\d/, /\bqty\b/i, /\bsub-?\s?total\b/i];
  const oldReceiptCues = (text: string) => OLD_CUES.filter((re) => re.test(text)).length;
  const OLD_SUFFIX_ONE = /\b(s[do0]n\.?\s*bh[do0]|bh[do0]|s\/b|berhad|plt|ltd|limited|inc|co\.|enterprise|trading)\b/i;
  const OLD_SUFFIX = /\b(s[do0]n\.?\s*bh[do0]|bh[do0]|s\/b|berhad|plt|ltd|limited|inc|co\.|enterprise|trading)\b\.?/gi;
  const OLD_AGAIN_ENDS = 'SDN\\.?\\s*BHD|BHD|S\\/B|BERHAD|PLT|LTD|CO|ENTERPRISE|TRADING';
  const OLD_SHOP_KIND = /\bcash\s*(?:&|and|n)\s*carry\b/gi;
  const OLD_ADDRESS_MARK = /\b(no|lot|jalan|jln|level|floor)\b/i;
  const OLD_ADDRESS_SEARCH_STOP = /\b(tel|fax|date|cashier)\b/i;
  const OLD_DATE_LABEL_BEFORE = /\b(date|dated|tarikh|dt)\b|d\s?a\s?t\s?e|ate\s*[:.]/;
  const OLD_DATE_LABEL_ON_LINE = /\bdate\b/i;
  const OLD_OTHER_DATE_LABEL = /\b(exp|expiry|valid|due|warranty|birth)\b/i;
  const OLD_LABELLED_RUN = /(\b(?:date|dated|tarikh)\s*[:.]?\s*)(\d{10}|\d{8})(?!\d)/gi;

  const words = new Set<string>();
  const oldSources = [...OLD_CUES, OLD_SUFFIX, OLD_SHOP_KIND, OLD_ADDRESS_MARK, OLD_ADDRESS_SEARCH_STOP, OLD_DATE_LABEL_BEFORE, OLD_OTHER_DATE_LABEL, OLD_LABELLED_RUN].map((r) => r.source);
  for (const src of [...oldSources, OLD_AGAIN_ENDS.toLowerCase()]) for (const w of src.replace(/\\[sbdw]/g, ' ').split(/[^a-z/'&-]+/)) if (w) words.add(w);
  for (const k of ['cuePrefixes', 'nameEndsAgain', 'addressMarks', 'addressSearchStop', 'shopKinds', 'dateLabels', 'dateAbbreviations', 'garbledDateLabels', 'otherDateLabels'] as const) for (const w of receiptWords(k)) words.add(w);
  for (const w of receiptWords('nameEnds')) for (const c of ['d', 'o', '0']) words.add(w.replace(/\{d\}/g, c));
  for (const w of [
    'sdn.bhd', 'sdnbhd', 'sdn  bhd', 's0n bh0', 'son bho', 's0n.bho', 'sdn bhd.', 'bho', 'bh0', 'bhd.', 'co.ltd', 'co.', 'co', 'inc.', 'sub-total', 'sub total', 'sub- total',
    'subtotal', 'sub--total', 'thank you', 'thankyou', 'thank  you', 'tendered', 'rounding', 'round', 'cash & carry', 'cash&carry', 'cash and carry', 'cashncarry', 'cash n carry',
    'd a t e', 'd at e', 'date:', 'ate:', 'ate .', 'ate', 'dated:', 'dt', 'tarikh', 'expiry', 'exp', 'rm 12', 'rm12', 'rm', 'no', 'lot', 'floor',
  ]) words.add(w);
  const spellings = (w: string) => [w, w.toUpperCase(), w[0]!.toUpperCase() + w.slice(1), w.replace(/ /g, ''), w.replace(/ /g, '\t'), w.replace(/\./g, '')];
  const contexts = (s: string) => [s, `${s}.`, `${s}:`, `${s}s`, `x${s}`, `${s}x`, `a ${s} b`, `12 ${s}`, `${s} 12`, `${s}.x`, `${s}-x`, `${s}_x`, `ACME ${s}`, `ACME ${s}. 12345-X`,
    `ACME ${s} (12345-X) x`, `${s}: 25042017`, `${s} 2540422017`, `${s}:12/03/2019`, `${s} RM 12.50`];
  const probes = [...new Set([...words].flatMap((w) => spellings(w).flatMap(contexts)))];
  const matches = (re: RegExp, p: string) => [...p.matchAll(re)].map((m) => `${m.index}:${m[0]}`).join('|');

  test(`${probes.length} probes: receipt cues, legal-form endings (through OCR confusions), the name printed again`, () => {
    expect(probes.filter((p) => receiptCues(p) !== oldReceiptCues(p))).toEqual([]);
    expect(probes.filter((p) => SUFFIX_ONE.test(p) !== OLD_SUFFIX_ONE.test(p))).toEqual([]);
    expect(probes.filter((p) => matches(SUFFIX, p) !== matches(OLD_SUFFIX, p))).toEqual([]);
    // as the name-again rule uses them: after a run of spaces, as a whole word, a dot may follow
    const again = new RegExp(`\\s+(?:${NAME_ENDS_AGAIN})\\b\\.?`, 'gi');
    const oldAgain = new RegExp(`\\s+(?:${OLD_AGAIN_ENDS})\\b\\.?`, 'gi');
    expect(probes.filter((p) => matches(again, p) !== matches(oldAgain, p))).toEqual([]);
  });

  test(`${probes.length} probes: date labels, other dates' labels, digit runs after a label, address-search stops, shop kinds`, () => {
    expect(probes.filter((p) => DATE_LABEL_BEFORE.test(p.toLowerCase()) !== OLD_DATE_LABEL_BEFORE.test(p.toLowerCase()))).toEqual([]);
    expect(probes.filter((p) => DATE_LABEL_ON_LINE.test(p) !== OLD_DATE_LABEL_ON_LINE.test(p))).toEqual([]);
    expect(probes.filter((p) => OTHER_DATE_LABEL.test(p) !== OLD_OTHER_DATE_LABEL.test(p))).toEqual([]);
    expect(probes.filter((p) => matches(RE_LABELLED_RUN, p) !== matches(OLD_LABELLED_RUN, p))).toEqual([]);
    expect(probes.filter((p) => ADDRESS_MARK.test(p) !== OLD_ADDRESS_MARK.test(p))).toEqual([]);
    expect(probes.filter((p) => ADDRESS_SEARCH_STOP.test(p) !== OLD_ADDRESS_SEARCH_STOP.test(p))).toEqual([]);
    expect(probes.filter((p) => p.replace(SHOP_KIND, '') !== p.replace(OLD_SHOP_KIND, ''))).toEqual([]);
  });

  test('the misread-month reader compares with the English months\' first three letters, January first', () => {
    expect(MONTHS3).toEqual(['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec']);
  });

  test('each name ending, its OCR marks read as the letter, is a legal form or organisation word (knowledge/legal-forms) or a receipt legal form', () => {
    const known = new Set([...LEGAL_FORMS.flatMap((f) => f.variants), ...Object.values(ORGANIZATION_WORDS).flat(), ...RECEIPT_LEGAL_FORMS].map((v) => v.toLowerCase().replace(/\.$/, '')));
    for (const w of [...receiptWords('nameEnds'), ...receiptWords('nameEndsAgain')]) expect([w, known.has(w.replace(/\{(.)\}/g, '$1').replace(/\.$/, ''))]).toEqual([w, true]);
  });

  /** The former receiptField, verbatim. */
  function oldReceiptField(leaf: Pick<LeafNode, 'name' | 'semantic' | 'reading'>): string | undefined {
    const n = fieldWords(leaf).join(' ');
    if (/\b(customer|buyer|client|bill|billing|ship|shipping|delivery|recipient|payer)\b/.test(n)) return undefined;
    if (leaf.semantic === 'organization' || (/\b(company|merchant|store|shop|vendor|seller|issuer)\b/.test(n) && !/\b(address|id|number|no|phone|tax|vat|gst|reg)\b/.test(n))) return 'company';
    if (leaf.semantic === 'address') return 'address';
    if (leaf.semantic === 'date' && !/\b(due|expir|end|start|delivery|birth|valid|until|from|to)\b/.test(n)) return 'date';
    if (leaf.semantic === 'amount' && /\b(total|grand|paid|payable|due)\b/.test(n) && !/\b(sub|subtotal|tax|vat|gst|net|excl|before|discount|tip|change|cash)\b/.test(n)) return 'total';
    return undefined;
  }
  const nameWordsAll = [...new Set([
    ...Object.values(RECEIPT_FIELD_WORDS).flatMap((f) => [...f.words, ...('unlessWords' in f ? f.unlessWords : [])]),
    ...oldReceiptField.toString().match(/\\b\(([a-z|]+)\)\\b/g)!.flatMap((g) => g.slice(3, -3).split('|')),
    'expiry', 'expiration', 'date', 'amount', 'name', 'x', 'subtotals', 'totals', 'grandtotal', 'transaction', 'merchant',
  ])];
  const names = [...nameWordsAll, ...nameWordsAll.flatMap((a) => nameWordsAll.map((b) => `${a}_${b}`)), ...nameWordsAll.map((w) => `receipt${w[0]!.toUpperCase()}${w.slice(1)}Value`)];
  const semantics = ['organization', 'address', 'date', 'amount', 'text', undefined] as const;

  test(`${names.length * semantics.length} schema fields: which receipt field each asks for`, () => {
    expect(nameWordsAll).toEqual(expect.arrayContaining(['expir', 'payer', 'reg', 'tip']));
    const differ: string[] = [];
    for (const name of names) for (const semantic of semantics) {
      const leaf = { name, semantic, reading: undefined } as unknown as Pick<LeafNode, 'name' | 'semantic' | 'reading'>;
      if (receiptField(leaf) !== oldReceiptField(leaf)) differ.push(`${name}/${semantic}`);
    }
    expect(differ).toEqual([]);
  });
});

describe('the address repair\'s lexicon and unit words', () => {
  /** The former street and area words of ocr-repair/address.ts, verbatim (its place names are gone). */
  const OLD_LEXICON = [
    'JALAN', 'JLN', 'TAMAN', 'TMN', 'LORONG', 'LRG', 'PERSIARAN', 'BANDAR', 'BLOK', 'BANGUNAN', 'WISMA', 'PLAZA',
    'KOMPLEKS', 'KAMPUNG', 'SEKSYEN', 'SECTION', 'STREET', 'ROAD', 'AVENUE', 'BUILDING', 'CENTRE', 'CENTER', 'SQUARE',
    'INDUSTRI', 'PERINDUSTRIAN', 'KAWASAN', 'MUKIM', 'FLOOR', 'LEVEL', 'UTARA', 'SELATAN', 'TIMUR', 'BARAT', 'BARU',
    'BATU', 'BLK',
  ];
  const OLD_UNIT_WORD = /^(unit|lot|no|blk|block|level|lvl|suite|shop|kiosk|lorong|lrg)$/i;
  const OLD_SMALL_WORD = /^(of|di)$/;

  test('the lexicon holds the former street and area words, each once, and no place names', () => {
    expect(new Set(LEXICON).size).toBe(LEXICON.length);
    expect(sorted(LEXICON)).toEqual(sorted(OLD_LEXICON));
  });

  test('unit words and the lower-case words an address keeps', () => {
    const probes = [...new Set([...OLD_UNIT_WORD.source.split(/[^a-z]+/), ...receiptWords('unitWords'), 'of', 'di', 'OF', 'Di', 'units', 'x', 'lots', 'LOT', 'Unit', 'n', 'do'].filter(Boolean))];
    expect(probes.filter((p) => UNIT_WORD.test(p) !== OLD_UNIT_WORD.test(p))).toEqual([]);
    expect(probes.filter((p) => SMALL_WORD.test(p) !== OLD_SMALL_WORD.test(p))).toEqual([]);
  });
});
