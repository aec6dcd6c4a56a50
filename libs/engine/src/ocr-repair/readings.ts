/**
 * Several OCR readings of one text line: the primary pass, the alternative pass (words re-read with
 * another page segmentation, attached to the same boxes by ingest), a per-word choice of the more
 * confident one, and a per-character vote of the two with the line's re-reading as a crop. Offsets in a variant map back to the primary page text, so candidates found in any
 * reading are grounded on the same words.
 */
import type { Page } from '../document/model.js';

export type ReadingKind = 'primary' | 'alt' | 'confident' | 'vote';

/**
 * The character-by-character majority of a word's three readings (primary, second pass, line re-reading) of
 * equal length: where two agree against the third, theirs ("05/61/2018", "08/01/2018", "05/01/2018" ->
 * "05/01/2018"). Undefined when a reading is missing, the lengths differ or no position is outvoted.
 */
export function votedText(primary: string, alt: string | undefined, reread: string | undefined): string | undefined {
  if (alt === undefined || reread === undefined || alt.length !== primary.length || reread.length !== primary.length) return undefined;
  let out = '';
  for (let k = 0; k < primary.length; k++) {
    const [a, b, c] = [primary[k]!, alt[k]!, reread[k]!];
    out += b === c ? b : a;
  }
  return out === primary ? undefined : out;
}

export interface LineReading {
  kind: ReadingKind;
  text: string;
  /** Page-text offset (primary reading) for every character offset of `text` (length text.length + 1). */
  toPage: Int32Array;
  /** Words whose reading differs from the primary one. */
  changed: number;
  /** How much less confident than the primary words the changed words are (mean, >= 0). */
  doubt: number;
}

/** How much more confident the alternative reading of a word must be to replace it in the 'confident' reading. */
export const CONFIDENT_MARGIN = 0.15;

export function lineReadings(page: Page, lineIndex: number, kinds: readonly ReadingKind[] = ['primary', 'alt']): LineReading[] {
  const line = page.lines[lineIndex];
  if (!line) return [];
  const out: LineReading[] = [];
  for (const kind of kinds) {
    let text = '';
    const map: number[] = [];
    let changed = 0;
    let doubt = 0;
    for (let w = line.wordStart; w < line.wordEnd; w++) {
      const word = page.words[w]!;
      let t = word.text;
      const voted = kind === 'vote' ? votedText(word.text, word.alt?.text, word.reread?.words === 1 ? word.reread.text : undefined) : undefined;
      if (voted !== undefined) {
        t = voted;
        changed++;
      } else if (word.alt && (kind === 'alt' || (kind === 'confident' && word.alt.confidence > word.confidence + CONFIDENT_MARGIN))) {
        t = word.alt.text;
        changed++;
        doubt += Math.max(0, word.confidence - word.alt.confidence);
      }
      if (w > line.wordStart) {
        map.push(word.start - 1);
        text += ' ';
      }
      const len = word.end - word.start;
      for (let k = 0; k < t.length; k++) map.push(word.start + Math.min(k, len - 1));
      text += t;
    }
    map.push(line.end);
    if (kind !== 'primary' && changed === 0) continue;
    out.push({ kind, text, toPage: Int32Array.from(map), changed, doubt: changed ? doubt / changed : 0 });
  }
  return out;
}

/** Page span [start, end) of a variant's [s, e), widened to whole primary words. */
export function pageSpan(page: Page, r: LineReading, s: number, e: number): { start: number; end: number } {
  let start = r.toPage[Math.max(0, Math.min(s, r.toPage.length - 1))]!;
  let end = r.toPage[Math.max(0, Math.min(Math.max(s, e - 1), r.toPage.length - 1))]! + 1;
  if (r.kind !== 'primary') {
    const w0 = page.words.find((w) => w.start <= start && start < w.end);
    const w1 = page.words.find((w) => w.start < end && end <= w.end);
    if (w0) start = w0.start;
    if (w1) end = w1.end;
  }
  return { start, end };
}
