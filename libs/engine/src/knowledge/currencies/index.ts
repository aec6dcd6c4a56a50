/**
 * Currencies as printed: ISO 4217 codes, symbols and names. A code printed on the page names its currency; a
 * symbol does where it is unambiguous ("R$", "zł", "₺"); a bare "$" is read as US dollars (no better default
 * exists without the caller's help), and a symbol several currencies share ("kr": Swedish, Norwegian, Danish and
 * Icelandic crowns) names one only on a page in the language of its country (homeSymbols).
 */
export interface Currency {
  code: string;
  /** Symbols as printed, longest first within the currency ("US$" before "$"). A symbol holding a letter counts only next to a number. */
  symbols: readonly string[];
  /** Names as written in running text, lower case. */
  names: readonly string[];
  /** Printed with a bare "$" in its own country (so a "$" beside this currency's code means it, not US dollars). */
  dollarSign?: boolean;
  /** Symbols shared with other currencies, read as this one on a page in one of these languages (ISO 639-1). */
  homeSymbols?: { languages: readonly string[]; symbols: readonly string[] };
}

export const CURRENCIES: readonly Currency[] = [
  { code: 'EUR', symbols: ['€'], names: ['euro', 'euros'] },
  { code: 'USD', symbols: ['US$', 'U$S', '$'], names: ['us dollar', 'us dollars', 'u.s. dollars'], dollarSign: true },
  { code: 'GBP', symbols: ['£'], names: ['pound sterling', 'pounds sterling'] },
  { code: 'CHF', symbols: ['SFr.', 'Fr.'], names: ['swiss francs', 'franken', 'francs suisses'] },
  { code: 'JPY', symbols: ['¥', '円'], names: ['yen'] },
  { code: 'CNY', symbols: ['RMB', '元'], names: ['yuan', 'renminbi'] },
  { code: 'INR', symbols: ['₹', 'Rs.', 'Rs'], names: ['rupee', 'rupees'] },
  { code: 'MYR', symbols: ['RM'], names: ['ringgit'] },
  { code: 'SGD', symbols: ['S$'], names: ['singapore dollars'], dollarSign: true },
  { code: 'HKD', symbols: ['HK$'], names: ['hong kong dollars'], dollarSign: true },
  { code: 'AUD', symbols: ['AU$', 'A$'], names: ['australian dollars'], dollarSign: true },
  { code: 'NZD', symbols: ['NZ$'], names: ['new zealand dollars'], dollarSign: true },
  { code: 'CAD', symbols: ['CA$', 'C$'], names: ['canadian dollars'], dollarSign: true },
  { code: 'MXN', symbols: ['MX$', 'Mex$'], names: ['pesos mexicanos', 'mexican pesos'], dollarSign: true },
  { code: 'BRL', symbols: ['R$'], names: ['reais'] },
  { code: 'ARS', symbols: [], names: ['pesos argentinos'], dollarSign: true },
  { code: 'CLP', symbols: [], names: ['pesos chilenos'], dollarSign: true },
  { code: 'COP', symbols: [], names: ['pesos colombianos'], dollarSign: true },
  { code: 'UYU', symbols: [], names: [], dollarSign: true },
  { code: 'PLN', symbols: ['zł'], names: ['złotych', 'zloty'] },
  { code: 'CZK', symbols: ['Kč'], names: ['korun'] },
  { code: 'HUF', symbols: ['Ft'], names: ['forint'] },
  // "LEI" is also the Legal Entity Identifier of finance: in capitals, RON only on a Romanian page
  { code: 'RON', symbols: ['lei'], names: [], homeSymbols: { languages: ['ro'], symbols: ['LEI', 'Lei'] } },
  { code: 'BGN', symbols: ['лв'], names: [] },
  { code: 'SEK', symbols: [], names: ['kronor'], homeSymbols: { languages: ['sv'], symbols: ['kr'] } },
  { code: 'NOK', symbols: [], names: ['kroner'], homeSymbols: { languages: ['nb', 'nn', 'no'], symbols: ['kr'] } },
  { code: 'DKK', symbols: [], names: [], homeSymbols: { languages: ['da'], symbols: ['kr.', 'kr'] } },
  { code: 'ISK', symbols: [], names: [], homeSymbols: { languages: ['is'], symbols: ['kr.', 'kr'] } },
  { code: 'TRY', symbols: ['₺'], names: ['türk lirası'], homeSymbols: { languages: ['tr'], symbols: ['TL'] } },
  { code: 'RUB', symbols: ['₽'], names: [] },
  { code: 'UAH', symbols: ['₴'], names: [] },
  { code: 'ILS', symbols: ['₪'], names: [] },
  { code: 'KRW', symbols: ['₩'], names: [] },
  { code: 'THB', symbols: ['฿'], names: ['baht'] },
  { code: 'PHP', symbols: ['₱'], names: [] },
  { code: 'VND', symbols: ['₫'], names: [] },
  { code: 'IDR', symbols: ['Rp'], names: ['rupiah'] },
  { code: 'TWD', symbols: ['NT$'], names: [], dollarSign: true },
  { code: 'NGN', symbols: ['₦'], names: ['naira'] },
  { code: 'ZAR', symbols: [], names: ['rand'] },
  { code: 'AED', symbols: [], names: ['dirhams'] },
  { code: 'SAR', symbols: [], names: ['riyals'] },
  { code: 'QAR', symbols: [], names: [] },
  { code: 'KWD', symbols: [], names: [] },
  { code: 'EGP', symbols: [], names: [] },
  { code: 'MAD', symbols: [], names: ['dirhams marocains'] },
  { code: 'KES', symbols: [], names: [] },
];

