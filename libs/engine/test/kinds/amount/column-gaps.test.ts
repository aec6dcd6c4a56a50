/**
 * Amounts grouped by spaces ("325 000", as Hungarian, French or Polish print them) side by side in the columns of a
 * row, read as one line of words joined by single spaces (as OCR reads a row): a gap between columns is no group
 * separator.
 */
import type { DocumentModel, Word } from '../../../src/document/model.js';
import { amountCandidates } from '../../../src/extract/candidates.js';
import { DocContext } from '../../../src/extract/context.js';

/** One line of words at these left edges (a share of the page width), each 0.01 wide per character. */
function line(cells: [number, string][]): DocumentModel {
  let text = '';
  const words: Word[] = cells.map(([x, t], i) => {
    if (i > 0) text += ' ';
    const start = text.length;
    text += t;
    return { text: t, bbox: [x, 0.5, x + t.length * 0.01, 0.515], start, end: text.length, line: 0, confidence: 1 };
  });
  const lines = [{ bbox: [cells[0]![0], 0.5, words.at(-1)!.bbox[2], 0.515] as Word['bbox'], start: 0, end: text.length, wordStart: 0, wordEnd: words.length, block: 0 }];
  const page = { number: 1, width: 612, height: 792, text, words, lines, blocks: [{ bbox: [0, 0, 1, 1] as Word['bbox'], lineStart: 0, lineEnd: 1 }], source: 'ocr' as const };
  return { format: 'pdf', pages: [page], pageCount: 1, wordCount: words.length };
}

const values = (doc: DocumentModel) => amountCandidates(new DocContext(doc)).map((c) => c.value);

describe('amounts grouped by spaces in the columns of a row', () => {
  test('two amounts in two columns are two amounts, not one joined across the gap', () => {
    const v = values(line([[0.1, 'Összesen'], [0.4, '87'], [0.43, '750'], [0.6, '412'], [0.63, '750']]));
    expect(v).toContain(87750);
    expect(v).toContain(412750);
    expect(v).not.toContain(87750412750);
  });

  test('a thousands group a word space away stays part of its amount', () => {
    expect(values(line([[0.1, 'Total'], [0.4, '412'], [0.43, '750']]))).toContain(412750);
  });
});
