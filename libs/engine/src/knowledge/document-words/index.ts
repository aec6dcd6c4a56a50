/**
 * Words documents print that are not the label of one field (those are in labels/): what tells a line is no
 * party's name, document titles, the registration details an issuer prints beside its name, the words of a
 * table's sums rows, words that put a date in another role, and the phrases of contracts that cue a field. Per
 * language; '*' holds what every language prints alike ("IBAN", "www."). Each list is matched by one rule, as
 * its comment says; the rule builds its pattern from the list with `wordsPattern`.
 */

/** What sentences say near a value of a field asking for this role (see field-words CUE_ROLES). */
export type CueRole = 'effective' | 'signed' | 'end' | 'start' | 'term' | 'renewal' | 'notice' | 'due';

export interface DocumentWords {
  /** ISO 639-1 code, or '*' for words printed alike in every language. */
  language: string;
  /**
   * Words of a line that is no party's name (titles, labels, greetings, till chatter), as whole words, case
   * folded; the issuer reader drops such lines unless they hold a legal form.
   */
  notName: readonly string[];
  /** Abbreviations of `notName` printed with a final dot ("No.", "Nr."): the word and its dot anywhere. */
  notNameAbbreviations: readonly string[];
  /** Document titles printed around a letterhead name ("ACME Ltd Invoice", "Rechnung - ACME"). */
  titles: readonly string[];
  /** Words that may stand before a title ("Tax Invoice"). */
  titleQualifiers: readonly string[];
  /**
   * Registration and bank details an issuer prints next to its own name ("USt-IdNr.", "KvK", "Registered in"),
   * whole words; a space in an entry matches any run of spaces, or none.
   */
  issuerDetails: readonly string[];
  /**
   * Words that open a table row of sums ("Subtotal", "Summe", "Te betalen"); a hyphen in an entry is optional and
   * may be followed or replaced by one space ("sub-total": "Subtotal", "Sub-total", "Sub total").
   */
  sumRowStart: readonly string[];
  /** Words that make a table row a sums row wherever they stand in it ("Net 30 days total"); hyphens as above. */
  sumRowAnywhere: readonly string[];
  /**
   * Words that say a sum includes tax, printed before a tax's name ("incl. VAT", "inclusief btw", "c/ IVA") or after
   * it ("TVA incluse", "KDV dahil"); those before it also open a sums row. With the language's one-word total
   * labels they compose total labels ("Total incl. VAT"; knowledge/labels `languagePhrases`).
   */
  taxIncluded: readonly string[];
  taxIncludedAfter: readonly string[];
  /**
   * Words that say a sum leaves tax out, before a tax's name ("excl. VAT", "sem IVA", "hors TVA", "ohne MwSt") or after
   * it ("IVA esclusa", "KDV hariç"): they compose subtotal labels, alone and after a one-word total label ("Total s/
   * IVA", "Summe ohne MwSt").
   */
  taxExcluded: readonly string[];
  taxExcludedAfter: readonly string[];
  /** Names of taxes, short and generic ("VAT", "tax", "IVA", "imposto"), as those words qualify them. */
  taxNames: readonly string[];
  /**
   * Beginnings of words that label a date of another role than a document's own (delivery, due, order, a
   * period's bounds), matched at the start of a word in the label before a date.
   */
  dateRoleStems: readonly string[];
  /** Words printed between the two dates of a period ("01.06. bis 30.06.", "June 1 to June 30"). */
  rangeWords: readonly string[];
  /**
   * Phrases (or word beginnings) near a value of each role, found in the text before the value (a date's also after
   * it, in its clause): a contract's ("commencing", "expires"), and the verbs of a payment deadline ("zahlbar",
   * "over te maken"). Verbs and phrases of sentences, not labels: a label printed in a header row above other
   * values would cue them all.
   */
  cues: Readonly<Partial<Record<CueRole, readonly string[]>>>;
  /**
   * Nouns that, printed right after a label found on the page ("Invoice" + "Date", "Rechnungs" + "betrag"), make it
   * another field's label; whole words, case folded.
   */
  labelNouns: readonly string[];
  /**
   * Words of a line at the top of a longer document's first page that is no letterhead name (a title, a page or
   * date line, a phone or web line), found anywhere in the line, even inside a word, case folded.
   */
  notLetterhead: readonly string[];
  /** Words of a line that speaks of payment or its terms ("Payment: net 30", "Zahlung"), whole words, case folded. */
  paymentWords: readonly string[];
  /**
   * Words naming which copy of a document or slip a line is ("Customer copy", "Copie client", "Copia cliente"): such a
   * line is a title, never the heading of a party's block; whole words, case folded.
   */
  copyWords: readonly string[];
  /**
   * Titles of till slips ("Kassenbon", "Ticket", "Scontrino"): a line of them is a title, no name; those of five
   * letters or more also end compounds that are titles ("Kundenbeleg"). Whole words, case folded.
   */
  slipTitles: readonly string[];
}

