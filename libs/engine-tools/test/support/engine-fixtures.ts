/**
 * The engine's test fixtures these tests share: the labelled multilingual documents (data, with their scoring
 * rules) and in-memory document builders. They stay with the engine's own tests; this file is the one place
 * that names the path into libs/engine/test (engine code itself comes through @exs/engine and
 * @exs/engine/internals, never a relative path).
 */
import { join } from 'node:path';

export const MULTILINGUAL_DIR = join(import.meta.dirname, '../../../engine/test/fixtures/multilingual');
export const THIRD_PARTY_LAYOUTS_DIR = join(import.meta.dirname, '../../../engine/test/fixtures/third-party-layouts');
export { fieldOutcomes } from '../../../engine/test/fixtures/multilingual/score.mjs';
export { greyTiff } from '../../../engine/test/fixtures/images.js';
export { textPdf } from '../../../engine/test/fixtures/pdf-builder.js';
