/**
 * Type-aware repair of a merchant address read by OCR: stray marks and letter noise between the address
 * words are dropped, and words one confusion away from the address vocabulary (a language's street and area
 * words) take the vocabulary spelling ("TAHAN" -> "TAMAN", "PERENDUSTRIAN" -> "PERINDUSTRIAN", "Jin" -> "Jln").
 * Place names are left alone: the engine holds no gazetteer, which would favour one country's addresses.
 */
import { confusionDistance } from './confusion.js';
import { wordsPattern } from '../knowledge/document-words/index.js';
import { receiptWords } from '../knowledge/receipts/index.js';

/**
 * Address words (upper case, each once: a word listed twice would tie with itself): generic street and area words
 * (knowledge/receipts `addressRepairWords`).
 */
export const LEXICON: readonly string[] = [...new Set(receiptWords('addressRepairWords'))];
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
  return unitCodes(out).join(' ');
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
