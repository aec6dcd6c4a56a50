/**
 * Type-aware repair of a merchant address read by OCR: stray marks and letter noise between the address
 * words are dropped, and words one confusion away from the address vocabulary (street and area words,
 * states and the large cities of the receipts' locale) take the vocabulary spelling ("TAHAN" -> "TAMAN",
 * "PERENDUSTRIAN" -> "PERINDUSTRIAN", "Jin" -> "Jln"). Place names outside the vocabulary are left alone.
 */
import { confusionDistance, DIGIT_FOR, DIGIT_SWAPS } from './confusion.js';
import { wordsPattern } from '../knowledge/document-words/index.js';
import { RECEIPT_PLACES, receiptWords, type PostcodeRanges } from '../knowledge/receipts/index.js';

/**
 * Address words (upper case, each once: a word listed twice would tie with itself). Not a gazetteer: generic
 * street/area words, states and big cities only (knowledge/receipts `addressRepairWords`, places' `repairNames`).
 */
export const LEXICON: readonly string[] = [...new Set([...receiptWords('addressRepairWords'), ...RECEIPT_PLACES.flatMap((p) => p.repairNames.map((n) => n.toUpperCase()))])];
const WORDS = new Set(LEXICON);

/** Whether a word (letters and digits of one token) is an address vocabulary word or a postcode. */
export function addressWordFits(token: string): boolean {
  const parts = token.match(/[A-Za-z0-9]+/g) ?? [];
  return parts.length > 0 && parts.some((p) => WORDS.has(p.toUpperCase()) || /^\d{5}$/.test(p));
}

/** Largest confusion distance at which a word takes the vocabulary spelling: one confusable letter in short words, one letter in long ones. */
function maxDistance(len: number): number {
  return len >= 7 ? 1 : 0.4;
}

function withCase(word: string, like: string): string {
  if (like === like.toUpperCase()) return word;
  if (like === like.toLowerCase()) return word.toLowerCase();
  return word[0] + word.slice(1).toLowerCase();
}

/** A word of the address read through confusions into the vocabulary spelling, or unchanged. */
export function repairAddressWord(w: string): string {
  const W = w.toUpperCase();
  // "JLN" (jalan) with its thin middle letter misread ("JUN", "JEN", "JIN"): no other address word is J?N
  if (/^J[A-Z|1]N$/.test(W) && W !== 'JLN') return withCase('JLN', w);
  if (W.length < 3 || WORDS.has(W) || !/^[A-Z0-9]+$/.test(W) || !/[A-Z]{2}/.test(W)) return w;
  let best: string | undefined;
  let bestD = Infinity;
  let tie = false;
  for (const k of LEXICON) {
    // a long word may also have lost or gained one letter ("PERINDUSTIAN")
    if (k.length !== W.length && !(Math.min(k.length, W.length) >= 8 && Math.abs(k.length - W.length) === 1)) continue;
    const d = confusionDistance(W, k);
    if (d < bestD) { best = k; bestD = d; tie = false; }
    else if (d === bestD) tie = true;
  }
  // two vocabulary words equally near: no repair
  return best && !tie && bestD <= maxDistance(W.length) ? withCase(best, w) : w;
}

/** Postcode ranges of the states and federal territories, by a state's name (knowledge/receipts places' `states`). */
export const POSTCODES: readonly [RegExp, PostcodeRanges][] = RECEIPT_PLACES.flatMap((p) =>
  p.states.map((st) => [new RegExp(`\\b(?:${wordsPattern(st.names, { space: '\\s+' })})\\b`, 'i'), st.postcodes] as [RegExp, PostcodeRanges]));

/**
 * Postcode ranges of the large towns whose postcodes are well known and do not overlap (knowledge/receipts
 * places' `towns`). A postcode printed right before one of them must fall in its range.
 */
const TOWN_POSTCODES: readonly [string, PostcodeRanges][] = RECEIPT_PLACES.flatMap((p) => p.towns.map((t) => [t.name, t.postcodes] as [string, PostcodeRanges]));

/** Whether a five-digit postcode fits the town named right after it ("47100 KLANG": no); undefined when no known town follows. */
export function postcodeFitsTown(postcode: string, after: string): boolean | undefined {
  const town = TOWN_POSTCODES.find(([t]) => new RegExp(`^[,.]?\\s*${t.replace(' ', '\\s+')}\\b`, 'i').test(after));
  if (!town) return undefined;
  const n = Number(postcode);
  return town[1].some(([a, b]) => n >= a && n <= b);
}