/** Currencies printed with a bare "$" at home. */
export const DOLLAR_CURRENCIES: ReadonlySet<string> = new Set(CURRENCIES.filter((c) => c.dollarSign).map((c) => c.code));

/** ISO codes that are also common words in capitals ("ALL", "TOP", "PEN") are left out of the list above. */
export const CURRENCY_CODES: readonly string[] = CURRENCIES.map((c) => c.code);
/** The same codes, to ask whether a word is one ("EUR", "BRL"). */
export const CURRENCY_CODE_SET: ReadonlySet<string> = new Set(CURRENCY_CODES);

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

function symbolPattern(sym: string): string {
  const e = escapeRe(sym);
  // a symbol holding a letter ("R$", "Rs", "zł", "Fr.") is a currency only next to a number, and never inside a word
  return /\p{L}/u.test(sym) ? `(?<![\\p{L}])(?:${e}(?=\\s?\\d)|(?<=\\d\\s?)${e}(?![\\p{L}]))` : e;
}

const allSymbols = CURRENCIES.flatMap((c) => c.symbols.map((s) => ({ s, code: c.code }))).sort((a, b) => b.s.length - a.s.length);
const allNames = CURRENCIES.flatMap((c) => c.names.map((n) => ({ n, code: c.code }))).sort((a, b) => b.n.length - a.n.length);

/** A name as printed: lower case, capitalised or in capitals. */
const nameVariants = (n: string) => [n, n[0]!.toUpperCase() + n.slice(1), n.toUpperCase()];

/** A currency mention (symbol, ISO code or name); use with the 'gu' flags (symbols and codes are case-sensitive). */
export const CURRENCY_MENTION_SOURCE = [
  ...allSymbols.map((x) => symbolPattern(x.s)),
  `(?<![\\p{L}\\p{N}])(?:${CURRENCY_CODES.join('|')})(?![\\p{L}\\p{N}])`,
  `(?<![\\p{L}])(?:${allNames.flatMap((x) => nameVariants(x.n)).map((n) => escapeRe(n).replace(/ /g, '\\s+')).join('|')})(?![\\p{L}])`,
].join('|');

const codeRe = new RegExp(`(?<![\\p{L}\\p{N}])(${CURRENCY_CODES.join('|')})(?![\\p{L}\\p{N}])`, 'u');
const symbolRes = allSymbols.map((x) => ({ re: new RegExp(symbolPattern(x.s), 'u'), code: x.code }));
const nameRes = allNames.map((x) => ({ re: new RegExp(`(?<![\\p{L}])${escapeRe(x.n).replace(/ /g, '\\s+')}(?![\\p{L}])`, 'iu'), code: x.code }));

const homeSymbols = CURRENCIES.flatMap((c) => (c.homeSymbols?.symbols ?? []).map((s) => ({ s, code: c.code, languages: c.homeSymbols!.languages })))
  .sort((a, b) => b.s.length - a.s.length);

/** Symbols some currency reads as its own on pages in its country's language (use with the 'gu' flags). */
export const HOME_SYMBOL_SOURCE = [...new Set(homeSymbols.map((x) => x.s))].map(symbolPattern).join('|');

/** The currency a shared symbol ("kr") names on a page in `language`, if one does. */
export function homeCurrencyOf(symbol: string, language: string | undefined): string | undefined {
  if (!language) return undefined;
  return homeSymbols.find((x) => x.s === symbol && x.languages.includes(language))?.code;
}

/** The ISO 4217 code a text names: a printed code first, else the longest symbol, else a name. */
export function currencyOf(text: string): string | undefined {
  const code = codeRe.exec(text);
  if (code) return code[1];
  // a symbol alone (the mention itself) has no number beside it: read it bare
  for (const x of allSymbols) if (text.trim() === x.s) return x.code;
  for (const x of symbolRes) if (x.re.test(text)) return x.code;
  for (const x of nameRes) if (x.re.test(text)) return x.code;
  return undefined;
}
