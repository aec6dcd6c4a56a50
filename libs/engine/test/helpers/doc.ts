/** Builds DocumentModel objects in code: pages of lines, each line a string placed at (x, y). */
import type { DocumentModel, Page, Word } from '../../src/document/model.js';

export interface LineSpec {
  text: string;
  x?: number;
  y: number;
}

export function page(lines: (LineSpec | string)[], number = 1): Page {
  const words: Word[] = [];
  const outLines: Page['lines'] = [];
  let text = '';
  lines.forEach((spec, li) => {
    const l: LineSpec = typeof spec === 'string' ? { text: spec, y: 0.05 + li * 0.03 } : spec;
    if (li > 0) text += '\n';
    const lineStart = text.length;
    const wordStart = words.length;
    let x = l.x ?? 0.05;
    const parts = l.text.split(' ');
    parts.forEach((w, wi) => {
      if (wi > 0) { text += ' '; x += 0.01; }
      const start = text.length;
      text += w;
      const width = w.length * 0.01;
      words.push({ text: w, bbox: [x, l.y, x + width, l.y + 0.02], start, end: text.length, line: li, confidence: 1 });
      x += width;
    });
    const ws = words.slice(wordStart);
    outLines.push({
      bbox: [ws[0]?.bbox[0] ?? 0, l.y, ws[ws.length - 1]?.bbox[2] ?? 0, l.y + 0.02],
      start: lineStart, end: text.length, wordStart, wordEnd: words.length, block: 0,
    });
  });
  return { number, width: 612, height: 792, text, words, lines: outLines, blocks: [{ bbox: [0, 0, 1, 1], lineStart: 0, lineEnd: outLines.length }], source: 'text-layer' };
}

export function doc(...pages: (LineSpec | string)[][]): DocumentModel {
  const ps = pages.map((p, i) => page(p, i + 1));
  return { format: 'pdf', pages: ps, pageCount: ps.length, wordCount: ps.reduce((a, p) => a + p.words.length, 0) };
}
