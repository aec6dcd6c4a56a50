/**
 * Address parts (street, city, postal code, state code, country code) from postal address blocks.
 *
 * A block is found by its postal line, in the two shapes most invoices use: "City, ST 12345" (US style) and
 * "1234 AB City" / "12345 City" (continental Europe), on a line of its own or inline after the street
 * ("Badweg 48, 8401 BL, Gorredijk"). The street is taken from the line(s) just above; the country from the
 * line below (a country name) or else from the postal-code shape. Which block belongs to the field's party
 * (vendor or customer) is scored from nearby role labels ("Bill to", "Factuuradres", ...) and company legal
 * forms. Generic: no document-specific rules.
 */
import type { LeafNode } from '../../schema/compile.js';
import { fieldWords } from '../../schema/semantic.js';
import type { DocContext } from '../../extract/context.js';
import { countryCode } from '../../knowledge/countries/index.js';
import { ISSUER_BLOCK_MARKS, STREET_TYPE_WORDS, TOWN_LINE_LABELS } from '../../knowledge/addresses/index.js';
import { wordsPattern } from '../../knowledge/document-words/index.js';
import { BUYER_FIELD_WORDS, fieldWordsTest } from '../../knowledge/field-words/index.js';
import { legalFormsPattern } from '../../knowledge/legal-forms/index.js';
import { phrasesOf, phrasesPattern } from '../../knowledge/labels/index.js';
import type { Scored } from '../../extract/scored.js';

const US_STATES = new Set('AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY DC'.split(' '));

