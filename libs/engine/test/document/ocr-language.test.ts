import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDocument } from '../../src/document/index.js';
import { closeOcr, ocrGrey, type Grey } from '../../src/document/ocr.js';
import { greyTiff } from '../fixtures/images.js';
import { textPdf } from '../fixtures/pdf-builder.js';

/**
 * A stand-in `tesseract`: lists `installed` as its language data, logs the model (-l) of each recognition and
 * prints the reading given for that model (or for '*'). Each test gets its own binary (installed data is
 * asked once per binary).
 */
function standIn(installed: string[], readings: Record<string, { text: string; confidence: number }>) {
  const dir = mkdtempSync(join(tmpdir(), 'exs-tess-'));
  for (const [model, r] of Object.entries(readings)) {
    const rows = ['level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext'];
    r.text.split(' ').forEach((word, i) => rows.push(`5\t1\t1\t1\t1\t${i + 1}\t${10 + i * 50}\t10\t40\t20\t${r.confidence}\t${word}`));
    writeFileSync(join(dir, `${model === '*' ? 'any' : model}.tsv`), rows.join('\n') + '\n');
  }
  const bin = join(dir, 'tesseract');
  writeFileSync(bin, `#!/bin/sh
if [ "$1" = "--list-langs" ]; then printf 'List of available languages in "${dir}/" (${installed.length}):\\n${installed.join('\\n')}\\n'; exit 0; fi
cat > /dev/null
model=""; prev=""
for a in "$@"; do if [ "$prev" = "-l" ]; then model="$a"; fi; prev="$a"; done
echo "$model" >> "${dir}/calls"
if [ -f "${dir}/$model.tsv" ]; then cat "${dir}/$model.tsv"; else cat "${dir}/any.tsv"; fi
`);
  chmodSync(bin, 0o755);
  return { bin, calls: () => readFileSync(join(dir, 'calls'), 'utf8').trim().split('\n'), remove: () => rmSync(dir, { recursive: true, force: true }) };
}

const page: Grey = { data: Buffer.alloc(400 * 100, 255), width: 400, height: 100 };
const ENGLISH = 'Thank you for your order, please pay the amount below within 30 days to the account of our bank';
// as the English model reads German: accents lost
const GERMAN_AS_ENGLISH = 'Vielen Dank fur Ihren Auftrag, bitte uberweisen Sie den Betrag innerhalb von 14 Tagen auf das Konto der Bank';
const GERMAN = 'Vielen Dank für Ihren Auftrag, bitte überweisen Sie den Betrag innerhalb von 14 Tagen auf das Konto der Bank';
const ALL = ['deu', 'eng', 'fra', 'osd'];

const stands: Array<{ remove: () => void }> = [];
const make = (...args: Parameters<typeof standIn>) => {
  const s = standIn(...args);
  stands.push(s);
  return s;
};
afterAll(async () => {
  await closeOcr();
  for (const s of stands) s.remove();
});

const read = (bin: string, options: Omit<Parameters<typeof ocrGrey>[1] & object, 'tesseract'> & { languages?: ['en'] } = {}) => {
  const { languages, ...rest } = options;
  return ocrGrey(page, { altPsm: 'off', ...rest, tesseract: { bin, ...(languages ? { languages } : {}) } });
};
const text = (r: Awaited<ReturnType<typeof ocrGrey>>) => r.lines.map((l) => l.map((w) => w.text).join(' ')).join('\n');

