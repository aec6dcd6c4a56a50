// ensureTesseract against stand-in `tesseract` scripts and a fake installer, so no test needs apt or root.
// The real apt-get path is what `npm start` runs on a machine without Tesseract (checked by hand, see README).
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureTesseract, TESSERACT_LANGUAGES, TESSERACT_PACKAGES } from '../src/index.js';

const ALL = [...TESSERACT_LANGUAGES];

let dir: string;
beforeEach(() => { dir = mkdtempSync(path.join(os.tmpdir(), 'devinfra-tesseract-')); });
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A script that answers `--version` and `--list-langs` as Tesseract 5 does, with these languages. */
function fakeTesseract(bin: string, languages: string[]): string {
  writeFileSync(bin, [
    '#!/bin/sh',
    'case "$1" in',
    '  --version) echo "tesseract 5.3.0"; echo " leptonica-1.82.0" ;;',
    `  --list-langs) echo 'List of available languages in "/usr/share/tesseract-ocr/5/tessdata/" (${languages.length}):'; ${languages.map((l) => `echo ${l}`).join('; ') || 'true'} ;;`,
    '  *) exit 1 ;;',
    'esac',
    '',
  ].join('\n'));
  chmodSync(bin, 0o755);
  return bin;
}

const refusingInstall = async () => { throw new Error('apt-get must not run'); };

test('resolves without installing when the binary reads every language the engine uses', async () => {
  const bin = fakeTesseract(path.join(dir, 'tesseract'), ALL);
  await expect(ensureTesseract({ bin, install: refusingInstall })).resolves.toEqual({ bin, version: '5.3.0', languages: ALL, installed: false });
});

test('installs the binary with its language packages when it is missing, then resolves', async () => {
  const bin = path.join(dir, 'tesseract');
  const installed: string[][] = [];
  const lines: string[] = [];
  const ready = await ensureTesseract({
    bin,
    log: (l) => lines.push(l),
    install: async (packages) => { installed.push(packages); fakeTesseract(bin, ALL); },
  });
  expect(installed).toEqual([[...TESSERACT_PACKAGES]]);
  expect(TESSERACT_PACKAGES).toEqual(['tesseract-ocr', 'tesseract-ocr-eng', 'tesseract-ocr-osd', 'tesseract-ocr-fra', 'tesseract-ocr-deu', 'tesseract-ocr-spa', 'tesseract-ocr-ita', 'tesseract-ocr-nld', 'tesseract-ocr-por', 'tesseract-ocr-pol', 'tesseract-ocr-ces', 'tesseract-ocr-swe', 'tesseract-ocr-dan', 'tesseract-ocr-nor', 'tesseract-ocr-fin', 'tesseract-ocr-ron', 'tesseract-ocr-hun', 'tesseract-ocr-tur']);
  expect(ready).toMatchObject({ bin, installed: true });
  expect(lines).toContain(`[devinfra] OCR: ${bin} not found; installing ${TESSERACT_PACKAGES.join(' ')} with apt-get`);
});

test('a binary without the osd data counts as missing', async () => {
  const bin = fakeTesseract(path.join(dir, 'tesseract'), ALL.filter((l) => l !== 'osd'));
  let installs = 0;
  const ready = await ensureTesseract({ bin, install: async () => { installs++; fakeTesseract(bin, ALL); } });
  expect(installs).toBe(1);
  expect(ready.languages).toEqual(ALL);
});

test('a binary without one of the re-read languages (German) counts as missing', async () => {
  const bin = fakeTesseract(path.join(dir, 'tesseract'), ALL.filter((l) => l !== 'deu'));
  let installs = 0;
  await ensureTesseract({ bin, install: async () => { installs++; fakeTesseract(bin, ALL); } });
  expect(installs).toBe(1);
});

test('rejects naming the packages when the install fails', async () => {
  const bin = path.join(dir, 'tesseract');
  await expect(ensureTesseract({ bin, install: async () => { throw new Error('not root and no passwordless sudo'); } }))
    .rejects.toThrow(/not root and no passwordless sudo.*tesseract-ocr, tesseract-ocr-eng, tesseract-ocr-osd, tesseract-ocr-fra/);
});

test('rejects when the install succeeds but the language data is still missing', async () => {
  const bin = fakeTesseract(path.join(dir, 'tesseract'), ['eng']);
  await expect(ensureTesseract({ bin, install: async () => {} })).rejects.toThrow(/lacks language data osd, fra.*eng, osd, fra, deu, spa, ita, nld, por, pol, ces, swe, dan, nor, fin, ron, hun, tur still missing after the install/);
});
