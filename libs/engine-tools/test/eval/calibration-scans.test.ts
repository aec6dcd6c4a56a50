import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPdf, pageText } from '@exs/engine/internals';
import { ensureCalibrationScans, makeScanCopies } from '../../src/eval/calibration-scans.js';
import { imageOnlyPdf } from '../../src/eval/scan-copies.js';

let root: string;
beforeEach(() => { root = mkdtempSync(join(tmpdir(), 'calib-scans-')); });
afterEach(() => rmSync(root, { recursive: true, force: true }));

const grey = { data: Buffer.alloc(60 * 80, 200), width: 60, height: 80 };
/** A labelled case whose document has `pages` pages. */
function addCase(set: string, id: string, pages: number) {
  const dir = join(root, 'datasets', set, 'cases', id);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'document.pdf'), imageOnlyPdf(Array.from({ length: pages }, () => ({ widthPt: 144, heightPt: 192, image: grey }))));
  writeFileSync(join(dir, 'case.json'), JSON.stringify({ id }));
}
const casesOf = (dir: string) => readdirSync(join(root, 'scans', dir, 'cases')).sort();

test('the calibration copies that are missing are made, those already there are left as they are', async () => {
  addCase('invoice2data', 'a', 1);
  addCase('invoice2data', 'b', 1);
  mkdirSync(join(root, 'scans', 'scan-fax-invoice2data', 'cases', 'kept'), { recursive: true });
  await ensureCalibrationScans(join(root, 'datasets'), join(root, 'scans'));
  expect(readdirSync(join(root, 'scans')).sort()).toEqual(['scan-bw-invoice2data', 'scan-fax-invoice2data', 'scan-grey-invoice2data']);
  expect(casesOf('scan-fax-invoice2data')).toEqual(['kept']);
  expect(casesOf('scan-bw-invoice2data')).toEqual(['a', 'b']);
  // a copy keeps its labels and has no text layer
  expect(JSON.parse(readFileSync(join(root, 'scans', 'scan-grey-invoice2data', 'cases', 'a', 'case.json'), 'utf8'))).toEqual({ id: 'a' });
  const pdf = await openPdf(new Uint8Array(readFileSync(join(root, 'scans', 'scan-grey-invoice2data', 'cases', 'a', 'document.pdf'))));
  try {
    expect((await pageText(await pdf.doc.getPage(1))).chars).toBe(0);
  } finally {
    await pdf.close();
  }
});

test('only the sets asked for are copied', async () => {
  addCase('invoice2data', 'a', 1);
  addCase('parsee-invoices', 'p', 1);
  await ensureCalibrationScans(join(root, 'datasets'), join(root, 'scans'), undefined, ['parsee-invoices']);
  expect(readdirSync(join(root, 'scans')).sort()).toEqual(['scan-bw-parsee-invoices', 'scan-fax-parsee-invoices', 'scan-grey-parsee-invoices']);
});

test('copies are limited per set, and whole-only skips documents longer than the pages copied', async () => {
  addCase('nda', 'long', 3);
  addCase('nda', 'short1', 1);
  addCase('nda', 'short2', 1);
  addCase('nda', 'short3', 1);
  const made = await makeScanCopies({ datasets: join(root, 'datasets'), out: join(root, 'scans'), sets: ['nda'], style: 'bw', dpi: 72, maxPages: 2, wholeOnly: true, limit: 2 });
  expect(made).toEqual({ nda: 2 });
  expect(casesOf('scan-bw-nda')).toEqual(['short1', 'short2']);
});