describe('OCR in the page\'s language', () => {
  test('an English page is read once, with the English model', async () => {
    const t = make(ALL, { '*': { text: ENGLISH, confidence: 90 } });
    const r = await read(t.bin);
    expect(t.calls()).toEqual(['eng']);
    expect(r).toMatchObject({ model: 'eng', language: 'en' });
  });

  test('a page clearly in German is read again with the German model, and the surer reading is kept', async () => {
    const t = make(ALL, { eng: { text: GERMAN_AS_ENGLISH, confidence: 80 }, 'deu+eng': { text: GERMAN, confidence: 93 } });
    const r = await read(t.bin);
    expect(t.calls()).toEqual(['eng', 'deu+eng']);
    expect(r).toMatchObject({ model: 'deu+eng', language: 'de' });
    expect(text(r)).toContain('für Ihren Auftrag');
  });

  test('the German reading is dropped when Tesseract is less sure of it than of the English one', async () => {
    const t = make(ALL, { eng: { text: GERMAN_AS_ENGLISH, confidence: 85 }, 'deu+eng': { text: GERMAN, confidence: 70 } });
    const r = await read(t.bin);
    expect(t.calls()).toEqual(['eng', 'deu+eng']);
    expect(r).toMatchObject({ model: 'eng', language: 'de' });
    expect(text(r)).toContain('fur Ihren Auftrag');
  });

  test('without the German data installed the page keeps its English reading, with no second pass', async () => {
    const t = make(['eng', 'osd'], { '*': { text: GERMAN_AS_ENGLISH, confidence: 80 } });
    const r = await read(t.bin);
    expect(t.calls()).toEqual(['eng']);
    expect(r).toMatchObject({ model: 'eng', language: 'de' });
  });

  test('languages [en] reads every page with the English model only', async () => {
    const t = make(ALL, { '*': { text: GERMAN_AS_ENGLISH, confidence: 80 } });
    await read(t.bin, { languages: ['en'] });
    expect(t.calls()).toEqual(['eng']);
  });

  test('a page of a document whose text layer is German is read with the German model from the start', async () => {
    const t = make(ALL, { '*': { text: GERMAN, confidence: 90 } });
    const r = await read(t.bin, { languageHint: 'de' });
    expect(t.calls()).toEqual(['deu+eng']);
    expect(r).toMatchObject({ model: 'deu+eng', language: 'de' });
  });

  test('a page too terse to tell its language is read once', async () => {
    const t = make(ALL, { '*': { text: 'Invoice 4711 Date 01.03.2024 Net 100,00 VAT 19,00 EUR IBAN DE12 3456', confidence: 90 } });
    const r = await read(t.bin);
    expect(t.calls()).toEqual(['eng']);
    expect(r.language).toBeUndefined();
  });

  test('a short page whose few words lead to German is tried in German, without being recorded as German', async () => {
    const t = make(ALL, { eng: { text: 'Rechnung 4711 Datum 01.03.2024 Netto 100,00 MwSt 19,00 Summe 119,00 EUR', confidence: 80 }, 'deu+eng': { text: 'Rechnung 4711 Datum 01.03.2024 Netto 100,00 MwSt 19,00 Summe 119,00 EUR', confidence: 90 } });
    const r = await read(t.bin);
    expect(t.calls()).toEqual(['eng', 'deu+eng']);
    expect(r.model).toBe('deu+eng');
    expect(r.language).toBeUndefined();
  });
});

describe('the page model records the language', () => {
  const letter: Array<[number, number, number, string]> = [
    [72, 700, 11, 'Sehr geehrte Damen und Herren,'],
    [72, 680, 11, 'vielen Dank für Ihren Auftrag. Bitte überweisen Sie den Betrag innerhalb von 14 Tagen'],
    [72, 660, 11, 'auf das unten genannte Konto, die Lieferung erfolgt nach Zahlungseingang.'],
  ];

  test('of a page read from its text layer', async () => {
    const doc = await openDocument(textPdf([letter]));
    expect(doc.pages[0]).toMatchObject({ source: 'text-layer', language: 'de' });
  });

  test('of a scanned image, read with the options\' Tesseract', async () => {
    const t = make(ALL, { eng: { text: GERMAN_AS_ENGLISH, confidence: 80 }, 'deu+eng': { text: GERMAN, confidence: 93 } });
    const doc = await openDocument(greyTiff([{ width: 400, height: 100, pixels: new Uint8Array(400 * 100).fill(255) }]), { tesseract: { bin: t.bin } });
    // the page (and its alternative pass) read with English first, then once with German
    expect(t.calls().filter((m) => m !== 'eng')).toEqual(['deu+eng']);
    expect(doc.pages[0]).toMatchObject({ source: 'ocr', language: 'de' });
    expect(doc.pages[0]!.text).toContain('für Ihren Auftrag');
  });

  test('a scanned page of a document whose text layer is German is read with the German model from the first pass', async () => {
    const t = make(ALL, { '*': { text: GERMAN, confidence: 90 } });
    // page 2 has too little text for its layer to count (a scan with a page number): it is OCRed
    const doc = await openDocument(textPdf([letter, [[200, 400, 60, 'Seite 2']]]), { tesseract: { bin: t.bin } });
    // (every run with it: the stand-in's words leave the large "Seite 2" unread, so the large-type pass reads it too)
    expect(t.calls()[0]).toBe('deu+eng');
    expect(new Set(t.calls())).toEqual(new Set(['deu+eng']));
    expect(doc.pages[1]).toMatchObject({ source: 'ocr', language: 'de' });
  });
});
