/**
 * findLabels tries a field's label pattern only where a label can start (a word opened by one of its phrases'
 * first letters, a word that is not plain ASCII, a symbol that opens a phrase): it must find exactly the labels a
 * search of the whole page finds.
 */
import { DocContext } from '../../src/extract/context.js';
import { findLabels, labelsPattern } from '../../src/extract/labels.js';
import { CONCEPT_IDS, phrasesOf } from '../../src/knowledge/labels/index.js';
import { doc } from '../helpers/doc.js';

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const phrasePattern = (p: string) => esc(p.replace(/[\s._-]+/g, (run) => (/\s/.test(run) ? ' ' : run))).replace(/ /g, '[\\s._-]*');

/** Running text (long lines, no colons: nothing is read by similarity), one phrase per sentence. */
const sentences = (texts: string[]) => texts.map((t) => `the word ${t} stands in this long sentence of running text here`);

/** Labels found by the pattern, as "page:start-end" (not the dotted-initials reader's own hits: "A.C." for "ac"). */
function found(pages: string[][], phrases: string[]): string[] {
  return findLabels(new DocContext(doc(...pages)), phrases).filter((h) => !h.initials).map((h) => `${h.p}:${h.start}-${h.end}`);
}

/** What a search of each whole page with the phrases' pattern (longest first) finds. */
function searched(pages: string[][], phrases: string[]): string[] {
  const re = labelsPattern([...phrases].sort((a, b) => b.length - a.length).map(phrasePattern).join('|'));
  return doc(...pages).pages.flatMap((pg, p) => [...pg.text.matchAll(re)]
    .filter((m) => /[\p{L}\p{N}]/u.test(m[1]!) || !pg.text.slice(pg.text.lastIndexOf('\n', m.index! - 1) + 1, m.index!).trim())
    .map((m) => `${p}:${m.index}-${m.index! + m[0].length}`));
}

const vocabulary = [...new Set(phrasesOf(...CONCEPT_IDS))];

describe('where label patterns are tried', () => {
  test('every label of every language, printed in other case and with other separators, is found where a page search finds it', () => {
    const printed = vocabulary.flatMap((p, i) => [p.toUpperCase(), p.replace(/ /g, ['.', '-', '', '  ', '_'][i % 5]!), `x${p}`, `${p}x`]);
    const pages = [sentences(printed.slice(0, printed.length / 2)), sentences(printed.slice(printed.length / 2))];
    for (const c of CONCEPT_IDS) expect(found(pages, phrasesOf(c))).toEqual(searched(pages, phrasesOf(c)));
    expect(found(pages, vocabulary)).toEqual(searched(pages, vocabulary));
  });

  test('a word whose letters case folding reads as ASCII ones (long s, Kelvin sign) is tried', () => {
    // (the phrases' first words are printed plainly too: a document without them has no such labels to try)
    const pages = [sentences(['ſubtotal', 'ſub-total', '\u212Aontonummer', 'TOTAL', 'substance', 'kontor'])];
    const phrases = ['subtotal', 'sub total', 'kontonummer', 'total'];
    expect(found(pages, phrases)).toHaveLength(4);
    expect(found(pages, phrases)).toEqual(searched(pages, phrases));
  });

  test('a page whose lower case changes its length, and a phrase opened by separators, are searched whole', () => {
    const pages = [sentences(['İSTANBUL total', 'total due'])];
    expect(found(pages, ['total'])).toEqual(searched(pages, ['total']));
    expect(found(pages, ['total'])).toHaveLength(2);
    const spaced = [sentences(['due', 'x - due', 'total'])];
    expect(found(spaced, ['- due', 'total'])).toEqual(searched(spaced, ['- due', 'total']));
    expect(found(spaced, ['- due', 'total'])).toHaveLength(3);
  });

  test('a symbol label ("#") is tried wherever the symbol is printed', () => {
    const pages = [['# 1042 is the number', 'Order # 7 follows', 'no number here', '#5']];
    expect(found(pages, ['#', 'number'])).toEqual(searched(pages, ['#', 'number']));
    expect(found(pages, ['#'])).toHaveLength(2);
  });

  test('a label glued to an identifier or a letter outside ASCII is not read, one followed by digits is', () => {
    const pages = [sentences(['x_total', '𝐀total', 'total2024', 'étotal'])];
    expect(found(pages, ['total'])).toEqual(searched(pages, ['total']));
    expect(found(pages, ['total'])).toHaveLength(1);
  });
});
