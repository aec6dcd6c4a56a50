/**
 * Who issued a business document and who receives it (vendor vs customer on invoices and receipts), read
 * from the page layout: party blocks (a name line heading address lines in one column), role labels over
 * or before a block ("Bill to:", "Seller:"), the letterhead at the top, the legal footer at the bottom,
 * the sender line above a window address ("ACME GmbH • Street 1 • City"), and whether the name matches
 * the domain of a web site or e-mail printed outside the customer's block.
 */
import { COUNTRY_LINE } from '../../knowledge/countries/index.js';
import { normText } from '../../normalize/text.js';
import { legalFormsPattern } from '../../knowledge/legal-forms/index.js';
import { CONCEPT_IDS, conceptPhrases, LABEL_WORDS, NUMBER_SUFFIXES, phrasesPattern, type LabelConcept } from '../../knowledge/labels/index.js';
import { slashMisread } from '../../knowledge/ocr-confusions/index.js';
import { STANDALONE_STREET_WORDS, STREET_LINE_RE } from '../../knowledge/addresses/index.js';
import { documentWords, SLIP_COMPOUND_ENDS, SLIP_WORDS, wordsPattern } from '../../knowledge/document-words/index.js';
import { MAIL_PROVIDER_LABELS, TOP_LEVEL_DOMAINS } from '../../knowledge/web-domains/index.js';
import type { BBox, Page } from '../../document/model.js';
import { BUYER_LABEL_RE, SELLER_LABEL_RE, columnRuns, gutterAt, type DocContext, type Span } from '../../extract/context.js';
import { foldLabel } from '../../extract/label-similarity.js';
import { urlCandidates, emailCandidates } from '../../extract/candidates.js';
import { CURRENCY_CODE_SET } from '../../knowledge/currencies/index.js';
import { repairName } from '../../ocr-repair/receipt.js';

export interface PartyCandidate {
  value: string;
  span: Span;
  /** Further pieces of the name on other lines (a legal form printed under the name). */
  extra?: Span[];
  features: Record<string, number>;
}

/** A legal form or a trade word ("Ltd", "GMBH", "Trading") as printed (knowledge/legal-forms). */
export const LEGAL_SUFFIX = new RegExp(`\\b${legalFormsPattern({ words: ['business'], capitals: true })}\\b\\.?`);
/** A line opening with a digit, holding a postcode-like number, or a street word that needs no number (knowledge/addresses). */
export const ADDRESS_LIKE = new RegExp(`^\\d|\\b\\d{4,5}\\b|\\b(${wordsPattern(STANDALONE_STREET_WORDS)})\\b`, 'i');
/** Words of lines that are no name (knowledge/document-words), "No." / "Nr." anywhere, an e-mail's "@", a label's colon. */
const NOT_NAME_ABBR = documentWords('notNameAbbreviations');
export const NOT_NAME = new RegExp(`\\b(${wordsPattern([...documentWords('notName'), ...SLIP_WORDS, ...NOT_NAME_ABBR.map((a) => `${a}.`)])})\\b|\\b(?:${wordsPattern(NOT_NAME_ABBR)})\\.(?!\\w)|@|:\\s*$`, 'i');
const TAIL_AFTER_FORM = new RegExp(`${LEGAL_SUFFIX.source}\\s+[a-z]`);
/** A name that ends with a legal form, or with a partnership's "& Co." / "& C." / "& Cie". */
const ENDS_WITH_FORM = new RegExp(`(?:${LEGAL_SUFFIX.source}|&\\s*C(?:o|ie)?\\.?)$`);
/** A street line in any language the engine reads ("Via Roma 20", "Industrieweg 48", "Av. Juárez 63"). */
const isAddressLine = (t: string) => ADDRESS_LIKE.test(t) || STREET_LINE_RE.test(t);
const STANDALONE_STREET_WORD = new RegExp(`^(?:${wordsPattern(STANDALONE_STREET_WORDS)})$`, 'i');

/**
 * A line whose only sign of an address is a street word that needs no number, set inside it: not opening it (a street
 * named after its type, "Rue de la Paix"), not closing it or its street before a comma ("Ashford Lane", "Ashford Lane,
 * London"), with no digit: a name that holds the word ("The Ashford Lane Kitchen").
 */
function streetWordInsideName(t: string): boolean {
  if (/\d/.test(t) || STREET_LINE_RE.test(t)) return false;
  const words = t.trim().split(/\s+/);
  let inside = false;
  for (let i = 0; i < words.length; i++) {
    if (!STANDALONE_STREET_WORD.test(words[i]!.replace(/,$/, ''))) continue;
    if (i === 0 || i === words.length - 1 || words[i]!.endsWith(',')) return false;
    inside = true;
  }
  return inside;
}
/** A line that is nothing but a label of some field ("Divisa", "Monnaie:", "Kundennummer"): a column header, not a name. */
/** Concepts whose label keys a party's name ("Seller:", "Bill to:", "Account holder:", "Attn:"). */
const PARTY_KEY_CONCEPTS: ReadonlySet<LabelConcept> = new Set(['seller', 'buyer', 'ship_to', 'addressee', 'account_holder', 'attention', 'parties']);
const LABEL_LINE = new RegExp(`^(?:${phrasesPattern(CONCEPT_IDS.filter((c) => c !== 'parties').flatMap((c) => conceptPhrases(c)))})\\s*:?$`, 'iu');
/**
 * The key of a key-value row whose value is no party's name ("VAT number:", "Address:", "Phone:"): a label of any
 * concept but the party headings, payees and column headers ("Name" heads an item column, and keys a name).
 */
