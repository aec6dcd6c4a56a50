/**
 * node libs/engine-tools/dist/cli/extract.js <file> --schema <schema.json> — prints the extraction result JSON.
 * OCR settings from EXS_TESSERACT_BIN and EXS_OCR_* (see env-options.ts).
 */
import { readFileSync } from 'node:fs';
import { extract } from '@exs/engine';
import { ocrRepairOptionsFromEnv, tesseractOptionsFromEnv } from './env-options.js';

async function main() {
  const file = process.argv[2];
  const i = process.argv.indexOf('--schema');
  if (!file || i < 0 || !process.argv[i + 1]) {
    console.error('usage: extract.js <file> --schema <schema.json>');
    process.exit(2);
  }
  const schema = JSON.parse(readFileSync(process.argv[i + 1], 'utf8'));
  const result = await extract(new Uint8Array(readFileSync(file)), schema, {
    document: { tesseract: tesseractOptionsFromEnv() },
    ocrRepair: ocrRepairOptionsFromEnv(),
  });
  process.stdout.write(JSON.stringify(result, null, 2) + '\n');
}

main().catch((e) => {
  console.error(e instanceof Error ? `${e.name}: ${e.message}` : e);
  process.exit(1);
});
