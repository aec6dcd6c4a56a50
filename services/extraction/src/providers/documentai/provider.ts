/**
 * The Document AI OCR provider: the engine's pages that need OCR go to a Document AI processor
 * (processDocument, online) instead of local Tesseract. Batches follow Document AI's per-request limits
 * (batches.ts); each request has a deadline and is not retried, since a page that is not read in time is read
 * by local Tesseract instead (the engine does that for every page missing from the answer, see
 * @exs/engine's ocr-provider.ts), which bounds what an outage adds to an extraction.
 *
 * Credentials are the client library's own: Application Default Credentials (GOOGLE_APPLICATION_CREDENTIALS,
 * workload identity, or the metadata server on Google Cloud). DOCUMENTAI_PLAINTEXT (loopback only) uses
 * neither TLS nor Google credentials, for local fakes; the universe domain is then given explicitly so that
 * the auth library never goes looking for credentials either.
 */
import * as grpc from '@grpc/grpc-js';
import type { protos } from '@google-cloud/documentai';
// The v1 client alone: the package's index also loads v1beta3 and an 8 MB static protobuf module, which would
// cost every engine thread ~25 MB and ~1 s more at start-up for nothing used here.
import { DocumentProcessorServiceClient } from '@google-cloud/documentai/build/src/v1/index.js';
import type { OcrProvider, OcrProviderPage, OcrProviderRequest, OcrProviderResponse } from '@exs/engine';
import { planBatches, type Batch } from './batches.js';
import { convertPage, DocumentText } from './convert.js';
import { needsImageless, type DocumentAiSettings } from './settings.js';

type ProcessRequest = protos.google.cloud.documentai.v1.IProcessRequest;
type IDocument = protos.google.cloud.documentai.v1.IDocument;

/** Requests of one document in flight at once (Document AI's default quota is 120 requests a minute per processor). */
const CONCURRENT_REQUESTS = 2;

/**
 * Only what the conversion reads: text and, per page, its number, size, layout, lines and tokens. Leaves out
 * page images, entities, blocks and paragraphs, which would only make the answer bigger. A FieldMask names
 * proto fields (snake_case), not their JSON names.
 */
const FIELD_MASK = ['text', 'pages.page_number', 'pages.dimension', 'pages.layout', 'pages.lines', 'pages.tokens'];

export function createDocumentAiClient(settings: DocumentAiSettings): DocumentProcessorServiceClient {
  return new DocumentProcessorServiceClient({
    apiEndpoint: settings.host,
    port: settings.port,
    ...(settings.plaintext
      ? { sslCreds: grpc.credentials.createInsecure(), universeDomain: 'googleapis.com', grpc }
      : {}),
  });
}

class Deadline extends Error {
  constructor(ms: number) {
    super(`Document AI did not answer within ${ms} ms`);
    this.name = 'DeadlineError';
  }
}

export class DocumentAiOcrProvider implements OcrProvider {
  readonly name = 'documentai';
  private readonly client: DocumentProcessorServiceClient;

  constructor(private readonly settings: DocumentAiSettings, client?: DocumentProcessorServiceClient) {
    this.client = client ?? createDocumentAiClient(settings);
  }

  async recognize(request: OcrProviderRequest): Promise<OcrProviderResponse> {
    const { batches, failures } = await planBatches(request.bytes, request.format, request.pages, this.settings.pagesPerRequest, this.settings.maxRequestBytes);
    const pages: OcrProviderPage[] = [];
    const errors = failures.map((f) => `pages ${f.pages.join(', ')}: ${f.error}`);
    let next = 0;
    const worker = async () => {
      while (next < batches.length) {
        const batch = batches[next++]!;
        if (request.signal?.aborted) return;
        try {
          pages.push(...await this.process(batch, request.signal));
        } catch (err) {
          errors.push(`pages ${batch.pages.join(', ')}: ${describe(err)}`);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENT_REQUESTS, batches.length) }, worker));
    if (request.signal?.aborted) throw request.signal.reason ?? new DOMException('aborted', 'AbortError');
    pages.sort((a, b) => a.page - b.page);
    return { pages, errors };
  }

  /** One request; its pages renumbered to the original document's. */
  private async process(batch: Batch, signal?: AbortSignal): Promise<OcrProviderPage[]> {
    const req: ProcessRequest = {
      name: this.settings.processor,
      rawDocument: { content: batch.content, mimeType: batch.mimeType },
      skipHumanReview: true,
      fieldMask: { paths: FIELD_MASK },
      ...(needsImageless(this.settings.pagesPerRequest) ? { imagelessMode: true } : {}),
      ...(batch.pageSelector ? { processOptions: { individualPageSelector: { pages: batch.pageSelector } } } : {}),
    };
    const document = await this.call(req, signal);
    const text = new DocumentText(document.text ?? '');
    const out: OcrProviderPage[] = [];
    (document.pages ?? []).forEach((page, i) => {
      const own = page.pageNumber && page.pageNumber > 0 ? page.pageNumber : i + 1;
      // With a page selector, Document AI numbers pages as in the original; otherwise as in the sent subset.
      const original = batch.pageSelector ? (page.pageNumber ? own : batch.pages[i]) : batch.pages[own - 1];
      if (original !== undefined && batch.pages.includes(original)) out.push(convertPage(page, text, original));
    });
    return out;
  }

  private async call(req: ProcessRequest, signal?: AbortSignal): Promise<IDocument> {
    const timeoutMs = this.settings.timeoutMs;
    // No retries: a failed page falls back to local OCR, which is better than waiting through backoff.
    const call = this.client.processDocument(req, { timeout: timeoutMs, retry: null }) as Promise<[protos.google.cloud.documentai.v1.IProcessResponse, ...unknown[]]> & { cancel?: () => void };
    let timer: NodeJS.Timeout | undefined;
    let onAbort: (() => void) | undefined;
    try {
      // The client's own deadline covers the call; this one also covers the channel set-up before it.
      const [response] = await Promise.race([
        call,
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => {
            call.cancel?.();
            reject(new Deadline(timeoutMs));
          }, timeoutMs + 1000);
          onAbort = () => {
            call.cancel?.();
            reject(signal!.reason ?? new DOMException('aborted', 'AbortError'));
          };
          signal?.addEventListener('abort', onAbort, { once: true });
        }),
      ]);
      if (!response.document) throw new Error('Document AI answered without a document');
      return response.document;
    } finally {
      clearTimeout(timer);
      if (onAbort) signal?.removeEventListener('abort', onAbort);
      call.catch(() => undefined);
    }
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}

/** A failure as one short line: gRPC status and message, without the library's stack. */
function describe(err: unknown): string {
  const e = err as { code?: unknown; details?: unknown; message?: unknown };
  const code = typeof e?.code === 'number' ? (grpc.status[e.code] ?? String(e.code)) : undefined;
  const message = typeof e?.details === 'string' && e.details ? e.details : String(e?.message ?? err);
  return (code ? `${code}: ${message}` : message).slice(0, 300);
}
