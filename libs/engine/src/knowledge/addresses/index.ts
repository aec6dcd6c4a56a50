/**
 * Words of street addresses, as printed in each language the engine reads: street types ("Calle", "Via",
 * "Rua", "Rue"), their abbreviations, and the parts of an address that are not a street (floor, unit, industrial
 * estate, P.O. box). German and Dutch write the street type at the end of one word ("Hauptstraße",
 * "Industrieweg"): those are suffixes. A line holding one of these and a number reads as an address line, not
 * as a name.
 */
export interface AddressWords {
  language: string;
  /** Whole words (lower case, without a final dot). */
  words: readonly string[];
  /** Endings of one-word street names. */
  suffixes: readonly string[];
  /**
   * Words that make a line an address line without a number ("Postbus", "Rue de la Paix", "Suite"), so that it
   * is no party's name; as whole words, case folded, each spelling as printed ("st." needs its dot).
   */
  standalone: readonly string[];
  /**
   * The words of `words` that name a street's type ("St", "Road", "Straat", "Rue"): a postal-looking line whose
   * town ends in one ("4557 De Silva St") is a street line; as whole words, case folded, a final dot optional.
   */
  streetTypes?: readonly string[];
}

export const ADDRESS_WORDS: readonly AddressWords[] = [
  { language: 'en', words: ['street', 'st', 'road', 'rd', 'avenue', 'ave', 'av', 'lane', 'ln', 'drive', 'dr', 'boulevard', 'blvd', 'suite', 'ste', 'floor', 'fl', 'building', 'bldg', 'unit', 'way', 'court', 'ct', 'place', 'pl', 'square', 'sq', 'highway', 'hwy', 'parkway', 'pkwy', 'terrace', 'crescent', 'close', 'park', 'block', 'p.o. box', 'po box'], suffixes: [],
    streetTypes: ['st', 'street', 'ave', 'avenue', 'rd', 'road', 'blvd', 'boulevard', 'lane', 'ln', 'dr', 'drive', 'way', 'court', 'ct', 'place', 'pl'],
    standalone: ['street', 'st.', 'road', 'rd.', 'avenue', 'ave', 'ave.', 'lane', 'drive', 'dr', 'dr.', 'blvd', 'suite', 'floor', 'building', 'po box', 'p.o box', 'po. box', 'p.o. box'] },
  { language: 'ms', words: ['jalan', 'jln', 'taman', 'tmn', 'lorong', 'lrg', 'persiaran', 'lot', 'blok', 'bangunan', 'wisma', 'kompleks', 'kampung', 'seksyen'], suffixes: [], standalone: ['jalan', 'jln', 'taman'] },
  { language: 'fr', words: ['rue', 'avenue', 'av', 'boulevard', 'bd', 'allée', 'chemin', 'impasse', 'place', 'quai', 'route', 'rte', 'cours', 'voie', 'zone', 'za', 'zi', 'zac', 'lieu-dit', 'bp', 'cedex', 'étage', 'bâtiment', 'bât', 'résidence', 'chaussée', 'square', 'faubourg', 'passage'], suffixes: [], streetTypes: ['rue'], standalone: ['rue', 'avenue', 'allée', 'chemin'] },
  { language: 'de', words: ['str', 'straße', 'strasse', 'weg', 'gasse', 'platz', 'allee', 'ring', 'damm', 'ufer', 'chaussee', 'postfach', 'am', 'an der', 'im', 'zum', 'zur'], suffixes: ['straße', 'strasse', 'str', 'weg', 'gasse', 'platz', 'allee', 'ring', 'damm', 'ufer', 'chaussee', 'steig', 'pfad', 'zeile', 'kai', 'lände'], streetTypes: ['strasse', 'straße', 'str'], standalone: ['weg', 'strasse', 'straße', 'str.', 'gasse', 'platz'] },
  { language: 'es', words: ['calle', 'c/', 'avenida', 'avda', 'av', 'paseo', 'pº', 'plaza', 'pza', 'carretera', 'ctra', 'camino', 'ronda', 'travesía', 'polígono', 'pol', 'ind', 'nave', 'piso', 'planta', 'bajo', 'local', 'urbanización', 'urb', 'colonia', 'col', 'apartado', 'zona', 'parque empresarial'], suffixes: [], streetTypes: ['calle'], standalone: [] },
  { language: 'it', words: ['via', 'viale', 'v.le', 'piazza', 'p.zza', 'piazzale', 'corso', 'c.so', 'largo', 'strada', 'vicolo', 'contrada', 'località', 'loc', 'frazione', 'fraz', 'zona industriale', 'casella postale', 'piano', 'interno', 'int', 'scala'], suffixes: [], streetTypes: ['via'], standalone: [] },
  { language: 'nl', words: ['straat', 'laan', 'weg', 'plein', 'gracht', 'kade', 'dijk', 'singel', 'steeg', 'postbus', 'bus'], suffixes: ['straat', 'laan', 'weg', 'plein', 'gracht', 'kade', 'dijk', 'singel', 'steeg', 'pad', 'dreef', 'hof'], streetTypes: ['straat', 'weg', 'laan', 'plein', 'gracht'], standalone: ['straat', 'weg', 'laan', 'plein', 'postbus'] },
  { language: 'pl', words: ['ul', 'ulica', 'al', 'aleja', 'aleje', 'pl', 'plac', 'os', 'osiedle', 'skr. poczt', 'skrytka pocztowa', 'lok', 'lokal'], suffixes: [], standalone: [] },
  { language: 'cs', words: ['ulice', 'ul', 'nám', 'náměstí', 'tř', 'třída', 'nábř', 'nábřeží', 'sídliště', 'p.o. box'], suffixes: [], standalone: [] },
  { language: 'sv', words: ['gatan', 'gata', 'vägen', 'väg', 'torget', 'torg', 'gränd', 'box', 'lgh'], suffixes: ['gatan', 'gata', 'vägen', 'väg', 'torget', 'torg', 'gränd', 'backen', 'stigen', 'allén'], standalone: [] },
  { language: 'pt', words: ['rua', 'r', 'avenida', 'av', 'travessa', 'tv', 'largo', 'praça', 'pç', 'estrada', 'alameda', 'lote', 'zona industrial', 'andar', 'loja', 'bairro', 'quinta', 'lugar', 'apartado', 'caixa postal', 'sala', 'conjunto', 'edifício', 'edif'], suffixes: [], standalone: [] },
  { language: 'da', words: ['vej', 'gade', 'allé', 'plads', 'torv', 'stræde', 'postboks'], suffixes: ['gade', 'vej', 'vejen', 'allé', 'plads', 'pladsen', 'torv', 'torvet', 'stræde', 'vænget', 'bakken', 'parken'], standalone: ['postboks'] },
  // "gate" is left out: alone or as an ending ("Gate 5", "aggregate") it is English as often
  { language: 'nb', words: ['gata', 'vei', 'veien', 'veg', 'vegen', 'plass', 'torg', 'allé', 'postboks'], suffixes: ['gata', 'gaten', 'vei', 'veien', 'veg', 'vegen', 'plass', 'plassen', 'torg', 'torget', 'allé', 'bakken', 'stien', 'brygge'], standalone: ['postboks'] },
  // "tie" (road) only as an ending: alone it is an English word
  { language: 'fi', words: ['katu', 'kuja', 'polku', 'postilokero'], suffixes: ['katu', 'tie', 'kuja', 'polku', 'tori', 'väylä', 'raitti', 'rinne', 'kaari', 'ranta', 'puistikko'], standalone: ['postilokero'] },
  { language: 'ro', words: ['strada', 'str', 'bulevardul', 'bd', 'bdul', 'b-dul', 'calea', 'șoseaua', 'şoseaua', 'soseaua', 'șos', 'şos', 'aleea', 'piața', 'piaţa', 'piata', 'intrarea', 'splaiul', 'județul', 'judeţul', 'judetul', 'jud'], suffixes: [], standalone: ['strada', 'bulevardul', 'calea', 'aleea', 'soseaua'] },
  { language: 'hu', words: ['utca', 'út', 'útja', 'tér', 'körút', 'krt', 'sétány', 'köz', 'fasor', 'rakpart', 'lakótelep', 'ltp', 'emelet', 'ajtó', 'hrsz'], suffixes: [], standalone: ['utca', 'körút'] },
  // "Cad." and "Cd." are left out: CAD is the Canadian dollar, CD a compact disc on a receipt
  { language: 'tr', words: ['cadde', 'caddesi', 'sokak', 'sokağı', 'sokagi', 'sok', 'mahalle', 'mahallesi', 'mah', 'bulvar', 'bulvarı', 'bulvari', 'blv', 'daire', 'apartmanı', 'apartmani', 'iş merkezi', 'posta kutusu'], suffixes: [], standalone: ['caddesi', 'sokak', 'mahallesi'] },
];

