/**
 * Words of till receipts, for the receipt reader of OCR'd receipts (ocr-repair/receipt.ts): the words of its
 * sums lines by role, the merchant's legal forms and trade words, the labels of header lines, address words and
 * the words that end an address block. Per language ('*': printed alike everywhere); place names of the
 * receipts' locale by country. The sums words are matched as whole words read through OCR confusions
 * ("Tota!", "SubTatal"), the others as whole words, case folded; a space in a header or address entry matches
 * any run of spaces, or none ("sdn bhd": "SDN BHD", "SDNBHD"). Name endings spell the letters OCR misreads in
 * the `{x}` notation of knowledge/ocr-confusions ("s{d}n": "SDN", "SON", "S0N").
 */

/** Roles of the words of a receipt's sums lines. */
export type SumRole =
  | 'total' | 'subtotal' | 'excluding' | 'including' | 'quantity' | 'final' | 'finalAlone' | 'amount' | 'strong' | 'tax'
  | 'rounding' | 'payment' | 'change' | 'discount' | 'summary' | 'totalLine';

export interface ReceiptWords {
  language: string;
  /**
   * Sums-line words by role: the total's ("Total", "Jumlah"), a subtotal's, a sum before tax ("excl"), one with tax
   * ("incl"), item counts, the final sum ("Grand", "Payable"; `finalAlone`: those naming it without "total"
   * beside an `amount` word), words that make a total line stronger, tax, rounding, payment, change, discounts,
   * the tax summary table; `totalLine`: words that label a line carrying some total ("Total", "Amount", "Nett",
   * "Jumlah": the lines OCR reads again where its two passes disagree, document/line-rereads.ts).
   */
  sums: Readonly<Partial<Record<SumRole, readonly string[]>>>;
  /** Words that name a kind of business (not names), in capitals, for OCR repair. */
  businessWords: readonly string[];
  /** Words that make a header line the merchant's name line (legal forms and trade words). */
  merchantWords: readonly string[];
  /** Header words OCR misreads by a letter or two ("LHVOICE"), checked through confusions. */
  misreadLabels: readonly string[];
  /** Words of header lines that are labels, not the merchant's name ("Tel", "Cashier", "GST Reg"). */
  headerLabels: readonly string[];
  /** Words of an address line (street and area words). */
  addressWords: readonly string[];
  /** Words that end the address block ("Tel", "GST", "Open hours"). */
  addressStop: readonly string[];
  /**
   * Words that tell a page is a till receipt: each entry is one cue, its spellings as whole words, case folded (a
   * space matches any run of spaces or none, a hyphen is optional and may be followed by one space: "sub-total":
   * "SubTotal", "Sub-Total", "Sub Total"). Two distinct cues make an OCR'd page a receipt.
   */
  cues: readonly (readonly string[])[];
  /** Cues found as word beginnings ("tender": "Tendered"), one cue each. */
  cuePrefixes: readonly string[];
  /**
   * Legal forms and trade words that end a merchant's name (where a name is cut and where a name broken over lines
   * ends), as whole words, case folded, with the letters OCR misreads in `{x}` notation ("S0N BHO"). ("co." needs
   * a letter after its dot, as the former rule had it.)
   */
  nameEnds: readonly string[];
  /** The legal forms that end a name printed again, in full, further down the receipt (as printed; a final dot may follow). */
  nameEndsAgain: readonly string[];
  /** Words that make a header line holding a legal form an address line all the same ("Lot 5, Wisma ACME Sdn Bhd"). */
  addressMarks: readonly string[];
  /** Words of a header line that end the search for the address block ("Tel", "Date", "Cashier"). */
  addressSearchStop: readonly string[];
  /** Phrases naming a kind of shop that read like label words ("Cash & Carry": no payment line). */
  shopKinds: readonly string[];
  /** Labels of the transaction date ("Date:", "Tarikh"), before a date on its line or a run of digits. */
  dateLabels: readonly string[];
  /** Abbreviated date labels ("Dt"), taken before a date on its line only (not before a bare run of digits). */
  dateAbbreviations: readonly string[];
  /**
   * Date labels also taken when OCR spaced their letters ("D A T E") or lost the first one ("ate:"), and anywhere
   * on the date's line, in any case.
   */
  garbledDateLabels: readonly string[];
  /** Labels of other dates than the transaction's, before a date ("Exp", "Valid", "Warranty"). */
  otherDateLabels: readonly string[];
  /**
   * Street and area words OCR repair spells an address word into when it is one confusable letter away ("TAHAN"
   * -> "TAMAN"), in capitals. Generic words of a language only: no place names (a gazetteer would hold one
   * country's towns).
   */
  addressRepairWords: readonly string[];
  /** Words before a one-letter unit or block code whose digit 1 OCR read as "i" or "l" ("Unit Gi" -> "Unit G1"). */
  unitWords: readonly string[];
  /** Lower-case words an address keeps among its capitals (all other short lower-case tokens are OCR noise). */
  addressSmallWords: readonly string[];
}

