/**
 * Type-driven candidate generation: every span in the document that could be a value of a given kind
 * (dates, amounts, durations, currencies, identifiers, organisations, jurisdictions, ...), with its
 * normalised value. Cached per document and kind.
 */
import { findDates } from '../normalize/dates.js';
import { findDurations } from '../normalize/durations.js';
import { parseAmount } from '../normalize/numbers.js';
import { CURRENCY_CODES, CURRENCY_MENTION_SOURCE, currencyOf, HOME_SYMBOL_SOURCE, homeCurrencyOf } from '../knowledge/currencies/index.js';
import type { DocContext, Span } from './context.js';
import { legalFormsPattern } from '../knowledge/legal-forms/index.js';
import { repairIban } from '../ocr-repair/iban.js';
import { CONCEPT_IDS, conceptPhrases, LABEL_WORDS, NUMBER_WORDS } from '../knowledge/labels/index.js';
import { WEB_TOP_LEVEL_DOMAINS } from '../knowledge/web-domains/index.js';
import { PAYMENT_METHOD_NAMES } from '../knowledge/payment-methods/index.js';
import { wordsPattern } from '../knowledge/document-words/index.js';

export interface RawCandidate extends Span {
  value: unknown;
  text: string;
  /** Kind-specific hints (e.g. amount has a currency sign / decimals). */
  hints?: Record<string, number>;
}

function scan(ctx: DocContext, key: string, re: RegExp, map: (m: RegExpMatchArray, p: number) => RawCandidate | RawCandidate[] | undefined): RawCandidate[] {
  return ctx.memo(key, () => {
    const out: RawCandidate[] = [];
    ctx.pages.forEach((page, p) => {
      re.lastIndex = 0;
      for (const m of page.text.matchAll(re)) {
        const c = map(m, p);
        if (Array.isArray(c)) out.push(...c);
        else if (c) out.push(c);
      }
    });
    return out;
  });
}

/**
 * Text layers split ordinal suffixes ("the 17t h day of May"); rejoin them in place (same length, so
 * offsets still point into the page text).
 */
export function rejoinOrdinals(text: string): string {
  return text.replace(/(\d)(s|n|r|t) (t|d|h)(?= )/gi, (m, d: string, a: string, b: string) => (/^(st|nd|rd|th)$/i.test(a + b) ? `${d}${a}${b} ` : m));
}

/**
 * OCR reads a date's point as a colon, semicolon or comma now and then ("04:07.2023"); a numeric date keeps
 * one separator throughout, so the odd one out is set to the other. A thin hyphen it may lose altogether ("08 08
 * 2025"): day, month and a year of this or the last century, spaced and standing alone, get their hyphens back. In
 * place: offsets still hold.
 */
export function repairDateSeparators(text: string): string {
  return text
    .replace(/(?<![\d:])(\d{1,2})[:;,](\d{1,2})([./-])(\d{4})(?!\d)/g, '$1$3$2$3$4')
    .replace(/(?<!\d)(\d{1,2})([./-])(\d{1,2})[:;,](\d{4})(?!\d)/g, '$1$2$3$2$4')
    .replace(/(?<![\p{N}.,:\/-] ?)(?<!\p{L})(\d{1,2}) (\d{1,2}) ((?:19|20)\d{2})(?![\p{L}\p{N}.,\/-]| (?!\d{1,2}:\d{2})\d)/gu, '$1-$2-$3');
}

export function dateCandidates(ctx: DocContext): RawCandidate[] {
  return ctx.memo('dates', () =>
    ctx.pages.flatMap((page, p) =>
      findDates(rejoinOrdinals(page.source === 'ocr' ? repairDateSeparators(page.text) : page.text), ctx.dateOrder).map((d) => ({ p, start: d.start, end: d.end, value: d.iso, text: page.text.slice(d.start, d.end), hints: { words: d.form === 'words' ? 1 : 0, ambiguous: d.ambiguous ? 1 : 0 } })),
    ),
  );
}