/** A five-digit postcode outside the range of the town after it, with one digit misread: the one swap that fits ("46000 SHAH ALAM" -> 40000). */
function repairTownPostcode(value: string): string {
  return value.replace(/\b(\d{5})(?=[,.]?\s+[A-Za-z])/g, (code: string, _c: string, at: number) => {
    const after = value.slice(at + code.length);
    if (postcodeFitsTown(code, after) !== false) return code;
    const fits = new Set<string>();
    for (let k = 0; k < 5; k++) for (const d of DIGIT_SWAPS[code[k]!] ?? []) {
      const alt = code.slice(0, k) + d + code.slice(k + 1);
      if (postcodeFitsTown(alt, after)) fits.add(alt);
    }
    return fits.size === 1 ? [...fits][0]! : code;
  });
}

/**
 * A postcode whose faint first digit was lost ("MALURI, 2100 KUALA LUMPUR"): four digits after a comma and
 * before the place name take the one first digit that puts them in the named state's postcode range.
 */
export function repairPostcode(value: string): string {
  const state = POSTCODES.find(([re]) => re.test(value));
  if (!state) return repairTownPostcode(value);
  const inState = (n: number) => state[1].some(([a, b]) => n >= a && n <= b);
  // four digits after a comma: the first digit lost
  let out = value.replace(/(,\s*)(\d{4})(?=\s+[A-Za-z]{3,})/g, (m, pre: string, four: string) => {
    const fits = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((d) => Number(`${d}${four}`)).filter(inState);
    return fits.length === 1 ? `${pre}${fits[0]}` : m;
  });
  // a symbol and four digits: the first digit misread ("$2100")
  out = out.replace(/(^|\s)([^\w\s])(\d{4})(?=[,.]?\s+[A-Za-z]{3,})/g, (m, pre: string, sym: string, four: string) => {
    const fits = (DIGIT_FOR[sym] ?? []).map(([d]) => Number(`${d}${four}`)).filter(inState);
    return fits.length === 1 ? `${pre}${fits[0]}` : m;
  });
  return repairTownPostcode(out);
}

/**
 * Two-word place names and state titles (knowledge/receipts places' `pairs`): one word read right vouches for the
 * other, so a misread of any one letter in the other ("TARUL EHSAN", "SERT KEMBANGAN", "SHAH ALAK") takes the
 * pair's spelling. The repaired word needs four letters (oneLetterOff), so short words are never bent into a name.
 */
export const PLACE_PAIRS: readonly [string, string][] = RECEIPT_PLACES.flatMap((p) => p.pairs.map(([a, b]) => [a.toUpperCase(), b.toUpperCase()] as [string, string]));

/** Whether two words of one length differ in exactly one letter. */
function oneLetterOff(a: string, b: string): boolean {
  if (a.length !== b.length || a.length < 4) return false;
  let d = 0;
  for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) d++;
  return d === 1;
}

function repairPlacePairs(tokens: string[]): string[] {
  const out = [...tokens];
  for (let i = 0; i + 1 < out.length; i++) {
    const m0 = /^([^A-Za-z]*)([A-Za-z]+)([^A-Za-z]*)$/.exec(out[i]!);
    const m1 = /^([^A-Za-z]*)([A-Za-z]+)([^A-Za-z]*)$/.exec(out[i + 1]!);
    // punctuation between the two words (other than at the very ends) means they are not one name
    if (!m0 || !m1 || m0[3] || m1[1]) continue;
    const a = m0[2]!.toUpperCase();
    const b = m1[2]!.toUpperCase();
    for (const [x, y] of PLACE_PAIRS) {
      if (a === x && oneLetterOff(b, y)) out[i + 1] = m1[1] + withCase(y, m1[2]!) + m1[3];
      else if (b === y && oneLetterOff(a, x)) out[i] = m0[1] + withCase(x, m0[2]!) + m0[3];
      else continue;
      break;
    }
  }
  return out;
}

/** A word before a unit or block code (knowledge/receipts `unitWords`). */
export const UNIT_WORD = new RegExp(`^(?:${wordsPattern(receiptWords('unitWords'))})$`, 'i');
/** A lower-case word an address keeps (knowledge/receipts `addressSmallWords`). */
export const SMALL_WORD = new RegExp(`^(?:${wordsPattern(receiptWords('addressSmallWords'))})$`);

