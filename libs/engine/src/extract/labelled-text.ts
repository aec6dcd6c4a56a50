/** Key-value reading: the text printed after a field's label on its line, or on the next line. */
import type { LeafNode } from '../schema/compile.js';
import type { DocContext } from './context.js';
import { findLabels, labelPhrases } from './labels.js';
import { aggregate } from './ranking.js';
import { sigmoid, type Scored } from './scored.js';

/** Value text to the right of a label on the same line (or the next line). */
export function labelledText(ctx: DocContext, leaf: LeafNode, maxWords = 8): Scored[] {
  const phrases = labelPhrases(leaf);
  const hits = findLabels(ctx, phrases);
  const out: Scored[] = [];
  for (const h of hits) {
    const page = ctx.pages[h.p];
    const line = page.lines[h.line];
    if (!line) continue;
    let s = h.end;
    while (s < line.end && /[\s:#.\-–=|]/.test(page.text[s])) s++;
    let start = s;
    let end = line.end;
    let below = false;
    if (start >= end) {
      const next = page.lines[h.line + 1];
      if (!next) continue;
      start = next.start; end = next.end; below = true;
    }
    const text = page.text.slice(start, end);
    const words = text.split(/\s+/);
    if (words.length > maxWords) { end = start + words.slice(0, maxWords).join(' ').length; }
    const value = page.text.slice(start, end).trim();
    // another key ("Name:" under the heading "Seller") is no value
    if (!value || /^[^:：]{1,40}[:：]$/.test(value)) continue;
    const spec = (h.spec ?? 1 - 0.5 * (h.rank / phrases.length)) * (h.quality ?? 1);
    out.push({ value, spans: [{ p: h.p, start, end: start + value.length }], score: sigmoid(-0.8 + 1.8 * spec - (below ? 0.5 : 0) - 0.3 * h.p), features: { lab: spec, below: +below } });
  }
  return aggregate(out);
}