const NOT_NAME_KEY = new RegExp(`^(?:${phrasesPattern(CONCEPT_IDS.filter((c) => !PARTY_KEY_CONCEPTS.has(c) && !c.startsWith('item_')).flatMap((c) => conceptPhrases(c)))})\\s*[:：]$`, 'iu');
/** Whether a key ("VAT number:") names another field than a party: the value beside it is no name. */
function notNameKey(key: string): boolean {
  return NOT_NAME_KEY.test(key) && !BUYER_LABEL_RE.test(key) && !SELLER_LABEL_RE.test(key) && !PAYEE_CUE.test(key);
}
/** "Key: value" within a line ("Seller: ACME Ltd", "Bill to: John"). */
const KEY_VALUE = /^([^:]{2,30}):\s*(.+)$/;
/** "Attn", "z. Hd.", "t.a.v.", "alla c.a." opening a line: what follows names a person at the party, not the party. */
const ATTENTION_AT = new RegExp(`^(?:${phrasesPattern(conceptPhrases('attention'))})[.:]?\\s+(?=\\p{L})`, 'iu');

/** Document-type words around a letterhead name ("ACME Ltd Invoice", "Tax Invoice - ACME"). */
const TITLE = `(?:(?:${wordsPattern(documentWords('titleQualifiers'))})\\s+)?(?:${wordsPattern(documentWords('titles'))})`;
export const DOC_TYPE = new RegExp(`^${TITLE}\\s*[-–:]\\s+|\\s+[-–]?\\s*${TITLE}$`, 'i');
/** Registration and bank details that the issuer prints next to its own name. */
export const ISSUER_DETAILS = new RegExp(`\\b(${wordsPattern(documentWords('issuerDetails'), { space: '\\s*' })})\\b`, 'i');
/** A web address inside a name (knowledge/web-domains). */
export const WEB_ADDRESS = new RegExp(`\\S+\\.(?:${TOP_LEVEL_DOMAINS.join('|')})\\b\\S*`, 'gi');
/** Payment details that name the payee ("Account holder: ACME", "payable to ACME"). */
const PAYEE_LABEL = phrasesPattern(conceptPhrases('account_holder'));
const PAYEE_CUE = new RegExp(`${PAYEE_LABEL}\\s*:?\\s*$`, 'iu');
/** A payee label within a line, with what separates it from the name. */
const PAYEE_AT = new RegExp(`${PAYEE_LABEL}\\s*:?\\s*`, 'iu');

/** Separators of a one-line sender address ("Name • Street • City", "Name – Street – City", "Name | ..."). */
const SENDER_SEP = /\s+[•·|–—]\s+|\s+-\s+/;

function compact(s: string): string {
  // (letters without their accents, as domains spell them: "Évolis" is "evolis")
  return foldLabel(normText(s).replace(LEGAL_SUFFIX, '')).replace(/[^a-z0-9]/g, '');
}

