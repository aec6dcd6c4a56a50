/** @exs/engine public API: document ingest, schema compilation, extraction with grounding and calibrated confidence. */
import { openDocument } from './document/index.js';
import { compileSchema, type CompiledSchema } from './schema/compile.js';
import { extractFromDocument, type ExtractionResult, type ExtractOptions } from './extract/extract.js';
import { calibratorVersion } from './calibrate/calibrator.js';
import { documentFailure } from './errors.js';

export { openDocument, inspectDocument, closeOcr } from './document/index.js';
export type { OpenDocumentOptions, OcrProvider, OcrProviderOptions, OcrProviderOutcome, OcrProviderPage, OcrProviderRequest, OcrProviderResponse, OcrProviderWord } from './document/index.js';
export type * from './document/model.js';
export { TESSERACT_DEFAULTS, type TesseractOptions } from './document/index.js';
export { OCR_REPAIR_DEFAULTS, type OcrRepairOptions } from './ocr-repair/index.js';
export { LANGUAGES, type Language, type LanguageCode } from './knowledge/languages/index.js';
export { EngineError, type EngineErrorCode } from './errors.js';
export { usableCpus } from './cpus.js';
export { compileSchema, MAX_LEAVES } from './schema/compile.js';
export { SCHEMA_LIMITS } from './schema/limits.js';
export type { CompiledSchema, SchemaNode, LeafNode, ObjectNode, ArrayNode } from './schema/compile.js';
export type { Semantic } from './schema/semantic.js';
export { extractFromDocument } from './extract/extract.js';
export type { ExtractionResult, FieldResult, ExtractOptions, MissingReason } from './extract/extract.js';
export type { Grounding } from './extract/context.js';
export { normalizeDate, findDates } from './normalize/dates.js';
export { normalizeDuration, findDurations } from './normalize/durations.js';
export { parseAmount } from './normalize/numbers.js';

/** Version of the committed confidence calibrator artefact (libs/engine/calibration/calibrator.json). */
export const CALIBRATOR_VERSION: string = calibratorVersion();

export interface ExtractBytesOptions extends ExtractOptions {
  /** Passed through to openDocument (e.g. page limits, OCR settings). */
  document?: import('./document/index.js').OpenDocumentOptions;
}

/** Ingest a document and extract the schema's fields from it. */
export async function extract(bytes: Uint8Array, schema: unknown, options: ExtractBytesOptions = {}): Promise<ExtractionResult> {
  const compiled: CompiledSchema = compileSchema(schema);
  const doc = await openDocument(bytes, options.document).catch((err: unknown) => {
    throw documentFailure(err);
  });
  return extractFromDocument(doc, compiled, options);
}
