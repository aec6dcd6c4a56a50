import { DocContext } from '../../src/extract/context.js';
import { findLabels } from '../../src/extract/labels.js';
import { doc } from '../helpers/doc.js';

// Two header cells of one row: "Invoice Date" at the left, "Due Date" in the middle.
const headerRow = () => new DocContext(doc([{ text: 'Invoice Date', x: 0.05, y: 0.2 }, { text: 'Due Date', x: 0.4, y: 0.2 }]));

test('a phrase is not read across two cells of a row ("Invoice [Date ... Due] Date")', () => {
  expect(findLabels(headerRow(), ['date due'])).toEqual([]);
});

test('a phrase inside one cell is still read', () => {
  const hits = findLabels(headerRow(), ['due date']);
  expect(hits).toHaveLength(1);
});