/**
 * Legal forms and trade words that end a merchant's name, as printed in capitals, in the order OCR repair tries
 * them (the first one a misread word is close enough to wins): Malaysian forms (SDN BHD, S/B, BERHAD, PLT),
 * English ones, and trade words in both languages.
 */
export const RECEIPT_LEGAL_FORMS: readonly string[] = ['SDN', 'BHD', 'BHD.', 'S/B', 'CO.', 'BERHAD', 'ENTERPRISE', 'TRADING', 'PLT', 'RESTAURANT', 'RESTORAN', 'HARDWARE', 'STATIONERY'];

const none = {
  sums: {}, businessWords: [], merchantWords: [], misreadLabels: [], headerLabels: [], addressWords: [], addressStop: [], cues: [], cuePrefixes: [],
  nameEnds: [], nameEndsAgain: [], addressMarks: [], addressSearchStop: [], shopKinds: [], dateLabels: [], dateAbbreviations: [],
  garbledDateLabels: [], otherDateLabels: [], addressRepairWords: [], unitWords: [], addressSmallWords: [],
} as const satisfies Omit<ReceiptWords, 'language'>;

export const RECEIPT_WORDS: readonly ReceiptWords[] = [
  {
    ...none,
    language: '*',
    headerLabels: ['tel', 'fax', 'email', 'e-mail', 'www', 'http'],
    addressStop: ['tel', 'fax', 'email', 'e-mail', 'www', 'http'],
    addressSearchStop: ['tel', 'fax'],
  },
  {
    ...none,
    language: 'en',
    sums: {
      total: ['total', 'ttl'],
      subtotal: ['subtotal', 'sub'],
      excluding: ['excl', 'excluding', 'exclusive', 'excluded', 'before', 'exc', 'ex', 'supplies', 'supply'],
      including: ['incl', 'inclusive', 'including', 'inc', 'after'],
      quantity: ['qty', 'quantity', 'item', 'items', 'count', 'pcs', 'unit', 'units', 'weight'],
      final: ['payable', 'grand', 'nett', 'net', 'rounded', 'after', 'due', 'final'],
      finalAlone: ['payable', 'grand', 'nett', 'net', 'due'],
      amount: ['amount', 'amt'],
      strong: ['incl', 'inclusive', 'including', 'inc', 'amount', 'amt', 'sales', 'bill'],
      tax: ['gst', 'tax', 'vat', 'sst', 'service'],
      rounding: ['rounding', 'round', 'adj', 'adjustment', 'rounded'],
      payment: ['cash', 'paid', 'payment', 'tender', 'tendered', 'visa', 'master', 'mastercard', 'card', 'credit', 'edc', 'debit', 'received', 'pay'],
      change: ['change', 'balance', 'changes'],
      discount: ['discount', 'disc', 'savings', 'saving', 'saved', 'deposit', 'voucher', 'points', 'point'],
      summary: ['summary', 'code'],
      totalLine: ['total', 'amount', 'amt', 'payable', 'due', 'net', 'nett'],
    },
    businessWords: [
      'BAKERY', 'BAKERIES', 'CONFECTIONERY', 'STATIONERY', 'HARDWARE', 'RESTAURANT', 'SUPERMARKET', 'PHARMACY', 'ELECTRICAL', 'MACHINERY',
      'INDUSTRIES', 'MARKETING', 'HOLDINGS', 'INTERNATIONAL', 'SERVICES', 'PRINTING', 'CORPORATION', 'TRADING', 'ENTERPRISE', 'FURNITURE',
      'ENGINEERING', 'CONSTRUCTION', 'HEALTHCARE', 'BOOKSTORE', 'SUPPLIES', 'TRAVEL', 'KITCHEN', 'COFFEE', 'STATION', 'LIMITED',
    ],
    merchantWords: [
      'enterprise', 'trading', 'ltd', 'limited', 'co.', 'corporation', 'company', 'restaurant', 'cafe', 'store', 'stores', 'mart', 'hardware',
      'stationery', 'bakery', 'supermarket', 'pharmacy', 'service', 'services', 'industries', 'marketing', 'holdings',
    ],
    misreadLabels: ['invoice', 'receipt', 'cashier'],
    headerLabels: [
      'telephone', 'phone', 'mobile', 'gst', 'sst', 'reg', 'registration', 'invoice', 'receipt', 'date', 'time', 'cashier', 'table', 'order',
      'bill', 'slip', 'counter', 'member', 'doc', 'served', 'welcome', 'trans', 'pos', 'thank', 'please', 'returnable', 'refund', 'customer',
      'copy', 'cash', 'change', 'qty', 'amt', 'price', 'description',
    ],
    addressWords: [
      'no', 'lot', 'level', 'lvl', 'floor', 'flr', 'block', 'blk', 'plaza', 'complex', 'mall', 'section', 'street', 'st', 'road', 'rd', 'avenue',
      'lane', 'suite', 'unit', 'building', 'centre', 'center', 'square', 'park',
    ],
    addressStop: [
      'telephone', 'phone', 'mobile', 'gst', 'sst', 'reg', 'registration', 'invoice', 'receipt', 'date', 'cashier', 'table', 'order', 'bill',
      'slip', 'counter', 'member', 'doc', 'served', 'welcome', 'open', 'hours', 'id no', 'tax', 'outlet', 'careline',
    ],
    cues: [['cash'], ['change'], ['round', 'rounding'], ['cashier'], ['receipt'], ['thank you'], ['gst'], ['qty'], ['sub-total']],
    cuePrefixes: ['tender'],
    nameEnds: ['ltd', 'limited', 'inc', 'co.', 'enterprise', 'trading'],
    nameEndsAgain: ['ltd', 'co', 'enterprise', 'trading'],
    addressMarks: ['no', 'lot', 'level', 'floor'],
    addressSearchStop: ['date', 'cashier'],
    shopKinds: ['cash & carry', 'cash and carry', 'cash n carry'],
    dateLabels: ['date', 'dated'],
    dateAbbreviations: ['dt'],
    garbledDateLabels: ['date'],
    otherDateLabels: ['exp', 'expiry', 'valid', 'due', 'warranty', 'birth'],
    addressRepairWords: ['SECTION', 'STREET', 'ROAD', 'AVENUE', 'BUILDING', 'CENTRE', 'CENTER', 'SQUARE', 'FLOOR', 'LEVEL', 'BLK'],
    unitWords: ['unit', 'lot', 'no', 'blk', 'block', 'level', 'lvl', 'suite', 'shop', 'kiosk'],
    addressSmallWords: ['of'],
  },
  {
    ...none,
    language: 'ms',
    // "RM": the ringgit's sign, printed before a total's amount
    sums: { total: ['jumlah'], strong: ['rm'], totalLine: ['jumlah'] },
    businessWords: ['RESTORAN', 'PERNIAGAAN', 'SYARIKAT', 'BERHAD'],
    merchantWords: ['sdn bhd', 'sdn. bhd', 'bhd', 's/b', 'berhad', 'plt', 'restoran', 'kedai', 'syarikat'],
    // "H/P": hand phone
    headerLabels: ['hp', 'h/p'],
    addressWords: [
      'lot', 'jalan', 'jln', 'lorong', 'lrg', 'persiaran', 'taman', 'tmn', 'bandar', 'blok', 'bangunan', 'wisma', 'plaza', 'kompleks', 'kampung',
      'kg', 'batu', 'seksyen', 'industri', 'perindustrian', 'kawasan',
    ],
    addressStop: ['hp', 'h/p'],
    cues: [['sdn bhd', 'sdn. bhd', 'bhd', 's/b']],
    nameEnds: ['s{d}n bh{d}', 's{d}n. bh{d}', 'bh{d}', 's/b', 'berhad', 'plt'],
    nameEndsAgain: ['sdn bhd', 'sdn. bhd', 'bhd', 's/b', 'berhad', 'plt'],
    addressMarks: ['jalan', 'jln'],
    dateLabels: ['tarikh'],
    addressRepairWords: [
      'JALAN', 'JLN', 'TAMAN', 'TMN', 'LORONG', 'LRG', 'PERSIARAN', 'BANDAR', 'BLOK', 'BANGUNAN', 'WISMA', 'PLAZA', 'KOMPLEKS', 'KAMPUNG', 'SEKSYEN',
      'INDUSTRI', 'PERINDUSTRIAN', 'KAWASAN', 'MUKIM', 'UTARA', 'SELATAN', 'TIMUR', 'BARAT', 'BARU', 'BATU',
    ],
    unitWords: ['lorong', 'lrg'],
    // "di": at ("Lot 5 di Taman ...")
    addressSmallWords: ['di'],
  },
];

type ListKey = Exclude<keyof ReceiptWords, 'language' | 'sums' | 'cues'>;

/** One list of every language, in the order of RECEIPT_WORDS, each word once. */
export function receiptWords(key: ListKey): readonly string[] {
  return [...new Set(RECEIPT_WORDS.flatMap((r) => r[key]))];
}

/** The receipt cues of every language, each a list of spellings. */
export function receiptCueSpellings(): readonly (readonly string[])[] {
  return RECEIPT_WORDS.flatMap((r) => r.cues);
}

/** The sums words of a role in every language, each once. */
export function sumWords(role: SumRole): readonly string[] {
  return [...new Set(RECEIPT_WORDS.flatMap((r) => r.sums[role] ?? []))];
}
