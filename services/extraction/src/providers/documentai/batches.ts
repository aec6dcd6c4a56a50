/**
 * Requests for a set of pages within Document AI's online limits: at most `pagesPerRequest` pages and
 * `maxBytes` bytes each. A PDF is cut down to just the requested pages (pdf-lib copies them into a new
 * document), so pages that have a usable text layer never leave the cluster. An image is sent whole: a PNG
 * or JPEG is one page, and a multi-page TIFF (every frame of which needs OCR anyway) is sent once per batch
 * with the batch's pages selected (ProcessOptions.individualPageSelector).
 */
import { PDFDocument } from 'pdf-lib';
import type { DocumentFormat } from '@exs/engine';

export interface Batch {
  /** 1-based pages of the original document, in the order of the request's pages. */
  pages: number[];
  content: Uint8Array;
  mimeType: string;
  /** Pages of `content` to process (1-based), when it holds more than the batch's pages. */
  pageSelector?: number[];
}

/** A batch that could not be made (a page over the size cap, a PDF pdf-lib cannot copy from). */
export interface BatchFailure {
  pages: number[];
  error: string;
}

const MIME: Record<DocumentFormat, string> = { pdf: 'application/pdf', png: 'image/png', jpeg: 'image/jpeg', tiff: 'image/tiff' };

/** Consecutive runs of at most `size` pages. */
export function chunk(pages: number[], size: number): number[][] {
  const out: number[][] = [];
  for (let i = 0; i < pages.length; i += size) out.push(pages.slice(i, i + size));
  return out;
}

async function pdfOf(source: PDFDocument, pages: number[]): Promise<Uint8Array> {
  const out = await PDFDocument.create({ updateMetadata: false });
  const copied = await out.copyPages(source, pages.map((p) => p - 1));
  for (const page of copied) out.addPage(page);
  return out.save({ useObjectStreams: false });
}

export async function planBatches(bytes: Uint8Array, format: DocumentFormat, pages: number[], pagesPerRequest: number, maxBytes: number): Promise<{ batches: Batch[]; failures: BatchFailure[] }> {
  const batches: Batch[] = [];
  const failures: BatchFailure[] = [];
  if (format !== 'pdf') {
    if (bytes.byteLength > maxBytes) return { batches, failures: [{ pages, error: `the image (${bytes.byteLength} bytes) exceeds the request limit of ${maxBytes} bytes` }] };
    for (const group of chunk(pages, pagesPerRequest)) {
      batches.push({ pages: group, content: bytes, mimeType: MIME[format], ...(format === 'tiff' ? { pageSelector: group } : {}) });
    }
    return { batches, failures };
  }
  let source: PDFDocument;
  try {
    source = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: false });
  } catch (err) {
    return { batches, failures: [{ pages, error: `cannot split the PDF: ${(err as Error).message.slice(0, 200)}` }] };
  }
  if (source.isEncrypted) {
    // pdf-lib copies encrypted streams without decrypting them (pdf.js reads them with the empty password):
    // the copy would be unreadable, and read as blank pages rather than fail.
    return { batches, failures: [{ pages, error: 'cannot split an encrypted PDF' }] };
  }
  // A batch over the size cap is halved until it fits; a single page over it cannot be sent.
  const pending = chunk(pages, pagesPerRequest);
  while (pending.length > 0) {
    const group = pending.shift()!;
    let content: Uint8Array;
    try {
      content = await pdfOf(source, group);
    } catch (err) {
      failures.push({ pages: group, error: `cannot split the PDF: ${(err as Error).message.slice(0, 200)}` });
      continue;
    }
    if (content.byteLength <= maxBytes) {
      batches.push({ pages: group, content, mimeType: MIME.pdf });
    } else if (group.length > 1) {
      const half = Math.ceil(group.length / 2);
      pending.unshift(group.slice(0, half), group.slice(half));
    } else {
      failures.push({ pages: group, error: `page ${group[0]} (${content.byteLength} bytes) exceeds the request limit of ${maxBytes} bytes` });
    }
  }
  return { batches, failures };
}
