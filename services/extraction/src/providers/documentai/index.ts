/** The Document AI OCR provider (docs/providers.md). Loaded by the engine worker threads only when configured. */
export { DocumentAiOcrProvider, createDocumentAiClient } from './provider.js';
export type { DocumentAiSettings } from './settings.js';
