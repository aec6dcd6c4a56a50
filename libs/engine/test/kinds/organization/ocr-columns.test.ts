import { compileSchema, extractFromDocument } from '../../../src/index.js';
import type { DocumentModel, Page } from '../../../src/document/model.js';
import { fuzzyCount, ocrCore, ocrNameMarks } from '../../../src/kinds/organization/issuer.js';
import { columnRuns, DocContext } from '../../../src/extract/context.js';
import { doc, type LineSpec } from '../../helpers/doc.js';

/** An OCR page; on each line, the words from the first of `gutterWords` on move right by `shift` (a column gutter). */
function ocrDoc(lines: LineSpec[], gutterWords: string[] = [], shift = 0.3): DocumentModel {
  const d = doc(lines);
  const p = d.pages[0];
  p.source = 'ocr';
  for (const line of p.lines) {
    let moving = false;
    for (let w = line.wordStart; w < line.wordEnd; w++) {
      if (gutterWords.includes(p.words[w].text)) moving = true;
      if (moving) { p.words[w].bbox[0] += shift; p.words[w].bbox[2] += shift; }
    }
    line.bbox[2] = p.words[line.wordEnd - 1].bbox[2];
  }
  return d;
}

const vendor = (d: DocumentModel) => extractFromDocument(d, compileSchema({ type: 'object', properties: { vendor_name: { type: ['string', 'null'], description: 'Name of the seller/vendor issuing the invoice.' } } })).data.vendor_name;

describe('side-by-side columns read as one OCR line', () => {
  test('a gap much wider than a word space splits the line into column runs', () => {
    const d = ocrDoc([{ text: 'Acme Tools Globex GmbH', y: 0.2 }], ['Globex']);
    expect(columnRuns(d.pages[0] as Page, 0, 4)).toEqual([[0, 2], [2, 4]]);
  });

  test('word spaces do not split a line', () => {
    const d = ocrDoc([{ text: 'Acme Tools Globex GmbH', y: 0.2 }]);
    expect(columnRuns(d.pages[0] as Page, 0, 4)).toEqual([[0, 4]]);
  });

  test('each column under a merged "Seller: Buyer:" label line takes its own label', () => {
    const d = ocrDoc([{ text: 'Seller: Buyer:', y: 0.2 }, { text: 'Acme Tools Globex GmbH', y: 0.23 }], ['Buyer:', 'Globex']);
    const ctx = new DocContext(d);
    const p = d.pages[0];
    expect(ctx.blockRole(0, 1, p.words[2].start).role).toBe('seller');
    expect(ctx.blockRole(0, 1, p.words[4].start).role).toBe('buyer');
  });

  test('the seller column of a merged party line is the vendor, not the whole line', () => {
    const d = ocrDoc([
      { text: 'Invoice 2024-01', y: 0.05 },
      { text: 'Seller: Buyer:', y: 0.2 },
      { text: 'Acme Tools Globex GmbH', y: 0.23 },
      { text: 'Main Street 1 Berliner Str. 5', y: 0.26 },
      { text: 'Total 12.00', y: 0.6 },
    ], ['Buyer:', 'Globex', 'Berliner']);
    expect(vendor(d)).toBe('Acme Tools');
  });
});

describe('stray OCR marks around a name', () => {
  test('specks and rules before a name are dropped', () => {
    expect(ocrNameMarks('~—" SEMRUSH')).toBe('SEMRUSH');
    expect(ocrNameMarks('&. ATLASSIAN')).toBe('ATLASSIAN');
  });

  test('a point glued to an ampersand is a speck', () => {
    expect(ocrNameMarks('Medienpilot GmbH.& Co. KG')).toBe('Medienpilot GmbH & Co. KG');
  });

  test('a lone small letter after a name in capitals is dropped', () => {
    expect(ocrNameMarks('NETPRESSE i')).toBe('NETPRESSE');
  });

  test('a digit misread in a closing legal form is read as its look-alike letter', () => {
    expect(ocrNameMarks('Coolblue 8.V.')).toBe('Coolblue B.V.');
    expect(ocrNameMarks('Acme 5.A.')).toBe('Acme S.A.');
    expect(ocrNameMarks('Studio 54')).toBe('Studio 54');
  });

  test('marks that belong to a name stay', () => {
    expect(ocrNameMarks('AT&T Inc.')).toBe('AT&T Inc.');
    expect(ocrNameMarks('(Acme) Ltd')).toBe('(Acme) Ltd');
    expect(ocrNameMarks('Acme Tools b')).toBe('Acme Tools b');
  });
});

describe('one name misread differently in each print', () => {
  test('prints within a few misread letters count as the same name', () => {
    const words = ['papoo software & media gmbh auguststr. 4', 'x y', 'papoe sofware & media gmbh bonn'].map((l) => l.split(' '));
    expect(fuzzyCount([words.flat()], 'papoo software & media gmbh')).toBe(2);
  });

  test('a different name of the same length is not counted', () => {
    expect(fuzzyCount([['simfin', 'analytics', 'gmbh']], 'papoo software gmbh')).toBe(0);
  });

  test('the misread prints pool their evidence under the spelling OCR was surest of', () => {
    const d = ocrDoc([
      { text: 'Acme Widget Works', y: 0.05 },
      { text: 'Papoo Software GmbH', y: 0.1 },
      { text: 'Invoice 2024-01', y: 0.3 },
      { text: 'Total 12.00', y: 0.6 },
      { text: 'Papoe Sofware GmbH', y: 0.9 },
      { text: 'Auguststr. 4', y: 0.92 },
      { text: 'IBAN DE33 3705 0198 1933 6229 44', y: 0.94 },
    ]);
    for (const w of d.pages[0].words) w.confidence = /Papoe|Sofware/.test(w.text) ? 0.6 : 0.95;
    expect(vendor(d)).toBe('Papoo Software GmbH');
  });
});

describe('unsure name words with marks glued on', () => {
  test('a long unsure word of the name keeps its place despite a stray quote or bracket', () => {
    const d = ocrDoc([{ text: '\u201cPHILIP MORRIS) 2', y: 0.1 }]);
    d.pages[0].words.forEach((w) => { w.confidence = 0.4; });
    const p = d.pages[0];
    const [a, b] = ocrCore(p, 0, 3)!;
    expect(p.words.slice(a, b).map((w) => w.text)).toEqual(['\u201cPHILIP', 'MORRIS)']);
  });
});

describe('letter-spaced titles', () => {
  test('a document title read with gaps between its letters is not the vendor', () => {
    const d = ocrDoc([
      { text: 'FACTU U R', y: 0.05 },
      { text: 'Coolblue', x: 0.6, y: 0.05 },
      { text: 'Weena 664', x: 0.6, y: 0.08 },
      { text: 'Totaal 12.00', y: 0.6 },
    ]);
    expect(vendor(d)).toBe('Coolblue');
  });
});
