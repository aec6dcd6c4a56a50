import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { TESSERACT_DEFAULTS, tesseractSettings } from '../../src/document/tesseract-options.js';
import { OCR_REPAIR_DEFAULTS, ocrRepairSettings } from '../../src/ocr-repair/options.js';
import { LANGUAGES } from '../../src/knowledge/languages/index.js';

describe('engine configuration through options', () => {
  test('the OCR defaults are the settings the engine is measured with', () => {
    expect(tesseractSettings()).toEqual({
      bin: 'tesseract', altPsm: '3', altMaxPixels: 4_000_000, rereads: true, rereadMaxLines: 8, languages: LANGUAGES.map((l) => l.code),
    });
    expect(tesseractSettings({ bin: undefined, rereads: undefined })).toEqual(TESSERACT_DEFAULTS);
    expect(ocrRepairSettings()).toEqual({ altCost: 0.3, voteCost: 0.15, tallLine: 1.6, nameReading: 'primary' });
    expect(ocrRepairSettings({})).toEqual(OCR_REPAIR_DEFAULTS);
  });

  test('a set option replaces its default only', () => {
    expect(tesseractSettings({ altPsm: 'off', languages: ['en'] })).toEqual({ ...TESSERACT_DEFAULTS, altPsm: 'off', languages: ['en'] });
    expect(ocrRepairSettings({ voteCost: 0.5 })).toEqual({ ...OCR_REPAIR_DEFAULTS, voteCost: 0.5 });
  });

  test('malformed options are refused', () => {
    expect(() => tesseractSettings({ languages: ['xx' as 'en'] })).toThrow(/unknown language xx/);
    expect(() => tesseractSettings({ bin: '' })).toThrow(TypeError);
    expect(() => tesseractSettings({ rereadMaxLines: -1 })).toThrow(TypeError);
    expect(() => ocrRepairSettings({ altCost: Number.NaN })).toThrow(TypeError);
    expect(() => ocrRepairSettings({ nameReading: 'best' as 'primary' })).toThrow(TypeError);
  });

  test('the engine library reads no environment variables (its command-line tools in libs/engine-tools may)', () => {
    const src = resolve(import.meta.dirname, '../../src');
    const files = (dir: string): string[] => readdirSync(dir).flatMap((f) => {
      const p = join(dir, f);
      return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
    });
    const readers = files(src)
      // handing the environment on to a child process (with OMP_THREAD_LIMIT) reads no setting
      .filter((f) => readFileSync(f, 'utf8').replace(/\.\.\.process\.env\b/g, '').includes('process.env'))
      .map((f) => relative(src, f));
    expect(readers).toEqual([]);
  });
});