/**
 * Words near an address block that make it the issuer's (its registration, tax, bank and contact details: "KvK",
 * "VAT", "IBAN", "www."), per language ('*': printed alike everywhere); found as word beginnings, case folded.
 */
export const ISSUER_BLOCK_MARKS: readonly { language: string; words: readonly string[] }[] = [
  { language: '*', words: ['iban', 'bic', 'swift', 'e-mail', 'email', 'www.'] },
  { language: 'en', words: ['vat', 'tax id', 'chamber of commerce', 'website'] },
  { language: 'nl', words: ['kvk', 'btw'] },
  { language: 'de', words: ['ust'] },
  { language: 'fr', words: ['siret', 'siren'] },
];

/**
 * Labels printed after the town on a postal line ("10115 Berlin Tel: ..."): a town's last word that is one of these
 * (a final dot or colon allowed) is no part of its name; per language ('*': printed alike everywhere), case folded.
 */
export const TOWN_LINE_LABELS: readonly { language: string; words: readonly string[] }[] = [
  { language: '*', words: ['tel', 'fax', 'e-mail', 'email', 'web', 'iban'] },
  { language: 'en', words: ['phone', 'website', 'vat'] },
  { language: 'fr', words: ['tél'] },
  { language: 'de', words: ['telefon'] },
  { language: 'nl', words: ['kvk', 'btw'] },
];