const none = {
  notName: [], notNameAbbreviations: [], titles: [], titleQualifiers: [], issuerDetails: [], sumRowStart: [], sumRowAnywhere: [],
  taxIncluded: [], taxIncludedAfter: [], taxExcluded: [], taxExcludedAfter: [], taxNames: [], dateRoleStems: [], rangeWords: [], cues: {}, labelNouns: [], notLetterhead: [], paymentWords: [], copyWords: [], slipTitles: [],
} as const satisfies Omit<DocumentWords, 'language'>;

export const DOCUMENT_WORDS: readonly DocumentWords[] = [
  {
    ...none,
    language: '*',
    notLetterhead: ['tel', 'www.', '@'],
    notName: ['tel', 'fax', 'email', 'e-mail', 'www.', 'http', 'iban', 'bic', 'swift'],
    issuerDetails: ['iban', 'bic', 'swift'],
  },
  {
    ...none,
    language: 'en',
    copyWords: ['copy', 'duplicate'],
    slipTitles: ['receipt'],
    paymentWords: ['term', 'terms', 'payment', 'pay', 'paid', 'payable', 'condition', 'conditions'],
    notLetterhead: ['invoice', 'receipt', 'tax', 'page', 'date', 'phone'],
    notName: [
      'invoice', 'receipt', 'date', 'page', 'phone', 'vat', 'gst', 'tax', 'total', 'subtotal', 'amount', 'order', 'due', 'payment',
      'description', 'quantity', 'qty', 'price', 'summary', 'detail', 'details', 'item', 'items', 'position', 'positions', 'statement',
      'account', 'number', 'reference', 'copy', 'original', 'dear', 'thank', 'cash', 'change', 'cashier', 'table', 'counter', 'member',
      'pax', 'welcome', 'terminal', 'operator', 'visit', 'share', 'taxcode',
    ],
    notNameAbbreviations: ['no'],
    titles: ['invoice', 'receipt'],
    titleQualifiers: ['tax'],
    issuerDetails: ['vat', 'gst', 'abn', 'ein', 'coc', 'registered', 'reg no', 'reg. no', 'company no', 'director', 'directors', 'capital'],
    sumRowStart: ['sub-total', 'total', 'grand total', 'tax', 'vat', 'net total', 'amount due', 'balance'],
    sumRowAnywhere: ['sub-total', 'total', 'grand total', 'amount due', 'balance due'],
    taxIncluded: ['incl', 'including', 'inclusive of', 'inc', 'with'],
    taxExcluded: ['excl', 'excluding', 'exclusive of', 'ex', 'without', 'before'],
    taxNames: ['vat', 'tax', 'gst'],
    dateRoleStems: ['delivery', 'due', 'order', 'period', 'service', 'ship', 'valid', 'expir', 'payment', 'from', 'start', 'end'],
    rangeWords: ['to', 'until', 'through'],
    cues: {
      effective: ['effective', 'commenc', 'as of'],
      signed: ['dated', 'made', 'entered into', 'as of', 'executed'],
      end: ['expir', 'until', 'through', 'terminat', 'end'],
      start: ['start', 'from', 'begin', 'commenc'],
      term: ['term of', 'period of', 'remain in', 'continue', 'for a period', 'shall survive', 'expire'],
      renewal: ['renew', 'successive', 'automatically', 'extend'],
      notice: ['notice', 'prior to', 'written notice', 'before the end', 'non-renewal', 'not to renew'],
      due: ['due', 'payable', 'pay by', 'pay before', 'please pay', 'to be paid', 'remit', 'settle'],
    },
    labelNouns: ['date', 'dated', 'total', 'amount', 'period', 'address', 'summary', 'type', 'currency', 'terms', 'due', 'balance', 'value', 'sum', 'subtotal'],
  },
  {
    ...none,
    language: 'de', cues: { due: ['zahlbar', 'zahlen', 'überweisen', 'begleichen'] },
    copyWords: ['kopie', 'exemplar', 'ausfertigung', 'duplikat'],
    slipTitles: ['kassenbon', 'kassenbeleg', 'beleg', 'bon', 'quittung'],
    paymentWords: ['zahlung'],
    notLetterhead: ['rechnung'],
    notName: [
      'rechnung', 'quittung', 'datum', 'seite', 'telefon', 'ust', 'summe', 'gesamt', 'betrag', 'bestell', 'zahlung', 'position', 'artikel',
      'beschreibung', 'konto', 'nummer', 'kopie', 'original', 'sehr geehrte', 'danke',
    ],
    notNameAbbreviations: ['nr'],
    titles: ['rechnung'],
    issuerDetails: ['ust', 'ust-id', 'ust-idnr', 'uid', 'hrb', 'hra', 'handelsregister', 'amtsgericht', 'geschäftsführer', 'sitz', 'steuernummer', 'bankverbindung'],
    sumRowStart: ['summe', 'zwischensumme', 'gesamt', 'mwst'],
    sumRowAnywhere: ['summe', 'zwischensumme', 'gesamtbetrag'],
    taxIncluded: ['inkl', 'inklusive', 'incl', 'mit'],
    taxExcluded: ['exkl', 'exklusive', 'excl', 'ohne', 'vor'],
    taxNames: ['mwst', 'ust', 'steuer', 'steuern'],
    dateRoleStems: ['liefer', 'fällig', 'bestell', 'zeitraum', 'leistung', 'versand', 'zahlung', 'bis'],
    rangeWords: ['bis'],
    labelNouns: ['datum', 'summe', 'gesamt', 'betrag', 'adresse'],
  },
  {
    ...none,
    language: 'nl', cues: { due: ['betalen', 'betaald', 'over te maken', 'overmaken', 'voldoen', 'voldaan'] },
    copyWords: ['kopie', 'exemplaar', 'duplicaat'],
    slipTitles: ['kassabon', 'kassaticket', 'klantenbon', 'klantenticket', 'bon'],
    paymentWords: ['betaling'],
    notLetterhead: ['factuur'],
    notName: ['factuur', 'bon', 'datum', 'btw', 'totaal', 'bedrag', 'betaling', 'artikel', 'omschrijving', 'nummer', 'kopie', 'bedankt'],
    notNameAbbreviations: ['nr'],
    titles: ['factuur'],
    issuerDetails: ['btw', 'kvk'],
    sumRowStart: ['totaal', 'subtotaal', 'btw', 'te betalen'],
    sumRowAnywhere: ['totaal', 'subtotaal'],
    taxIncluded: ['inclusief', 'incl', 'inc', 'met'],
    taxIncludedAfter: ['inbegrepen'],
    taxExcluded: ['exclusief', 'excl', 'ex', 'zonder'],
    taxNames: ['btw'],
    dateRoleStems: ['lever', 'verval', 'betaal'],
    labelNouns: ['datum', 'totaal', 'bedrag', 'adres'],
  },
  {
    ...none,
    language: 'fr', cues: { due: ['payer', 'payable', 'payée', 'régler', 'réglée', 'acquitter'] },
    copyWords: ['copie', 'exemplaire', 'duplicata'],
    slipTitles: ['ticket', 'reçu'],
    paymentWords: ['paiement'],
    notLetterhead: ['facture'],
    notName: ['facture', 'date', 'page', 'tva', 'total', 'montant', 'paiement', 'description', 'position', 'désignation', 'original', 'merci'],
    titles: ['facture'],
    issuerDetails: ['tva', 'siret', 'siren', 'rcs', 'capital', 'siège'],
    sumRowStart: ['total', 'tva', 'montant'],
    sumRowAnywhere: ['total', 'total ttc', 'total ht'],
    taxIncluded: ['avec', 'incl'],
    taxIncludedAfter: ['incluse', 'comprise', 'incluses', 'comprises'],
    taxExcluded: ['hors', 'sans', 'excl'],
    taxNames: ['tva', 'taxe', 'taxes'],
    dateRoleStems: ['échéance'],
    labelNouns: ['date', 'total', 'montant', 'adresse'],
  },
  {
    ...none,
    language: 'it', cues: { due: ['pagare', 'pagabile', 'pagata', 'saldare', 'versare'] },
    copyWords: ['copia', 'esemplare'],
    slipTitles: ['scontrino', 'ricevuta', 'documento commerciale', 'scontrino fiscale'],
    notName: ['fattura', 'totale', 'importo', 'grazie'],
    taxIncluded: ['con', 'incl'],
    taxIncludedAfter: ['inclusa', 'compresa', 'incl'],
    taxExcluded: ['senza', 'escl'],
    taxExcludedAfter: ['esclusa', 'escl'],
    taxNames: ['iva', 'imposta', 'imposte'],
  },
  {
    ...none,
    language: 'es', cues: { due: ['pagar', 'pagadero', 'pagada', 'abonar', 'liquidar'] },
    copyWords: ['copia', 'ejemplar', 'duplicado'],
    slipTitles: ['ticket', 'recibo'],
    notName: ['factura', 'fecha', 'total', 'importe', 'gracias'],
    taxIncluded: ['con', 'incl'],
    taxIncludedAfter: ['incluido', 'incluida', 'incl'],
    taxExcluded: ['sin', 'excl'],
    taxExcludedAfter: ['excluido', 'excluida'],
    taxNames: ['iva', 'impuesto', 'impuestos'],
  },
  // "c/", "s/": com, sem
  { ...none, language: 'pt', cues: { due: ['pagar', 'pagável', 'ser paga', 'liquidar', 'liquidada'] }, copyWords: ['cópia', 'exemplar', 'duplicado', 'via cliente', 'via do cliente', 'via estabelecimento'], slipTitles: ['talão', 'recibo'], notName: ['fatura', 'total', 'obrigado'], taxIncluded: ['com', 'c/'], taxIncludedAfter: ['incluído'], taxExcluded: ['sem', 's/'], taxNames: ['iva', 'icms', 'iss', 'imposto', 'impostos'] },
  // Nordic, Finnish, Romanian, Hungarian and Turkish: rules that match whole words with \b see only words that begin
  // and end in an ASCII letter ("dato", "számla"); "beløb", "yhteensä", "áfa" are left to the label data.
  {
    ...none,
    language: 'da', cues: { due: ['betales', 'betaling senest', 'overføres'] },
    copyWords: ['kopi', 'eksemplar'],
    slipTitles: ['kvittering', 'bon'],
    notName: ['faktura', 'kvittering', 'kreditnota', 'dato', 'moms', 'betaling', 'antal', 'beskrivelse', 'kunde', 'konto', 'nummer', 'kopi'],
    notNameAbbreviations: ['nr'],
    titles: ['faktura', 'kreditnota', 'kvittering'],
    issuerDetails: ['cvr', 'cvr-nr', 'se-nr', 'momsnr', 'kontonr'],
    sumRowStart: ['subtotal', 'total', 'i alt', 'moms', 'at betale'],
    sumRowAnywhere: ['i alt'],
    taxIncluded: ['inkl', 'inklusive', 'med'],
    taxExcluded: ['ekskl', 'eksklusive', 'uden'],
    taxNames: ['moms'],
    dateRoleStems: ['forfald', 'lever', 'ordre', 'betalingsfrist', 'betales', 'gyldig'],
    rangeWords: ['til'],
    labelNouns: ['dato', 'total', 'adresse', 'periode', 'valuta'],
  },
  {
    ...none,
    language: 'nb', cues: { due: ['betales', 'betaling innen', 'overføres'] },
    copyWords: ['kopi', 'eksemplar'],
    slipTitles: ['kvittering'],
    notName: ['faktura', 'kvittering', 'kreditnota', 'dato', 'mva', 'totalt', 'betaling', 'antall', 'beskrivelse', 'kunde', 'konto', 'nummer', 'kopi', 'takk'],
    notNameAbbreviations: ['nr'],
    titles: ['faktura', 'kreditnota', 'kvittering'],
    issuerDetails: ['org.nr', 'orgnr', 'org nr', 'mva', 'foretaksregisteret', 'kontonr'],
    sumRowStart: ['totalt', 'mva', 'delsum'],
    taxIncluded: ['inkl', 'inklusive', 'med'],
    taxExcluded: ['eks', 'ekskl', 'uten'],
    taxNames: ['mva'],
    dateRoleStems: ['forfall', 'lever', 'ordre', 'bestill', 'betalingsfrist', 'betales', 'gyldig'],
    rangeWords: ['til'],
    labelNouns: ['dato', 'totalt', 'adresse', 'periode', 'valuta'],
  },
  { ...none, language: 'sv', cues: { due: ['betalas', 'betala', 'senast'] }, copyWords: ['kopia', 'exemplar'], slipTitles: ['kvitto'], taxIncluded: ['inkl', 'inklusive', 'med'], taxExcluded: ['exkl', 'exklusive', 'utan'], taxNames: ['moms'] },
  { ...none, language: 'pl', cues: { due: ['zapłacić', 'zapłaty', 'płatne', 'płatna', 'uregulować'] }, copyWords: ['kopia', 'egzemplarz'], slipTitles: ['paragon fiskalny'], taxExcluded: ['bez'], taxNames: ['vat', 'podatku'] },
  // "vč.": včetně (including)
  { ...none, language: 'cs', cues: { due: ['uhradit', 'uhraďte', 'zaplatit'] }, copyWords: ['kopie', 'exemplář'], slipTitles: ['účtenka'], taxIncluded: ['s', 'vč', 'včetně'], taxExcluded: ['bez'], taxNames: ['dph'] },
  {
    ...none,
    language: 'fi', cues: { due: ['maksettava', 'maksakaa'] },
    copyWords: ['kopio'],
    slipTitles: ['kuitti'],
    notName: ['lasku', 'kuitti', 'pvm', 'alv', 'summa', 'maksu', 'kuvaus', 'asiakas', 'tilinumero', 'kiitos', 'sivu'],
    titles: ['lasku', 'hyvityslasku', 'kuitti'],
    issuerDetails: ['y-tunnus', 'alv', 'kotipaikka', 'tilinumero'],
    sumRowStart: ['summa', 'alv', 'veroton'],
    taxIncluded: ['sis'],
    taxExcluded: ['ilman'],
    taxNames: ['alv'],
    dateRoleStems: ['eräp', 'erap', 'erää', 'eraa', 'toimitus', 'tilaus', 'maksettava', 'voimassa'],
    labelNouns: ['pvm', 'summa', 'osoite'],
  },
  {
    ...none,
    language: 'ro', cues: { due: ['achitat', 'achita', 'plătit', 'plătită'] },
    copyWords: ['copie', 'exemplar'],
    slipTitles: ['bon fiscal', 'bon', 'chitanță'],
    notName: ['factura', 'chitanta', 'pagina', 'tva', 'suma', 'cantitate', 'denumire', 'furnizor', 'cumparator', 'multumim'],
    notNameAbbreviations: ['nr'],
    titles: ['factura', 'factura fiscala', 'chitanta'],
    issuerDetails: ['cui', 'cif', 'c.i.f', 'cod fiscal', 'nr. reg. com', 'capital social', 'euid'],
    sumRowStart: ['total', 'total general', 'tva', 'total de plata'],
    taxIncluded: ['cu'],
    taxExcluded: ['fără', 'fara'],
    taxNames: ['tva'],
    dateRoleStems: ['scadenț', 'scadenţ', 'scadent', 'livr', 'comand', 'perioad', 'termen', 'expedierii', 'valabil'],
    rangeWords: ['până la', 'pana la'],
    labelNouns: ['data', 'suma', 'total', 'adresa', 'valoare'],
  },
  {
    ...none,
    language: 'hu', cues: { due: ['fizetendő', 'fizesse', 'utalja', 'átutalni'] },
    copyWords: ['másolat', 'példány'],
    slipTitles: ['nyugta'],
    notName: ['számla', 'nyugta', 'dátum', 'oldal', 'afa', 'fizetés', 'mennyiség', 'megnevezés', 'köszönjük', 'bankszámla', 'adószám'],
    notNameAbbreviations: ['sz'],
    titles: ['számla', 'nyugta'],
    issuerDetails: ['adószám', 'cégjegyzékszám', 'bankszámlaszám', 'cg'],
    taxExcludedAfter: ['nélkül', 'nelkul'],
    taxNames: ['áfa', 'afa'],
    dateRoleStems: ['fizetési', 'fizetesi', 'határid', 'hatarid', 'esedék', 'esedek', 'teljesít', 'teljesit', 'szállítás', 'szallitas', 'rendel', 'megrendel', 'időszak', 'idoszak', 'érvényes', 'ervenyes'],
    labelNouns: ['dátum', 'kelte', 'összeg', 'összesen'],
  },
  {
    ...none,
    language: 'tr', cues: { due: ['ödenmesi', 'ödeyiniz', 'ödenecek'] },
    copyWords: ['kopya', 'nüsha'],
    slipTitles: ['fiş', 'fis'],
    notName: ['fatura', 'fis', 'tarih', 'sayfa', 'kdv', 'toplam', 'tutar', 'odeme', 'miktar', 'açıklama', 'hesap', 'numara', 'teşekkür', 'tesekkur'],
    notNameAbbreviations: ['no'],
    titles: ['fatura', 'e-arşiv fatura', 'e-arsiv fatura'],
    issuerDetails: ['vergi dairesi', 'vkn', 'mersis', 'ticaret sicil', 'vergi no', 'v.d'],
    sumRowStart: ['toplam', 'ara toplam', 'genel toplam', 'kdv', 'matrah'],
    taxIncludedAfter: ['dahil'],
    taxExcludedAfter: ['hariç', 'haric'],
    taxNames: ['kdv'],
    dateRoleStems: ['vade', 'son ödeme', 'son odeme', 'ödeme', 'odeme', 'teslim', 'sevk', 'sipariş', 'siparis', 'irsaliye', 'dönem', 'donem', 'geçerl', 'gecerl', 'bitiş', 'bitis'],
    labelNouns: ['tarihi', 'tarih', 'tutar', 'toplam', 'adresi', 'adres'],
  },
];

