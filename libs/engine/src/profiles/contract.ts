/**
 * The contract profile: contracts, letters and other running prose (as opposed to forms, invoices and receipts).
 * Date, duration and party kinds read such documents by their sentences ("made and entered into as of ...",
 * "for an initial term of ...") rather than by labels.
 */
import type { DocContext } from '../extract/context.js';

const PROSE_WORD_RE = /\b(shall|hereby|herein|hereto|hereof|hereunder|whereas|agreement|parties|party|pursuant)\b/gi;

/** Contracts, letters and other running prose (as opposed to forms, invoices and receipts). */
export function isProse(ctx: DocContext): boolean {
  return ctx.memo('prose', () => {
    if (ctx.totalChars > 6000) return true;
    const text = ctx.pages.map((p) => p.text).join('\n');
    const n = (text.match(PROSE_WORD_RE) ?? []).length;
    return n >= 5 && n * 400 >= text.length;
  });
}
