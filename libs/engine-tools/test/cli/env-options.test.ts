import { ocrRepairOptionsFromEnv, tesseractOptionsFromEnv } from '../../src/cli/env-options.js';

// The engine takes its settings as options; the command-line tools read them from the environment.
describe('command-line tool settings from the environment', () => {
  test('the command-line tools map EXS_TESSERACT_BIN and EXS_OCR_* onto the options', () => {
    expect(tesseractOptionsFromEnv({
      EXS_TESSERACT_BIN: '/opt/tess', EXS_OCR_ALT_PSM: 'off', EXS_OCR_ALT_MAX_PIXELS: '100', EXS_OCR_REREADS: '0', EXS_OCR_REREAD_MAX: '3', EXS_OCR_LANGUAGES: 'en, de',
    })).toEqual({ bin: '/opt/tess', altPsm: 'off', altMaxPixels: 100, rereads: false, rereadMaxLines: 3, languages: ['en', 'de'] });
    expect(ocrRepairOptionsFromEnv({ EXS_OCR_ALT_COST: '1', EXS_OCR_VOTE_COST: '0.2', EXS_OCR_TALL_LINE: '2', EXS_OCR_NAME_READING: 'confident' }))
      .toEqual({ altCost: 1, voteCost: 0.2, tallLine: 2, nameReading: 'confident' });
  });

  test('an empty environment sets no option, so the engine keeps every default', () => {
    expect(tesseractOptionsFromEnv({})).toEqual({});
    expect(ocrRepairOptionsFromEnv({})).toEqual({});
  });
});
