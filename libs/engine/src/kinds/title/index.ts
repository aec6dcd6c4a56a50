/** Document titles: a prominent line near the top of page one naming the document's type. */
import { LEGAL_FORM_RE } from '../../knowledge/legal-forms/index.js';
import type { DocContext } from '../../extract/context.js';
import { aggregate } from '../../extract/ranking.js';
import { sigmoid, type Scored } from '../../extract/scored.js';
import type { FieldKind } from '../field-kind.js';

export const titleKind: FieldKind = {
  name: 'title',
  claims: (leaf) => leaf.semantic === 'title',
  rank: (ctx) => rankTitle(ctx),
  group: () => 'name',
};

/** Title: a prominent line at the top of page 1 naming the document type. */
function rankTitle(ctx: DocContext): Scored[] {
  const out: Scored[] = [];
  const page = ctx.pages[0];
  if (!page) return out;
  page.lines.slice(0, 40).forEach((l, i) => {
    const text = page.text.slice(l.start, l.end).trim();
    if (!/agreement|contract|license|licence|amendment|memorandum|terms|addendum|plan|lease|invoice|deed|charter/i.test(text)) return;
    if (text.length > 90 || text.split(' ').length > 12) return;
    const letters = text.replace(/[^A-Za-z]/g, '');
    const upper = letters.length ? letters.replace(/[^A-Z]/g, '').length / letters.length : 0;
    const z = -0.5 + 1.2 * upper - 0.03 * i + (/^(this|the|by|and|in|of|whereas)\b/i.test(text) ? -1.5 : 0) + (/[.;,]$/.test(text) ? -0.8 : 0) + (/^exhibit|^schedule|^section|^article/i.test(text) ? -0.8 : 0);
    const m = /([A-Z][\w\-]*(?:\s+[\w\-&]+){0,8}?\s+(?:AGREEMENT|Agreement|CONTRACT|Contract|LICENSE|License))/.exec(text);
    let value = m && m[1].length < text.length - 3 && /["“(]|dated|between/i.test(text) ? m[1] : text;
    let start = l.start + text.indexOf(value);
    // a title in capitals set over several lines ("FORM OF / TRADEMARK LICENSE AGREEMENT", "MOBILE VIRTUAL NETWORK
    // ENABLER / HOSTING AGREEMENT"): the capital lines just above belong to it, up to a party name or a notice
    let joined = 0;
    if (upper > 0.8 && value === text) {
      for (let k = i - 1; k >= 0 && joined < 2; k--) {
        const above = page.text.slice(page.lines[k].start, page.lines[k].end).trim();
        const al = above.replace(/[^A-Za-z]/g, '');
        if (!al || al.replace(/[^A-Z]/g, '').length / al.length < 0.8 || above.length > 60 || /[.:;,]$/.test(above)) break;
        // (not a party's trade name, a logo placeholder, or a draft marker such as "EXECUTION VERSION")
        if (/^(exhibit|schedule|annex|appendix|d\/?b\/?a)\b|[[\]]|confidential|omitted|requested|hereof|denoted|pursuant|\bpage\b|\b(?:execution|final|draft)\s+(?:version|copy)\b|^(?:draft|execution copy)$/i.test(above) || LEGAL_FORM_RE.test(above)) break;
        value = `${above} ${value}`;
        start = page.lines[k].start + page.text.slice(page.lines[k].start, page.lines[k].end).indexOf(above);
        joined++;
      }
    }
    // a bare "AGREEMENT" names no kind of agreement; "Contract No.: 151315" is a reference line
    const bare = /^(?:the\s+)?(?:agreement|contract)$/i.test(value.trim()) ? -1.2 : 0;
    const label = /\bno\.?\s*:|:\s*\S/i.test(value) ? -1.0 : 0;
    out.push({ value, spans: [{ p: 0, start, end: start + value.length }], score: sigmoid(z + bare + label + 0.2 * joined), features: { upper, joined } });
  });
  return aggregate(out);
}