const CITY = String.raw`[\p{Lu}][\p{L}'.-]+(?: [\p{Lu}][\p{L}'.-]+){0,2}`;
const US_LINE = new RegExp(String.raw`(?:^|, )(?<city>${CITY}),? (?<state>[A-Z]{2}),? (?<zip>\d{5}(?:-\d{4})?)\b`, 'u');
const EU_LINE = new RegExp(String.raw`(?:^|, ?)(?<zip>\d{4} ?[A-Z]{2}|\d{4,5}),? (?<city>${CITY})(?=$|,| Tel| Tél| Phone| Fax| [A-Z][a-z]+:)`, 'u');
const STREET_EU = /(?<![\p{L}\d])([\p{Lu}][\p{L}'.-]+(?:[ -][\p{L}'.-]+){0,2}) (\d{1,5}[a-zA-Z]?)(?![\d,.]\d)/u;
const STREET_EU_ONE = /(?<![\p{L}\d])([\p{Lu}][\p{L}'.-]+) (\d{1,5}[a-zA-Z]?)(?![\d,.]\d)/u;
/** A street type ending what reads as a town (knowledge/addresses). */
export const STREET_WORD = new RegExp(`\\b(${wordsPattern(STREET_TYPE_WORDS)})\\.?$`, 'i');
/** A label that follows the town on its line ('10115 Berlin Tel'; knowledge/addresses). */
export const NOT_CITY_WORD = new RegExp(`^(${wordsPattern(TOWN_LINE_LABELS.flatMap((l) => l.words))})\\.?:?$`, 'i');
const STREET_US = /\b(\d{1,6} [\p{Lu}][\p{L}.']*(?: [\p{Lu}][\p{L}.']*){0,3})\b/u;
/** Headings of the customer's and the delivery address blocks, in every language (knowledge/labels). */
const CUSTOMER_LABEL = new RegExp(phrasesPattern(phrasesOf('buyer', 'ship_to')), 'iu');
const LEGAL = new RegExp(`\\b${legalFormsPattern()}\\.?(?=\\s|$|,)`);
/** The issuer's details near a block (knowledge/addresses). */
export const VENDOR_HINT = new RegExp(`\\b(${wordsPattern(ISSUER_BLOCK_MARKS.flatMap((m) => m.words))})`, 'i');

interface Block {
  p: number;
  line: number;
  street?: { value: string; start: number; end: number };
  city: { value: string; start: number; end: number };
  zip: { value: string; start: number; end: number };
  state?: { value: string; start: number; end: number };
  country?: { value: string; start: number; end: number };
  /** > 0: looks like the issuer's; < 0: like the customer's. */
  role: number;
}

function findBlocks(ctx: DocContext): Block[] {
  const blocks: Block[] = [];
  ctx.pages.forEach((page, p) => {
    const lines = page.lines.map((l) => ({ start: l.start, text: page.text.slice(l.start, l.end) }));
    lines.forEach((ln, i) => {
      const us = US_LINE.exec(ln.text);
      const eu = us ? null : EU_LINE.exec(ln.text);
      const m = us ?? eu;
      if (!m || !m.groups) return;
      if (us && !US_STATES.has(m.groups.state!)) return;
      const g = { ...m.groups };
      if (eu && STREET_WORD.test(g.city!)) return; // "4557 De Silva St" is a street line, not a postal line
      const cityWords = g.city!.split(' ');
      while (cityWords.length > 1 && NOT_CITY_WORD.test(cityWords[cityWords.length - 1]!)) cityWords.pop();
      g.city = cityWords.join(' ');
      const at = (s: string, from = m.index) => {
        const k = ln.text.indexOf(s, from);
        return { value: s, start: ln.start + k, end: ln.start + k + s.length };
      };
      const block: Block = { p, line: i, city: at(g.city!), zip: at(g.zip!), role: 0 };
      if (g.state) block.state = at(g.state);
      // Street: inline before the postal part, else on the lines above (skipping one line without digits).
      const before = ln.text.slice(0, m.index);
      const streetIn = (text: string, start: number) => {
        // A line that also carries the company's legal form ("Acme Hoofdweg 12 B.V.") holds a one-word street.
        const eu1 = LEGAL.test(text) ? STREET_EU_ONE.exec(text) : null;
        const s = eu1 ?? (us ? STREET_US : STREET_EU).exec(text) ?? STREET_EU.exec(text) ?? STREET_US.exec(text);
        if (!s) return undefined;
        const v = s[0].trim();
        const k = text.indexOf(v);
        return { value: v, start: start + k, end: start + k + v.length };
      };
      block.street = before ? streetIn(before, ln.start) : undefined;
      for (let j = i - 1; !block.street && j >= Math.max(0, i - 2); j--) {
        const t = lines[j]!.text;
        if (!/\d/.test(t)) continue;
        block.street = streetIn(t, lines[j]!.start);
        break;
      }
      // Country: a country name on the next line (or after the city), else the postal-code shape.
      for (const cand of [ln.text.slice(m.index + m[0].length).replace(/^[,\s]+/, ''), lines[i + 1]?.text ?? '']) {
        const name = cand.trim().split(/\s{2,}|,/)[0]!.trim();
        const hit = countryCode(name);
        if (hit) {
          block.country = { value: hit, start: -1, end: -1 };
          break;
        }
      }
      if (!block.country) {
        const code = us ? 'US' : /^\d{4} ?[A-Z]{2}$/.test(g.zip!) ? 'NL' : undefined;
        if (code) block.country = { value: code, start: -1, end: -1 };
      }
      // Role: customer labels just above, legal forms and issuer identifiers around.
      const near = lines.slice(Math.max(0, i - 5), i + 1).map((l) => l.text).join('\n');
      if (CUSTOMER_LABEL.test(near)) block.role -= 1;
      const around = lines.slice(Math.max(0, i - 3), i + 3).map((l) => l.text).join('\n');
      if (LEGAL.test(around)) block.role += 0.5;
      if (VENDOR_HINT.test(around)) block.role += 0.5;
      blocks.push(block);
    });
  });
  return blocks;
}

/** Address-part fields of the customer's or the delivery address (knowledge/field-words). */
export const CUSTOMER_ADDRESS_FIELD = fieldWordsTest(BUYER_FIELD_WORDS.addressParts);

export function addressPartSide(leaf: LeafNode): 'vendor' | 'customer' {
  return CUSTOMER_ADDRESS_FIELD(fieldWords(leaf).join(' ')) ? 'customer' : 'vendor';
}

export function rankAddressPart(ctx: DocContext, leaf: LeafNode, part: 'street' | 'city' | 'postal_code' | 'state_code' | 'country_code'): Scored[] {
  const blocks = findBlocks(ctx);
  if (blocks.length === 0) return [];
  const side = addressPartSide(leaf);
  const scored = blocks.map((b, k) => ({ b, z: (side === 'vendor' ? b.role : -b.role) - 0.15 * k }));
  scored.sort((x, y) => y.z - x.z);
  const out: Scored[] = [];
  scored.forEach(({ b, z }, rank) => {
    const f = part === 'street' ? b.street : part === 'city' ? b.city : part === 'postal_code' ? b.zip : part === 'state_code' ? b.state : b.country;
    if (!f) return;
    if (out.some((o) => o.value === f.value)) return;
    const spans = f.start >= 0 ? [{ p: b.p, start: f.start, end: f.end }] : [{ p: b.p, start: Math.min(b.zip.start, b.city.start), end: Math.max(b.zip.end, b.city.end) }];
    const margin = rank === 0 && scored.length > 1 ? z - scored[1]!.z : rank === 0 ? 1 : 0;
    const score = Math.max(0.05, Math.min(0.9, (rank === 0 ? 0.6 : 0.25) + 0.15 * Math.max(-1, Math.min(1, margin))));
    out.push({ value: f.value, spans, score, features: { blocks: blocks.length, margin, rank } });
  });
  return out;
}