/** A one-letter unit or block code whose digit 1 was read as "i" or "l" ("Unit Gi & G2"), judged by its neighbours. */
function unitCodes(tokens: string[]): string[] {
  return tokens.map((t, i) => {
    const m = /^([A-Z])([il])([,.]?)$/.exec(t);
    if (!m) return t;
    const prev = (tokens[i - 1] ?? '').replace(/[^A-Za-z]/g, '');
    const near = [tokens[i - 2], tokens[i - 1], tokens[i + 1], tokens[i + 2]].some((n) => n !== undefined && /^[A-Z]\d{1,3}[,.]?$/.test(n));
    return UNIT_WORD.test(prev) || near ? `${m[1]}1${m[3]}` : t;
  });
}

/**
 * Cleans an address read by OCR: drops tokens that are only marks ("|", "~~", "—") and lower-case noise
 * ("SELANGOR ry", "~~ al", "Johor | os"); repairs vocabulary words.
 */
export function repairAddress(value: string): string {
  const letters = value.replace(/[^A-Za-z]/g, '');
  const upper = letters.length ? letters.replace(/[^A-Z]/g, '').length / letters.length : 0;
  const out: string[] = [];
  // receipt printers print straight quotes; OCR reads them curly ("D’sara")
  for (const raw of value.replace(/[‘’`]/g, "'").replace(/[“”]/g, '"').split(/\s+/)) {
    // a lone "©" between address words is a "C" (a block or street letter)
    const tok = raw === '©' ? 'C' : raw;
    if (!tok) continue;
    if (!/[\p{L}\p{N}]/u.test(tok) && !/^[,&]$/.test(tok)) continue;
    // lower-case noise: up to three letters in an upper-case address, up to two in a mixed-case one
    if (/^[^\w]*[a-z]{1,3}[^\w]*$/.test(tok) && (upper >= 0.8 || (tok.replace(/\W/g, '').length <= 2 && !SMALL_WORD.test(tok.replace(/\W/g, ''))))) continue;
    // the number sign "NO." before a number, its O misread ("NG.113G", "N0. 5")
    let no = tok.replace(/^N[GC0DQ](?=\.\d|\.$)/, 'NO');
    // a lot or unit code (digits and capitals) with a lower-case i or l: a misread 1 ("i7-G", "Ui3", "20-Al")
    if (/\d/.test(no) && /[il]/.test(no) && !/[a-hj-km-z]/.test(no)) no = no.replace(/[il]/g, '1');
    // a street code's letters with an S read as "$" ("S$4/3", "$$21/39"); a lone "$" before digits is a digit of a postcode
    no = no.replace(/^[A-Z$]{2,4}(?=\d)/, (lead) => (/\$/.test(lead) ? lead.replace(/\$/g, 'S') : lead));
    // a capital O next to a digit inside a code of capitals and digits is a zero ("F.KO6"); "NO" keeps its O
    if (/\d/.test(no) && !/[a-z]/.test(no)) no = no.replace(/(?<!N)O(?=\d)|(?<=\d)O/g, '0');
    out.push(no.replace(/[A-Za-z0-9]+/g, (w) => repairAddressWord(w)));
  }
  return repairPostcode(repairPlacePairs(unitCodes(out)).join(' '));
}

/**
 * Trims one address line: stray marks at the start, a registration number at the end ("(867388-U)",
 * "001011128-T", "Co. Reg 12345") and trailing marks. Plain numbers at the end stay: in an address they
 * are lot numbers and postcodes ("LOT PTD 101051", "Taman Nusa Bestari, 81300").
 */
export function trimAddressLine(text: string, start: number): { start: number; end: number; text: string } {
  let s = 0;
  let e = text.length;
  // (a "$" or "§" glued to digits is a misread digit, not a mark: "$2100 KUALA LUMPUR")
  const lead = /^(?:(?:(?![$§]\d)[^A-Za-z0-9(&])+|[a-z]{1,2}\s+(?=[A-Z]{2}))+/.exec(text);
  if (lead) s += lead[0].length;
  const reg = /\s*(?:[(\[{]\s*(?:co\.?\s*reg\.?\s*(?:no)?\s*[:.]?\s*)?[\dA-Z]{0,3}\d{4,}\s*-?\s*[A-Z]{0,2}\s*[)\]}]|(?:co\.?\s*reg\.?\s*(?:no)?\s*[:.]?\s*)\d[\dA-Z]{3,}(?:-[A-Z])?|\d{4,}-[A-Z])[^\w]*$/i.exec(text.slice(s, e));
  if (reg && reg.index > 0) e = s + reg.index;
  const junk = /(?:\s+[^\w\s(&,]{1,3}|[\s|~_—–‘’“”"°*]+)+$/.exec(text.slice(s, e));
  if (junk && junk.index > 0) e = s + junk.index;
  return { start: start + s, end: start + e, text: text.slice(s, e) };
}