/** Second-level labels of the domains printed on the page outside customer blocks, with their roles. */
function domains(ctx: DocContext): { label: string; buyer: boolean }[] {
  return ctx.memo('issuer-domains', () => {
    const out: { label: string; buyer: boolean }[] = [];
    const add = (host: string, c: Span) => {
      const parts = host.toLowerCase().replace(/^https?:\/\//, '').replace(/^www\./, '').split('/')[0].split('.');
      if (parts.length < 2) return;
      const label = parts[parts.length - 2].length <= 3 && parts.length > 2 ? parts[parts.length - 3] : parts[parts.length - 2];
      if (!label || MAIL_PROVIDER_LABELS.has(label)) return;
      const li = ctx.lineIndex(c.p, c.start);
      const role = ctx.blockRole(c.p, li, c.start).role;
      out.push({ label: label.replace(/[^a-z0-9]/g, ''), buyer: role === 'buyer' });
    };
    for (const u of urlCandidates(ctx)) if (u.p <= 1 || u.p === ctx.pages.length - 1) add(String(u.value), u);
    for (const e of emailCandidates(ctx)) if (e.p <= 1 || e.p === ctx.pages.length - 1) add(String(e.value).split('@')[1] ?? '', e);
    return out;
  });
}

/** How well a name matches a printed domain (1 exact, 0.7 one contains the other), negative for the customer's. */
function domainMatch(ctx: DocContext, name: string): number {
  const n = compact(name);
  if (n.length < 3) return 0;
  let best = 0;
  for (const d of domains(ctx)) {
    let m = 0;
    if (d.label === n) m = 1;
    else if (d.label.length >= 4 && (n.startsWith(d.label) || d.label.startsWith(n) || n.includes(d.label) || d.label.includes(n.slice(0, Math.max(4, n.length - 2))))) m = 0.7;
    if (!m) continue;
    if (d.buyer) m = -m;
    if (Math.abs(m) > Math.abs(best) || (m > 0 && best < 0)) best = m;
  }
  return best;
}

/** A legal form in the text; "(Inc. GST)", "(Incl. VAT)" in brackets mean "including", not "Incorporated". */
export function hasLegalForm(t: string): boolean {
  return LEGAL_SUFFIX.test(t.replace(/\(\s*Inc\w*\.?/gi, '('));
}

/**
 * Where a line splits into the blocks of party headings right above it: for each role heading ("Lieferant:") within
 * two line heights above whose left edge lies inside this line (past its start, with a gutter before the word there),
 * the index of the first word at or right of that edge.
 */
function headingSplits(page: Page, li: number, medH: number): number[] {
  const line = page.lines[li]!;
  if (line.wordEnd - line.wordStart < 2) return [];
  const out: number[] = [];
  for (let k = li - 1; k >= 0 && k >= li - 4; k--) {
    const h = page.lines[k]!;
    const above = line.bbox[1] - h.bbox[3];
    if (above < 0 || above > 2 * medH) continue;
    const x = h.bbox[0];
    if (x <= line.bbox[0] + 0.02 || x >= line.bbox[2] - 0.02) continue;
    // (a party block's heading, "Lieferant:", not a value of a grid above)
    const t = page.text.slice(h.start, h.end);
    if (t.length > 40 || !(BUYER_LABEL_RE.test(t) || SELLER_LABEL_RE.test(t))) continue;
    // (a heading right-aligned over its own block starts inside the line too: there, no gutter breaks the line)
    const w = gutterAt(page, line, x);
    if (w >= 0 && !out.includes(w)) out.push(w);
  }
  return out;
}

/** How much a delivery heading ("Ship to") says its block is the buyer's: the goods' recipient may be another party. */
const DELIVERY_ROLE = 0.5;
/**
 * A seller's heading at the page's foot names who served ("Vendeur : Marie", "Verkäufer: 12" on a
 * till slip) more often than the issuing party, whose heading opens its block at the top: half the strength.
 */
const FOOT_SELLER_ROLE = 0.5;
/** Most words of a header row's cells read as one line ("N.º Designação", "Documento n."). */
const HEADER_CELL_WORDS = 4;

/** The label words printed with a slash ("v/", "a/c", "c/o"), which OCR may read with a stroke (slashMisread). */
let slashedLabelWords: readonly string[] | undefined;
const slashReadLabelWord = (w: string) => (slashedLabelWords ??= [...LABEL_WORDS].filter((l) => l.includes('/'))).some((l) => slashMisread(w, l));

/**
 * Whether a short line is label words only: header cells ("N.º Designação", "Documento n.", "Qté.") or a label
 * compounded with a number word ("Documentnr."), not a name.
 */
function onlyLabelWords(t: string): boolean {
  const words = t.toLowerCase().split(/\s+/).map((w) => w.replace(/[.:]+$/, '')).filter(Boolean);
  const label = (w: string) => LABEL_WORDS.has(w) || slashReadLabelWord(w) || NUMBER_SUFFIXES.some((x) => w.length > x.length + 3 && w.endsWith(x) && LABEL_WORDS.has(w.slice(0, -x.length)));
  return words.length > 0 && words.length <= HEADER_CELL_WORDS && words.every(label);
}

/**
 * A single word of at least three letters and then a document title, a till slip's title of five letters or more, or a
 * copy's name (knowledge/document-words `titles`, SLIP_COMPOUND_ENDS): "Ausgangsrechnung", "Kundenbeleg".
 */
const COMPOUND_TITLE = new RegExp(`^\\p{L}{3,}(?:${wordsPattern([...documentWords('titles').filter((w) => !/\\s/.test(w)), ...SLIP_COMPOUND_ENDS])})$`, 'iu');
export function looksLikeName(t: string): boolean {
  if (t.length < 2 || t.length > 70) return false;
  // a currency's code alone ("Moeda: BRL", a "EUR" column) names money, not a party
  if (CURRENCY_CODE_SET.has(t)) return false;
  // one word compounded onto a document title is a title ("Ausgangsrechnung", "Verkoopfactuur", "Slutfaktura")
  if (COMPOUND_TITLE.test(t)) return false;
  // a letter-spaced title read with gaps ("FACTU U R") is the word it spells
  if ((t.match(/(?:^|\s)\p{L}(?=\s|$)/gu) ?? []).length >= 2 && NOT_NAME.test(t.replace(/\s+/g, ''))) return false;
  if (!/\p{L}{2}/u.test(t)) return false;
  const digits = (t.match(/\d/g) ?? []).length;
  if (digits > 3 || digits / t.length > 0.2) return false;
  if (isAddressLine(t) && !hasLegalForm(t) && !streetWordInsideName(t)) return false;
  if (t.length <= 40 && (LABEL_LINE.test(t) || onlyLabelWords(t)) && !hasLegalForm(t)) return false;
  if (NOT_NAME.test(t) && !hasLegalForm(t)) return false;
  if (t.split(/\s+/).length > 8) return false;
  if (COUNTRY_LINE.test(t)) return false;
  // a role label is not a name ("Bill to Address", "Seller")
  if (t.length < 32 && (BUYER_LABEL_RE.test(t) || SELLER_LABEL_RE.test(t)) && !hasLegalForm(t)) return false;
  return true;
}

/** A short line of words that are no name ("RECEIPT", "Customer copy", "Kundenbeleg"): a document's title. */
const isTitleLine = (t: string) => t.split(/\s+/).length <= 3 && (NOT_NAME.test(t) || COMPOUND_TITLE.test(t)) && !hasLegalForm(t);

const LETTER = /\p{L}/u;

/** How far apart two lines' left edges, or their centres, may be and still be one column (a share of the page width). */
const COLUMN_ALIGN = 0.03;

/** How wide (a share of the page width) a name and a line must be for their centres to say they are centred. */
const CENTRED_WIDTH = 0.08;

/**
 * Whether a line below a name's line is of the name's block: flush left with the name's line, or centred under the
 * name itself (a receipt's header; a few letters' width says nothing of centring).
 */
function sameColumn(line: BBox, name: BBox, below: BBox): boolean {
  if (Math.abs(line[0] - below[0]) <= COLUMN_ALIGN) return true;
  return Math.min(name[2] - name[0], below[2] - below[0]) >= CENTRED_WIDTH && Math.abs(name[0] + name[2] - below[0] - below[2]) / 2 <= COLUMN_ALIGN;
}

/**
 * Name candidates of the parties of a short business document, with layout features. `side` chooses whose
 * name is wanted; the features are oriented so that higher means "more likely this side".
 */
export function partyCandidates(ctx: DocContext, side: 'seller' | 'buyer'): PartyCandidate[] {
  const out: PartyCandidate[] = [];
  const seen = new Map<string, PartyCandidate>();
  const nameCounts = ctx.memo('issuer-counts', () => {
    const first = ctx.pages.slice(0, 3);
    const all = first.map((p) => p.text.toLowerCase()).join('\n');
    // OCR misreads a letter or two in each printing of a name ("Papoo Software", "Papoe Sofware"): there,
    // runs of as many words that differ by a few edits count as the same name
    const ocrWords = first.some((p) => p.source === 'ocr') ? first.map((p) => p.words.map((w) => w.text.toLowerCase())) : undefined;
    return (name: string) => {
      const k = name.toLowerCase();
      if (k.length < 3) return 0;
      let n = 0;
      // (as whole words: "Faktur", a title OCR cut short, is not printed again inside "Fakturanummer")
      for (let i = all.indexOf(k); i >= 0 && n < 6; i = all.indexOf(k, i + k.length)) if (!LETTER.test(all[i - 1] ?? '') && !LETTER.test(all[i + k.length] ?? '')) n++;
      if (ocrWords && k.length >= 8) n = Math.max(n, fuzzyCount(ocrWords, k));
      return n;
    };
  });
  const pages = [0];
  if (ctx.pages.length > 1) pages.push(ctx.pages.length - 1);
  for (const p of pages) {
    const page = ctx.pages[p];
    let textLines = 0;
    const heights = page.lines.map((l) => l.bbox[3] - l.bbox[1]).filter((h) => h > 0).sort((a, b) => a - b);
    const medH = heights[Math.floor(heights.length / 2)] || 0.012;
    page.lines.forEach((line, li) => {
      const y = line.bbox[1];
      if (p > 0 && y < 0.8) return; // later pages: only the legal footer
      const raw = page.text.slice(line.start, line.end);
      // order of the line among the first text lines of page 1 (merchant header of receipts, letterheads); a title
      // above the name ("RECEIPT", "Customer copy", "Kassenbon") takes no place
      const firstLine = p === 0 && /\p{L}{3}/u.test(raw) && textLines < 3 && !isTitleLine(raw.trim()) ? [1, 0.5, 0.25][textLines++] : 0;
      const pieces: { text: string; start: number; kind: number; key?: string }[] = [];
      const lead = raw.length - raw.trimStart().length;
      const t = raw.trim();
      // "Seller: ACME Ltd" / "Bill to: John" -> the part after the label
      const lab = KEY_VALUE.exec(t);
      const payeeAt = PAYEE_AT.exec(t);
      if (payeeAt) {
        const rest = t.slice(payeeAt.index + payeeAt[0].length).split(SENDER_SEP)[0].split(/,\s/)[0];
        if (rest) pieces.push({ text: rest, start: line.start + lead + payeeAt.index + payeeAt[0].length, kind: 2 });
      }
      if (lab && PAYEE_CUE.test(`${lab[1]}:`)) pieces.push({ text: lab[2].trim(), start: line.start + lead + t.indexOf(lab[2]), kind: 2 });
      else if (lab) pieces.push({ text: lab[2].trim(), start: line.start + lead + t.indexOf(lab[2]), kind: 2, key: lab[1] });
      else pieces.push({ text: t, start: line.start + lead, kind: 0 });
      // sender line / footer: the first segment before a separator
      const segs = t.split(SENDER_SEP);
      if (segs.length >= 2 && segs[0] !== t) pieces.push({ text: segs[0].trim().replace(/,$/, ''), start: line.start + lead, kind: 1 });
      // a text line whose words sit on two visual rows (a logo name beside an address line) is read row by row
      const rowsOf = new Map<number, number[]>();
      const { rowOf } = ctx.rows(p);
      for (let w = line.wordStart; w < line.wordEnd; w++) {
        const r = rowOf[w];
        if (!rowsOf.has(r)) rowsOf.set(r, []);
        rowsOf.get(r)!.push(w);
      }
      // (text layers only: OCR lines of a tilted photo drift across rows without being two lines)
      const mixedRows = rowsOf.size > 1 && page.source === 'text-layer' ? 1 : 0;
      if (mixedRows) {
        for (const ws of rowsOf.values()) {
          const rowText = ws.map((w) => page.words[w].text).join(' ');
          pieces.push({ text: rowText, start: page.words[ws[0]].start, kind: 3 });
        }
      }
      // OCR reads side-by-side columns as one line ("SwissDev Greg Tomasik    SimFin Analytics GmbH"): a gap
      // much wider than a word space splits it into the columns' own pieces
      const colRuns = page.source === 'ocr' ? columnRuns(page, line.wordStart, line.wordEnd) : [];
      // blocks side by side under their own headings ("Rechnung an:" | "Lieferant:"), whose first lines the text
      // layer joined into one: the left edge of a heading right above, inside the line, starts another block's piece
      const headSplits = headingSplits(page, li, medH);
      const bounds = [line.wordStart, ...headSplits.sort((x, y) => x - y), line.wordEnd];
      if (headSplits.length) {
        for (let r = 1; r < bounds.length; r++) {
          const [a, b] = [bounds[r - 1]!, bounds[r]!];
          pieces.push({ text: page.text.slice(page.words[a].start, page.words[b - 1].end), start: page.words[a].start, kind: 3 });
        }
      }
      if (colRuns.length > 1) {
        for (const [a, b] of colRuns) {
          if (a === line.wordStart && b === line.wordEnd) break;
          pieces.push({ text: page.text.slice(page.words[a].start, page.words[b - 1].end), start: page.words[a].start, kind: 3 });
        }
      }
      // OCR: logo fragments and stamp noise read as words at the ends of a name line ("jms? PHILIP MORRIS 2")
      if (page.source === 'ocr') {
        const kept = ocrCore(page, line.wordStart, line.wordEnd);
        if (kept && (kept[0] > line.wordStart || kept[1] < line.wordEnd)) {
          const a = page.words[kept[0]], b = page.words[kept[1] - 1];
          pieces.push({ text: page.text.slice(a.start, b.end), start: a.start, kind: 4 });
        }
      }
      // "Acme Nederland B.V. iov Brand.com": the name ends with its legal form
      const tailAfterSuffix = new RegExp(`^(.{2,60}?${LEGAL_SUFFIX.source})\\s+(?=[a-z]|\\S+\\.[a-z]{2,3}\\b)`).exec(t);
      // (a partnership's full style ends with a legal form again: "Albergo Bellavista S.a.s. di Neri Paolo & C.")
      if (tailAfterSuffix && !ENDS_WITH_FORM.test(t)) pieces.push({ text: tailAfterSuffix[1], start: line.start + lead, kind: 1 });
      const comma = /^([^,]{3,50}?(?:,\s*(?:Inc|Ltd|LLC|L\.P|Co)\.?)?),\s+(?=.*\d)/.exec(t);
      if (comma && LEGAL_SUFFIX.test(comma[1])) pieces.push({ text: comma[1], start: line.start + lead, kind: 1 });
      // ("Attn: John Doe" is read as a label and its value: the line as a whole says whom it names)
      const lineAttention = ATTENTION_AT.test(t);
      // the value of a key-value row ("Name:   ACME Ltd"): a key of another field ("VAT number:", "Address:")
      // says the line is no name; a role key ("Seller:") or a bare "Name:" labels it
      const rowKey = ctx.rowKey(p, li);
      if (rowKey && notNameKey(rowKey.text)) return;
      for (const piece of pieces) {
        // a piece read off a row of blocks may open with its key ("Name: ACME Ltd"): the name is what follows it
        const keyed = piece.kind >= 3 ? KEY_VALUE.exec(piece.text) : null;
        const pc = keyed ? { ...piece, text: keyed[2]!, start: piece.start + piece.text.indexOf(keyed[2]!), key: keyed[1] } : piece;
        if (pc.key !== undefined && notNameKey(`${pc.key}:`)) continue;
        // a whole line closed by a colon is a key ("Address:", "Name:"), whose value is beside or under it
        if (pc.kind === 0 && /[:：]$/.test(pc.text)) continue;
        const attention = ATTENTION_AT.exec(pc.text);
        let text = (attention ? pc.text.slice(attention[0].length) : pc.text).replace(DOC_TYPE, '').replace(/[,;:•|]+$/, '').trim();
        // a closing bracket without its opening one is a misread mark, not part of the name ("MORRIS)")
        if (/\)$/.test(text) && !text.includes('(')) text = text.slice(0, -1).trimEnd();
        // a registration number in brackets after the name ("ACME SDN BHD (129886 X)") is not part of it
        text = text.replace(/\s*\(\s*[\dA-Z-]*\d{4,}[\dA-Z\s-]*\)?$/, '');
        if (!looksLikeName(text)) continue;
        const start = pc.start + Math.max(0, page.text.slice(pc.start, pc.start + pc.text.length).indexOf(text));
        const spanEnd = start + text.length;
        // OCR: the name as printed, read through type-aware repair (legal forms, brackets, digits in words)
        if (page.source === 'ocr') text = repairName(ocrNameMarks(text));
        const role = ctx.blockRole(p, li, start);
        // next line in the same column: an address under a name makes a party block; an attention line right under
        // it ("FAO James Engel", "z. Hd. Markus Engel") makes it the addressee's, labelled or not (a window address)
        let addrBelow = 0;
        let addressee = 0;
        const nameBox = ctx.spanBox({ p, start, end: spanEnd })?.bbox ?? line.bbox;
        for (let k = li + 1, first = true; k < Math.min(page.lines.length, li + 6); k++) {
          const l2 = page.lines[k];
          if (l2.bbox[1] - line.bbox[3] > 4 * medH) break;
          if (!sameColumn(line.bbox, nameBox, l2.bbox)) continue;
          const below = page.text.slice(l2.start, l2.end);
          if (first && !lineAttention && ATTENTION_AT.test(below.trim())) addressee = 1;
          first = false;
          if (isAddressLine(below)) { addrBelow = 1; break; }
          // (centred lines: another line between, a name, heads the address; a title above it heads nothing)
          if (Math.abs(line.bbox[0] - l2.bbox[0]) > COLUMN_ALIGN) break;
        }
        // registration/bank details on the same line or the lines right around it
        let details = 0;
        for (let k = Math.max(0, li - 2); k <= Math.min(page.lines.length - 1, li + 2); k++) {
          const l2 = page.lines[k];
          if (Math.abs(l2.bbox[1] - line.bbox[1]) > 4 * medH) continue;
          if (ISSUER_DETAILS.test(page.text.slice(l2.start, l2.end))) { details = 1; break; }
        }
        const payee = PAYEE_CUE.test(page.text.slice(Math.max(line.start, start - 40), start)) ? 1 : 0;
        const sep = pc.kind === 1 && segs.length >= 3 ? 1 : 0;
        const letters = text.replace(/[^\p{L}]/gu, '');
        const upper = letters.length ? letters.replace(/[^\p{Lu}]/gu, '').length / letters.length : 0;
        const f: Record<string, number> = {
          buyerRole: role.role === 'buyer' ? (role.delivery ? DELIVERY_ROLE : 1) : 0,
          sellerRole: role.role === 'seller' ? (y > 0.8 ? FOOT_SELLER_ROLE : 1) : 0,
          top: p === 0 ? 1 - Math.min(1, y / 0.4) : 0,
          footer: y > 0.8 ? 1 : 0,
          legal: hasLegalForm(text) ? 1 : 0,
          addrBelow,
          sender: sep,
          // a web address inside the name ("... iov Brand.com") is not the name matching its domain
          domain: domainMatch(ctx, text.replace(WEB_ADDRESS, ' ').trim()),
          // words after the legal form ("ACME B.V. iov Other.com"): the name ended before them
          // (not a partnership's full style, which ends with a legal form again: "S.a.s. di Neri Paolo & C.")
          tail: TAIL_AFTER_FORM.test(text) && !ENDS_WITH_FORM.test(text) ? 1 : 0,
          big: (line.bbox[3] - line.bbox[1]) / medH > 1.3 ? 1 : 0,
          repeat: Math.min(3, nameCounts(text)) - 1,
          upper,
          afterLabel: pc.kind === 2 || rowKey ? 1 : 0,
          words: Math.min(8, text.split(/\s+/).length),
          details,
          payee,
          firstLine,
          junk: (text.replace(/[\p{L}\p{N}\s.,&'()-]/gu, '').length / Math.max(1, text.length)) > 0.08 ? 1 : 0,
          // the whole text line although its words sit on different visual rows or in different columns (or blocks)
          mixed: (mixedRows || colRuns.length > 1 || headSplits.length > 0) && pc.kind !== 3 ? 1 : 0,
          // a person named by an attention line ("z. Hd. Jana Krüger") works at the party; the party is the line above
          attention: attention || lineAttention ? 1 : 0,
          addressee,
        };
        const key = normText(text);
        const prev = seen.get(key);
        if (prev) {
          // the same name in several places: keep the strongest evidence of each kind
          const wasMixed = prev.features.mixed;
          const wasAttention = prev.features.attention;
          for (const [k, v] of Object.entries(f)) if (k !== 'top' && k !== 'footer' && k !== 'buyerRole' && k !== 'sellerRole') prev.features[k] = Math.max(prev.features[k], v);
          if (f.buyerRole) prev.features.buyerRole = Math.max(prev.features.buyerRole, 0.5);
          prev.features.sellerRole = Math.max(prev.features.sellerRole, f.sellerRole);
          prev.features.top = Math.max(prev.features.top, f.top);
          prev.features.footer = Math.max(prev.features.footer, f.footer);
          prev.features.firstLine = Math.max(prev.features.firstLine, f.firstLine);
          prev.features.junk = Math.min(prev.features.junk, f.junk);
          prev.features.mixed = Math.min(wasMixed, f.mixed);
          prev.features.attention = Math.min(wasAttention, f.attention);
          continue;
        }
        // "PHILIP MORRIS" over "INCORPORATED": a letterhead whose legal form sits on the line below
        const form = f.legal ? undefined : legalFormBelow(page, li, start, spanEnd);
        if (form) {
          const value = `${text} ${page.text.slice(form.start, form.end)}`;
          const fk = normText(value);
          if (!seen.has(fk)) {
            const c2: PartyCandidate = { value, span: { p, start, end: spanEnd }, extra: [{ p, ...form }], features: { ...f, legal: 1 } };
            seen.set(fk, c2);
            out.push(c2);
          }
        }
        const c = { value: text, span: { p, start, end: spanEnd }, features: f };
        seen.set(key, c);
        out.push(c);
      }
    });
  }
  void side;
  return ctx.pages.some((pg) => pg.source === 'ocr') ? mergeMisreads(ctx, out) : out;
}

/**
 * OCR prints of one name that differ by a few misread letters ("Papoo Software & Media GmbH" in the letterhead,
 * "Papoe Sofware & Media GmbH" in the footer) are one candidate: the evidence of all of them, spelled as
 * the print OCR was surest of.
 */
function mergeMisreads(ctx: DocContext, cands: PartyCandidate[]): PartyCandidate[] {
  const out: PartyCandidate[] = [];
  const groups: PartyCandidate[][] = [];
  for (const c of cands) {
    const k = c.value.toLowerCase();
    const max = Math.floor(k.length / 6);
    const g = k.length >= 8 ? groups.find((g) => editDistance(g[0].value.toLowerCase(), k, max) <= max) : undefined;
    if (g) g.push(c); else groups.push([c]);
  }
  for (const g of groups) {
    if (g.length === 1) { out.push(g[0]); continue; }
    const best = g.reduce((a, b) => (ctx.wordConfidence(b.span) > ctx.wordConfidence(a.span) ? b : a));
    const f = { ...best.features };
    for (const c of g) {
      for (const [k, v] of Object.entries(c.features)) {
        if (k === 'junk' || k === 'mixed' || k === 'buyerRole') f[k] = Math.min(f[k] ?? v, v);
        else f[k] = Math.max(f[k] ?? 0, v);
      }
    }
    out.push({ ...best, features: f });
  }
  return out;
}

/** Edit distance of a and b, or max + 1 once it exceeds max. */
function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let low = i;
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      low = Math.min(low, cur[j]);
    }
    if (low > max) return max + 1;
    prev = cur;
  }
  return prev[b.length];
}

/**
 * How often a name (lower case, 8+ characters) is printed on OCR pages given as lower-case words: runs of as
 * many words within one edit per six characters of it, each run counted once (at most 6).
 */
export function fuzzyCount(pages: string[][], name: string): number {
  const nw = name.split(/\s+/).length;
  const max = Math.floor(name.length / 6);
  let n = 0;
  for (const ws of pages) {
    for (let i = 0; i + nw <= ws.length && n < 6; i++) {
      if (ws[i][0] !== name[0] && ws[i][1] !== name[1]) continue;
      if (editDistance(ws.slice(i, i + nw).join(' '), name, max) <= max) { n++; i += nw - 1; }
    }
  }
  return n;
}

/**
 * Stray marks OCR adds around a printed name: specks and rules before it ('~—" SEMRUSH', "&. ATLASSIAN"),
 * a point glued to an ampersand ("GmbH.& Co."), a lone small letter after a name in capitals ("NETPRESSE i").
 * A name starts with a letter or digit; the marks carry no letters of it.
 */
export function ocrNameMarks(t: string): string {
  let s = t.replace(/^(?:[^\p{L}\p{N}]+\s+|[^\p{L}\p{N}(]+)(?=[\p{L}\p{N}])/u, '');
  s = s.replace(/(\p{L})\.&\s*/gu, '$1 & ');
  if (/\s\p{Ll}$/u.test(s) && /^[^\p{Ll}]+$/u.test(s.slice(0, -2)) && /\p{Lu}{3}/u.test(s)) s = s.slice(0, -2);
  // a legal form at the end with a digit misread for its look-alike letter ("Acme 8.V.", "Acme 5.A.")
  const last = /\s(\S{1,6})$/.exec(s);
  if (last && /\d/.test(last[1])) {
    const form = last[1].replace(/8/g, 'B').replace(/0/g, 'O').replace(/5/g, 'S').replace(/1/g, 'I');
    if (LEGAL_FORM_ONLY.test(form)) s = s.slice(0, last.index + 1) + form;
  }
  return s.trim();
}

/** OCR word that is not part of a printed name: unsure noise, a logo glyph, a stray mark. */
function ocrNoise(w: { text: string; confidence: number; bbox: number[] }, medH: number): boolean {
  const h = w.bbox[3] - w.bbox[1];
  // unsure and short or odd ("jms?", "Sis"); a long unsure word of letters is a misread word of the name,
  // also with a stray mark glued to it ('"PHILIP', "MORRIS)"), which the name's cleaning drops later
  const core = w.text.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
  if (w.confidence < 0.5 && (core.length <= 4 || /[^\p{L}.&'-]/u.test(core))) return true;
  // logo letters are drawn much larger or smaller than the type of the name beside them (compared only
  // between words with capitals, digits or ascenders, whose boxes have the same height in one font size)
  if (medH > 0 && TALL.test(w.text) && (h > 1.4 * medH || h < medH / 1.5)) return true;
  return !/\p{L}/u.test(w.text) && w.confidence < 0.7;
}
const TALL = /[\p{Lu}\p{N}bdfhklt]/u;

/**
 * Word range [first, end) of an OCR line without noise words at its two ends (see ocrNoise), judged
 * against the median height of the line's words; undefined when nothing is left.
 */
export function ocrCore(page: Page, from: number, to: number): [number, number] | undefined {
  const hs = page.words.slice(from, to).filter((w) => TALL.test(w.text)).map((w) => w.bbox[3] - w.bbox[1]).sort((a, b) => a - b);
  const medH = hs[Math.floor(hs.length / 2)] ?? 0;
  let a = from;
  let b = to;
  // a noise word among the first three, with only short words before it: a logo read as bits ("an lazon")
  for (let i = from; i < Math.min(to, from + 3); i++) {
    if (ocrNoise(page.words[i], medH) && page.words.slice(from, i).every((w) => w.text.length <= 3)) a = i + 1;
  }
  while (a < b && ocrNoise(page.words[a], medH)) a++;
  while (b > a && ocrNoise(page.words[b - 1], medH)) b--;
  return a < b ? [a, b] : undefined;
}

// case-blind: letterheads set the form in capitals ("INCORPORATED") or small caps read as either
const LEGAL_FORM_ONLY = new RegExp(`^(?:${LEGAL_SUFFIX.source})$`, 'i');

/**
 * A line that is nothing but a legal form ("INCORPORATED", "GmbH"), right under the name span [start, end)
 * of line `li` and overlapping it horizontally: the rest of a letterhead name. Lines of OCR noise in
 * between (logo fragments) are passed over.
 */
export function legalFormBelow(page: Page, li: number, start: number, end: number): { start: number; end: number } | undefined {
  const ws = page.words.filter((w) => w.start >= start && w.end <= end);
  if (!ws.length) return undefined;
  const x0 = Math.min(...ws.map((w) => w.bbox[0]));
  const x1 = Math.max(...ws.map((w) => w.bbox[2]));
  const y1 = Math.max(...ws.map((w) => w.bbox[3]));
  const h = Math.max(...ws.map((w) => w.bbox[3] - w.bbox[1]));
  for (let k = li + 1; k < Math.min(page.lines.length, li + 6); k++) {
    const l = page.lines[k];
    if (l.bbox[1] - y1 > 1.5 * h) break;
    const t = page.text.slice(l.start, l.end).trim();
    if (l.bbox[2] <= x0 || l.bbox[0] >= x1) continue;
    if (LEGAL_FORM_ONLY.test(t)) {
      const s = l.start + page.text.slice(l.start, l.end).indexOf(t);
      return { start: s, end: s + t.length };
    }
    // anything but noise between the name and its legal form ends the search
    let conf = 0;
    for (let w = l.wordStart; w < l.wordEnd; w++) conf += page.words[w].confidence;
    if (page.source !== 'ocr' || conf / Math.max(1, l.wordEnd - l.wordStart) >= 0.5) return undefined;
  }
  return undefined;
}

/** Hand-set weights (log-odds) of the party features for the issuer (seller) and the recipient (buyer). */
export const ISSUER_WEIGHTS: Record<'seller' | 'buyer', Record<string, number>> = {
  seller: { bias: -2.2, buyerRole: -2.5, sellerRole: 2.2, top: 1.2, footer: 0.3, legal: 1.0, addrBelow: 0.6, sender: 1.2, domain: 1.8, big: 0.6, repeat: 0.35, upper: 0.2, afterLabel: 0, words: -0.05, details: 0.8, payee: 2.0, firstLine: 1.2, junk: -1.5, mixed: -1.0, tail: -0.6, attention: -1.5, addressee: -1.5 },
  buyer: { bias: -2.5, buyerRole: 3.0, sellerRole: -2.5, top: 0.3, footer: -1.0, legal: 0.4, addrBelow: 0.8, sender: -1.5, domain: -1.2, big: -0.2, repeat: 0, upper: 0, afterLabel: 0.3, words: -0.05, details: -0.8, payee: -2.0, firstLine: -0.3, junk: -1.5, mixed: -1.0, tail: -0.6, attention: -1.5, addressee: 2.5, window: 1.5 },
};

export function scoreParty(f: Record<string, number>, side: 'seller' | 'buyer'): number {
  const w = ISSUER_WEIGHTS[side];
  let z = w.bias;
  for (const [k, v] of Object.entries(f)) z += (w[k] ?? 0) * v;
  return 1 / (1 + Math.exp(-z));
}
