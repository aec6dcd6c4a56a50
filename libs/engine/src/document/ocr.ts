import { EngineError } from '../errors.js';
import type { RawLine } from './layout.js';

export interface OcrResult {
  width: number;
  height: number;
  lines: RawLine[];
  wordCount: number;
  rotation: number;
}

export async function ocrImage(_bytes: Uint8Array, _format: string, _page: number, _signal?: AbortSignal): Promise<OcrResult> {
  throw new EngineError('extraction_failed', 'OCR not available yet');
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function ocrPdfPage(_page: any, _signal?: AbortSignal): Promise<OcrResult | undefined> {
  return undefined;
}

export async function closeOcr(): Promise<void> {}