type ListKey = { [K in keyof DocumentWords]: DocumentWords[K] extends readonly string[] ? K : never }[keyof DocumentWords];

/** One list of every language, in the order of DOCUMENT_WORDS, each word once. */
export function documentWords(key: Exclude<ListKey, 'language'>): readonly string[] {
  return [...new Set(DOCUMENT_WORDS.flatMap((d) => d[key]))];
}

/** Words that name a till slip or which copy it is (`copyWords`, `slipTitles`), every language, each once. */
export const SLIP_WORDS: readonly string[] = [...new Set([...documentWords('copyWords'), ...documentWords('slipTitles')])];
/** The slip words that also end a compound title ("Kundenbeleg", "Händlerkopie"): one word of five letters or more. */
export const SLIP_COMPOUND_ENDS: readonly string[] = SLIP_WORDS.filter((w) => w.length >= 5 && !w.includes(' '));

/** The cue phrases of a role in every language, each once. */
export function cuePhrases(role: CueRole): readonly string[] {
  return [...new Set(DOCUMENT_WORDS.flatMap((d) => d.cues[role] ?? []))];
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A regular expression source of an alternation of words, in the order given, each escaped; a space in a word
 * becomes `space` and a hyphen `hyphen` (both as written, by default). The caller adds the boundaries.
 */
export function wordsPattern(words: readonly string[], opts: { space?: string; hyphen?: string } = {}): string {
  return words.map((w) => {
    let src = escapeRe(w);
    if (opts.space !== undefined) src = src.replace(/ /g, opts.space);
    if (opts.hyphen !== undefined) src = src.replace(/-/g, opts.hyphen);
    return src;
  }).join('|');
}