/**
 * What ends an address block read down from a letterhead's first address line: a line holding one of these
 * anywhere, even inside a word (a phone, tax or registration line, a document title or label, a contact line),
 * per language ('*': printed alike everywhere), case folded.
 */
export const ADDRESS_BLOCK_STOP: readonly { language: string; words: readonly string[] }[] = [
  { language: '*', words: ['tel', 'fax', 'e-mail', 'email', 'www', '@'] },
  { language: 'en', words: ['phone', 'gst', 'reg', 'invoice', 'receipt', 'date', 'tax'] },
];

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A street word of any language as a whole word (an abbreviation's dot optional), or a word ending in a street
 * suffix; for lines that also hold a number (use with the 'iu' flags).
 */
export function streetPattern(): string {
  const words = [...new Set(ADDRESS_WORDS.flatMap((a) => a.words))].sort((a, b) => b.length - a.length).map((w) => escapeRe(w).replace(/\\\.$/, '').replace(/ /g, '\\s+'));
  const suffixes = [...new Set(ADDRESS_WORDS.flatMap((a) => a.suffixes))].sort((a, b) => b.length - a.length).map(escapeRe);
  return `(?<![\\p{L}\\p{N}])(?:${words.join('|')})(?![\\p{L}\\p{N}])\\.?|\\p{L}{2,}(?:${suffixes.join('|')})(?![\\p{L}])\\.?`;
}

/** The standalone street words of every language, each once. */
export const STANDALONE_STREET_WORDS: readonly string[] = [...new Set(ADDRESS_WORDS.flatMap((a) => a.standalone))];

/** A line that reads as part of a postal address: a street word or street-name suffix and a house number. */
export const STREET_LINE_RE = new RegExp(`(?:${streetPattern()}).*\\d|\\d.*(?:${streetPattern()})`, 'iu');

/** The street-type words of every language, each once. */
export const STREET_TYPE_WORDS: readonly string[] = [...new Set(ADDRESS_WORDS.flatMap((a) => a.streetTypes ?? []))];
