/**
 * Words of till receipts, for the receipt reader of OCR'd receipts (ocr-repair/receipt.ts): the words of its
 * sums lines by role, the merchant's legal forms and trade words, the labels of header lines, address words and
 * the words that end an address block. Per language ('*': printed alike everywhere); place names of the
 * receipts' locale by country. The sums words are matched as whole words read through OCR confusions
 * ("Tota!", "SubTatal"), the others as whole words, case folded; a space in a header or address entry matches
 * any run of spaces, or none ("sdn bhd": "SDN BHD", "SDNBHD").
 */

/** Roles of the words of a receipt's sums lines. */
export type SumRole =
  | 'total' | 'subtotal' | 'excluding' | 'including' | 'quantity' | 'final' | 'finalAlone' | 'amount' | 'strong' | 'tax'
  | 'rounding' | 'payment' | 'change' | 'discount' | 'summary';

export interface ReceiptWords {
  language: string;
  /**
   * Sums-line words by role: the total's ("Total", "Jumlah"), a subtotal's, a sum before tax ("excl"), one with tax
   * ("incl"), item counts, the final sum ("Grand", "Payable"; `finalAlone`: those naming it without "total"
   * beside an `amount` word), words that make a total line stronger, tax, rounding, payment, change, discounts,
   * the tax summary table.
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
}

/** Place names of the receipts' locale (states, large towns and their parts) that mark an address line. */
export const RECEIPT_PLACES: readonly { country: string; names: readonly string[] }[] = [
  {
    country: 'MY',
    names: [
      'usj', 'pju', 'selangor', 'kuala', 'lumpur', 'johor', 'penang', 'pulau', 'pinang', 'perak', 'melaka', 'malacca', 'kedah', 'pahang', 'sabah',
      'sarawak', 'negeri', 'sembilan', 'terengganu', 'kelantan', 'perlis', 'putrajaya', 'labuan', 'malaysia', 'darul', 'ehsan', 'bahru', 'shah',
      'alam', 'petaling', 'jaya', 'klang', 'cheras', 'puchong', 'subang', 'ampang', 'kajang', 'seri', 'sri', 'kl',
    ],
  },
];

/**
 * Legal forms and trade words that end a merchant's name, as printed in capitals, in the order OCR repair tries
 * them (the first one a misread word is close enough to wins): Malaysian forms (SDN BHD, S/B, BERHAD, PLT),
 * English ones, and trade words in both languages.
 */
export const RECEIPT_LEGAL_FORMS: readonly string[] = ['SDN', 'BHD', 'BHD.', 'S/B', 'CO.', 'BERHAD', 'ENTERPRISE', 'TRADING', 'PLT', 'RESTAURANT', 'RESTORAN', 'HARDWARE', 'STATIONERY'];

const none = { sums: {}, businessWords: [], merchantWords: [], misreadLabels: [], headerLabels: [], addressWords: [], addressStop: [] } as const;

export const RECEIPT_WORDS: readonly ReceiptWords[] = [
  {
    ...none,
    language: '*',
    headerLabels: ['tel', 'fax', 'email', 'e-mail', 'www', 'http'],
    addressStop: ['tel', 'fax', 'email', 'e-mail', 'www', 'http'],
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
  },
  {
    ...none,
    language: 'ms',
    // "RM": the ringgit's sign, printed before a total's amount
    sums: { total: ['jumlah'], strong: ['rm'] },
    businessWords: ['RESTORAN', 'PERNIAGAAN', 'SYARIKAT', 'BERHAD'],
    merchantWords: ['sdn bhd', 'sdn. bhd', 'bhd', 's/b', 'berhad', 'plt', 'restoran', 'kedai', 'syarikat'],
    // "H/P": hand phone
    headerLabels: ['hp', 'h/p'],
    addressWords: [
      'lot', 'jalan', 'jln', 'lorong', 'lrg', 'persiaran', 'taman', 'tmn', 'bandar', 'blok', 'bangunan', 'wisma', 'plaza', 'kompleks', 'kampung',
      'kg', 'batu', 'seksyen', 'industri', 'perindustrian', 'kawasan',
    ],
    addressStop: ['hp', 'h/p'],
  },
];

type ListKey = Exclude<keyof ReceiptWords, 'language' | 'sums'>;

/** One list of every language, in the order of RECEIPT_WORDS, each word once. */
export function receiptWords(key: ListKey): readonly string[] {
  return [...new Set(RECEIPT_WORDS.flatMap((r) => r[key]))];
}

/** The sums words of a role in every language, each once. */
export function sumWords(role: SumRole): readonly string[] {
  return [...new Set(RECEIPT_WORDS.flatMap((r) => r.sums[role] ?? []))];
}

/** Every place name of the receipts' locales. */
export const RECEIPT_PLACE_NAMES: readonly string[] = [...new Set(RECEIPT_PLACES.flatMap((p) => p.names))];