export function durationCandidates(ctx: DocContext): RawCandidate[] {
  return ctx.memo('durations', () =>
    ctx.pages.flatMap((page, p) =>
      findDurations(page.text).map((d) => ({ p, start: d.start, end: d.end, value: d.value, text: d.text, hints: { amount: d.amount } })),
    ),
  );
}

const AMOUNT_RE = /(?<![\w.,\/-])(\(?-?\s?(?:(?:US\$|\$|€|£|₹|¥|RM|Rs\.?|USD|EUR|GBP|INR|MYR|CHF)\s?)?-?\d{1,3}(?:(?:[,.'’\u00a0\u202f]| (?=\d{3}\b))\d{3})*(?:[.,]\d{1,2})?(?:\s?(?:€|EUR|USD|\$))?\)?-?)(?![\w\/]|[.,]\d)/g;
const PLAIN_AMOUNT_RE = /(?<![\w.,\/-])(-?(?:(?:US\$|\$|€|£|₹|RM|Rs\.?)\s?)?\d{4,9}(?:[.,]\d{1,2})?)(?![\w\/]|[.,]\d)/g;
/**
 * An amount whose two decimals stand one space after the separator ("19. 49", "5 657, 87 EUR"): OCR spacing out a
 * narrow point, or a layout printing it so. Only at the end of its line (a currency after it allowed), where a list of
 * numbers ("sizes 10, 12 and 14") does not stand.
 */
const SPACED_DECIMALS_RE = /(?<![\w.,\/-])(-?(?:(?:\$|€|£|RM)\s?)?\d{1,3}(?:(?:[.'’\u00a0\u202f]| (?=\d{3}\b))\d{3})*[.,] \d{2}(?:\s?(?:€|EUR|USD|\$))?)(?=[ \t]*$)/gm;

/** A space between two words of a line wider than this many of their heights is a gap between columns. */
const COLUMN_GAP = 1.2;

/**
 * Page p's text with each space that stands for a gap between columns turned into a tab (one character for one, so
 * offsets hold): "87 750     412 750" in two columns is two amounts, not 87,750,412,750. A thousands group set off
 * by a space is a word space wide at most.
 */
function amountScanText(ctx: DocContext, p: number): string {
  return ctx.memo(`amount-scan-text:${p}`, () => {
    const page = ctx.pages[p]!;
    let chars: string[] | undefined;
    for (let i = 0; i + 1 < page.words.length; i++) {
      const a = page.words[i]!;
      const b = page.words[i + 1]!;
      if (a.line !== b.line || b.start !== a.end + 1 || page.text[a.end] !== ' ') continue;
      const h = Math.max(a.bbox[3] - a.bbox[1], b.bbox[3] - b.bbox[1]) * page.height;
      if ((b.bbox[0] - a.bbox[2]) * page.width > COLUMN_GAP * h) (chars ??= page.text.split(''))[a.end] = '\t';
    }
    return chars ? chars.join('') : page.text;
  });
}

export function amountCandidates(ctx: DocContext): RawCandidate[] {
  return ctx.memo('amounts', () => {
    const out: RawCandidate[] = [];
    const seen = new Set<string>();
    // digit groups of an IBAN ("TR92 0001 ... 1234 56") are no amounts
    const ibans = ibanCandidates(ctx);
    // the spaced decimals first: their two parts ("19", "49") are no amounts of their own
    const spaced: { p: number; start: number; end: number }[] = [];
    for (const re of [SPACED_DECIMALS_RE, AMOUNT_RE, PLAIN_AMOUNT_RE]) {
      ctx.pages.forEach((page, p) => {
        for (const m of amountScanText(ctx, p).matchAll(re)) {
          const text = m[1].trim();
          const start = m.index! + m[0].indexOf(text);
          const key = `${p}:${start}`;
          if (seen.has(key) || spaced.some((x) => x.p === p && x.start <= start && x.end >= start + text.length)) continue;
          const read = re === SPACED_DECIMALS_RE ? text.replace(/([.,]) (\d{2})/, '$1$2') : text;
          const value = parseAmount(read, ctx.decimalHint);
          if (value === undefined) continue;
          seen.add(key);
          if (re === SPACED_DECIMALS_RE) spaced.push({ p, start, end: start + text.length });
          if (ibans.some((i) => i.p === p && i.start <= start && i.end >= start + text.length)) continue;
          const dec = /[.,]\d{2}\)?-?$/.test(read.replace(/\s?(€|EUR|USD|\$)$/, '')) ? 1 : 0;
          const cur = /[$€£₹¥]|RM|Rs|USD|EUR|GBP|INR|MYR|CHF/.test(text) ? 1 : 0;
          // Years, percentages, dates and times of day ("18:43:51", "18h43") are not amounts.
          const after = page.text.slice(start + text.length, start + text.length + 2);
          if (/^\s?%/.test(after)) continue;
          if (/^\d{1,2}$/.test(text) && (/^[:h]\d/.test(after) || /\d[:h]$/.test(page.text.slice(Math.max(0, start - 2), start)))) continue;
          const yearLike = !dec && !cur && /^(19|20)\d{2}$/.test(text) ? 1 : 0;
          out.push({ p, start, end: start + text.length, value: Math.abs(value), text, hints: { dec, cur, yearLike, neg: value < 0 ? 1 : 0 } });
        }
      });
    }
    return out;
  });
}

export function percentCandidates(ctx: DocContext): RawCandidate[] {
  // A point or comma before the rate is a decimal separator only after a digit ("1.19%"); after a word it is
  // punctuation or OCR dirt ("zzgl..19,0%"). One stray point or comma between the rate and its sign is
  // a speck read as a mark ("19.%").
  return scan(ctx, 'percent', /(?<!\d)(?<!\d[.,])(\d{1,2}(?:[.,]\d{1,3})?)[.,]?\s?%/g, (m, p) => ({
    p, start: m.index!, end: m.index! + m[0].length, value: Number(m[1].replace(',', '.')), text: m[0],
  }));
}

export function currencyCandidates(ctx: DocContext): RawCandidate[] {
  const named = scan(ctx, 'currency', new RegExp(CURRENCY_MENTION_SOURCE, 'gu'), (m, p) => {
    const code = currencyOf(m[0]);
    return code ? { p, start: m.index!, end: m.index! + m[0].length, value: code, text: m[0], hints: { symbol: /^[A-Z]{3}$/.test(m[0]) ? 0 : 1 } } : undefined;
  });
  // "kr" beside a number names a crown only in the language of its country
  const home = scan(ctx, 'currency-home', new RegExp(HOME_SYMBOL_SOURCE, 'gu'), (m, p) => {
    const code = homeCurrencyOf(m[0], ctx.pages[p]?.language);
    return code ? { p, start: m.index!, end: m.index! + m[0].length, value: code, text: m[0], hints: { symbol: 1 } } : undefined;
  });
  return home.length ? [...named, ...home] : named;
}

export function currencySymbolCandidates(ctx: DocContext): RawCandidate[] {
  return scan(ctx, 'currency_symbol', /[€£₹¥$]/g, (m, p) => ({ p, start: m.index!, end: m.index! + 1, value: m[0], text: m[0] }));
}

export function emailCandidates(ctx: DocContext): RawCandidate[] {
  return scan(ctx, 'email', /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g, (m, p) => ({ p, start: m.index!, end: m.index! + m[0].length, value: m[0], text: m[0] }));
}

/**
 * A web address ending in a top-level domain of knowledge/web-domains, with its path; not an e-mail address's domain,
 * nor the tail of one after a hyphen ("fournitures.fr" of "billing@evolis-fournitures.fr").
 */
export const WEB_ADDRESS_RE = new RegExp(String.raw`(?<![@\w.-])(?:https?:\/\/)?(?:www\.)?[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.(?:${WEB_TOP_LEVEL_DOMAINS.join('|')})(?:\/[^\s]*)?(?![@\w])`, 'gi');

export function urlCandidates(ctx: DocContext): RawCandidate[] {
  return scan(ctx, 'url', WEB_ADDRESS_RE, (m, p) => {
    const text = m[0].replace(/[.,;)]+$/, '');
    return { p, start: m.index!, end: m.index! + text.length, value: text, text, hints: { www: /^(https?:|www\.)/i.test(text) ? 1 : 0 } };
  });
}

export function phoneCandidates(ctx: DocContext): RawCandidate[] {
  return scan(ctx, 'phone', /(?<![\w+])(\+?\(?\d[\d ().\/-]{6,18}\d)(?!\w)/g, (m, p) => {
    const digits = m[1].replace(/\D/g, '');
    if (digits.length < 7 || digits.length > 15) return undefined;
    return { p, start: m.index!, end: m.index! + m[1].length, value: m[1], text: m[1] };
  });
}

export function ibanCandidates(ctx: DocContext): RawCandidate[] {
  const printed = scan(ctx, 'iban', /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?\b/g, (m, p) => ({ p, start: m.index!, end: m.index! + m[0].length, value: m[0], text: m[0] }));
  // OCR'd pages also: an IBAN with letters and digits confused, put right where its layout and checksum agree
  if (!ctx.pages.some((pg) => pg.source === 'ocr')) return printed;
  const repaired = scan(ctx, 'iban-repaired', /\b[A-Z]{2}[A-Z0-9]{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?\b/g, (m, p) => {
    if (ctx.pages[p]!.source !== 'ocr') return undefined;
    // the match may start at a word before the IBAN ("IBAN NLSO INGB ..."): try it from each word
    for (let k = 0; ; ) {
      const text = m[0].slice(k);
      const value = repairIban(text);
      if (value) return { p, start: m.index! + k, end: m.index! + m[0].length, value, text };
      const space = m[0].indexOf(' ', k);
      if (space < 0) return undefined;
      k = space + 1;
    }
  });
  return [...printed, ...repaired];
}

export function bicCandidates(ctx: DocContext): RawCandidate[] {
  return scan(ctx, 'bic', /\b[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}(?:[A-Z0-9]{3})?\b/g, (m, p) => ({ p, start: m.index!, end: m.index! + m[0].length, value: m[0], text: m[0] }));
}

/** Digit groups of three after a lead group, then a decimal separator and two digits: how amounts are printed. */
const MONEY_SHAPE = /^\d{1,3}(?:[ .,\u00a0]\d{3})+[.,]\d{2}$/;

export function vatCandidates(ctx: DocContext): RawCandidate[] {
  // a country prefix, then a letter where the number starts with one (Spanish NIF/CIF "B-50123456", "ESB91702274"),
  // digit groups split by dots, spaces or hyphens ("676-123-45-67", "556712-3456"), or the Swiss enterprise number
  // "CHE-123.456.789", or the Brazilian CNPJ with its branch after a slash "12.345.678/0001-95"
  return scan(ctx, 'vat', /\b\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}\b|\b(?:[A-Z]{2} ?)?(?:[A-Z]-?)?\d[\dA-Z. -]{6,14}[\dA-Z]\b|\bCHE-?\d{3}\.\d{3}\.\d{3}\b/g, (m, p) => {
    // a word of letters after a space is what the id is ("CHE-123.456.789 MWST"), not part of it
    const t = m[0].trim().replace(/(?<=\d)\s+[A-Z]{2,}$/, '');
    if ((t.match(/\d/g) ?? []).length < 7) return undefined;
    // thousands and cents ("18 549.22", "1.234.567,89") are a sum of money; no tax id is written so
    const cents = ctx.pages[p]!.text.slice(m.index! + t.length, m.index! + t.length + 4);
    if (MONEY_SHAPE.test(t) || (/^\d{1,3}(?:[ .\u00a0]\d{3})+$/.test(t) && /^[.,]\d{2}(?!\d)/.test(cents))) return undefined;
    return { p, start: m.index!, end: m.index! + t.length, value: t, text: t };
  });
}

/** Tokens that look like identifiers: contain a digit, or are all-caps codes. */
export function identifierCandidates(ctx: DocContext): RawCandidate[] {
  const single = scan(ctx, 'identifier', /(?<![\w\/#-])#?[A-Za-z0-9][\w\-\/.#]*[A-Za-z0-9]|(?<![\w])\d(?![\w])/g, (m, p) => {
    const t = m[0];
    if (!/\d/.test(t)) return undefined;
    return { p, start: m.index!, end: m.index! + t.length, value: t, text: t };
  });
  // references printed in groups: ISO 11649 creditor references ("RF18 5390 0754 7034"), Belgian structured
  // communications ("+++090/9337/55493+++"), digit blocks ("5390 0754 7034"); single spaces only
  const grouped = scan(ctx, 'identifier-grouped', /(?<![\w+\/-])(?:RF\d{2}(?: [A-Z0-9]{4}){1,5}(?: [A-Z0-9]{1,3})?|\+{3}\d{3}\/\d{4}\/\d{5}\+{3}|\d{3,5}(?: \d{3,5}){2,5})(?![\w\/-])/g, (m, p) => {
    const t = m[0];
    return { p, start: m.index!, end: m.index! + t.length, value: t, text: t };
  });
  // a document series printed before its number ("FT 2023/995", "FR 2025A/835"): short capitals that are no label
  // word ("NO 123", "PO 4500", "IVA 21") and no other word of the label vocabulary, unless a label's colon comes
  // right before them ("Your order: PO 55120", "Votre référence : BC 2026-114"): then they open the value; a
  // number word never does ("Invoice: No 123")
  const prefixed = scan(ctx, 'identifier-prefixed', /(?<![\p{L}\p{N}\/#.-])(\p{Lu}{1,4}) ([A-Za-z0-9][\w\-\/.]*\d[\w\-\/.]*[A-Za-z0-9]|\d)(?![\w\/-])/gu, (m, p) => {
    if (CURRENCY_CODES.includes(m[1]!) || numberWord(m[1]!)) return undefined;
    if (labelWord(m[1]!) && !/[:：][ \t]*$/.test(ctx.pages[p]!.text.slice(Math.max(0, m.index! - 3), m.index!))) return undefined;
    const t = m[0];
    return { p, start: m.index!, end: m.index! + t.length, value: t, text: t, hints: { prefixed: 1 } };
  });
  return [...single, ...grouped, ...prefixed];
}

const NUMBER_WORDS_FOLDED = new Set([...NUMBER_WORDS].map((w) => w.toLowerCase().replace(/\.$/, '')));
/** "No", "Nr", "Nº": a word that means "number". */
const numberWord = (w: string) => NUMBER_WORDS_FOLDED.has(w.toLowerCase());

let labelOpenings: ReadonlySet<string> | undefined;
/**
 * A word of the label vocabulary, any language (a capitalised one before a number is its label, not its series). A
 * word of one or two letters counts where a label opens with it ("PO"), not where it only ends one ("ne" of "Att.ne"):
 * "NE 2023/358" is a series and its number.
 */
const labelWord = (w: string) => {
  const l = w.toLowerCase();
  if (!LABEL_WORDS.has(l)) return false;
  labelOpenings ??= new Set(CONCEPT_IDS.flatMap((c) => conceptPhrases(c)).map((ph) => ph.split(/\s+/)[0]!.replace(/[.:]+$/, '')));
  return l.length > 2 || labelOpenings.has(l);
};

export const US_STATES = ['Alabama', 'Alaska', 'Arizona', 'Arkansas', 'California', 'Colorado', 'Connecticut', 'Delaware', 'Florida', 'Georgia', 'Hawaii', 'Idaho', 'Illinois', 'Indiana', 'Iowa', 'Kansas', 'Kentucky', 'Louisiana', 'Maine', 'Maryland', 'Massachusetts', 'Michigan', 'Minnesota', 'Mississippi', 'Missouri', 'Montana', 'Nebraska', 'Nevada', 'New Hampshire', 'New Jersey', 'New Mexico', 'New York', 'North Carolina', 'North Dakota', 'Ohio', 'Oklahoma', 'Oregon', 'Pennsylvania', 'Rhode Island', 'South Carolina', 'South Dakota', 'Tennessee', 'Texas', 'Utah', 'Vermont', 'Virginia', 'Washington', 'West Virginia', 'Wisconsin', 'Wyoming', 'District of Columbia'];
export const REGIONS = ['Ontario', 'Quebec', 'British Columbia', 'Alberta', 'England and Wales', 'England', 'Scotland', 'Hong Kong', 'Singapore', "People's Republic of China", 'PRC', 'China', 'Germany', 'France', 'Netherlands', 'The Netherlands', 'Switzerland', 'Japan', 'Israel', 'India', 'Ireland', 'Canada', 'Australia', 'Sweden', 'Italy', 'Spain', 'Korea', 'Taiwan', 'Luxembourg', 'Belgium', 'Denmark', 'Norway', 'Finland', 'Austria', 'Cayman Islands', 'Bermuda', 'British Virgin Islands', 'Mexico', 'Brazil', 'United Kingdom', 'Malaysia', 'New South Wales', 'Victoria', 'Puerto Rico'];
const JURIS_RE = new RegExp(`\\b(${[...US_STATES, ...REGIONS].sort((a, b) => b.length - a.length).map((s) => s.replace(/[.']/g, (c) => `\\${c}`)).join('|')})\\b`, 'g');

export function jurisdictionCandidates(ctx: DocContext): RawCandidate[] {
  return scan(ctx, 'juris', JURIS_RE, (m, p) => {
    let value = m[1];
    if (value === 'PRC') value = "People's Republic of China";
    if (value === 'The Netherlands') value = 'Netherlands';
    return { p, start: m.index!, end: m.index! + m[0].length, value, text: m[0] };
  });
}

/** What ends an organisation's name: a legal form or a trade or institution word (knowledge/legal-forms). */
const ORG_SUFFIX = legalFormsPattern({ words: ['business', 'institution'] });
const CAP_WORD = "(?:[A-Z0-9][\\w&'’.\\-]*|&|of|and|de|du|la|van|der|the|for)";
const ORG_RE = new RegExp(`(?<![\\w])((?:[A-Z][\\w&'’.\\-]*)(?:[ ,]+${CAP_WORD}){0,7}?,? ${ORG_SUFFIX}\\.?(?:,? (?:Inc|Ltd|LLC|L\\.P|Co\\. KG|KG)\\.?)?(?: & Co\\.? KG)?)(?![\\w])`, 'g');

export function organizationCandidates(ctx: DocContext): RawCandidate[] {
  return scan(ctx, 'orgs', ORG_RE, (m, p) => {
    let text = m[1].replace(/\s+/g, ' ');
    // trim leading function words that the regex may have taken ("The", "and", "between")
    text = text.replace(/^(?:The|This|And|Between|By|Of|For|To|With)\s+(?=[A-Z])/, '');
    const start = m.index! + m[1].indexOf(text.split(' ')[0]);
    const raw = ctx.pages[p].text.slice(start, start + text.length);
    if (/\n/.test(raw)) {
      const first = raw.split('\n').pop()!;
      if (!new RegExp(`${ORG_SUFFIX}\\.?$`).test(first)) return undefined;
      const s2 = start + raw.lastIndexOf('\n') + 1;
      return { p, start: s2, end: s2 + first.length, value: first, text: first };
    }
    return { p, start, end: start + raw.length, value: raw, text: raw };
  });
}

/** Payment methods by name (knowledge/payment-methods), in the document's own spelling. */
export const PAYMENT_METHOD_RE = new RegExp(`(?<![\\p{L}])(${wordsPattern(PAYMENT_METHOD_NAMES)})(?![\\p{L}])`, 'giu');

export function paymentMethodCandidates(ctx: DocContext): RawCandidate[] {
  return scan(ctx, 'payment-method', PAYMENT_METHOD_RE, (m, p) => ({ p, start: m.index!, end: m.index! + m[0].length, value: m[0], text: m[0] }));
}
