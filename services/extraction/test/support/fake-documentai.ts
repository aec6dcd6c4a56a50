/**
 * A stand-in Document AI server for tests: the real DocumentProcessorService gRPC service, loaded from the
 * .proto files shipped inside @google-cloud/documentai (and google-gax's common protos they import), bound to
 * 127.0.0.1 on a free port, plaintext. processDocument is answered by the test's handler; every request is
 * recorded with what it sent (for a PDF, its page count as pdf-lib reads it). Like the real service, it refuses
 * a field mask naming anything but Document's fields or `pages.` and a Page field (INVALID_ARGUMENT).
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import { PDFDocument } from 'pdf-lib';

const require = createRequire(import.meta.url);
const documentAiRoot = dirname(dirname(dirname(require.resolve('@google-cloud/documentai'))));
// google-gax's package exports no ./package.json: its root is three levels above its main module (build/src/index.js).
const gaxRoot = dirname(dirname(dirname(createRequire(join(documentAiRoot, 'package.json')).resolve('google-gax'))));

/** A Document AI Document as plain data (camelCase fields, enums as names, int64 as numbers or strings). */
export type FakeDocument = Record<string, unknown>;

export interface ReceivedRequest {
  name: string;
  mimeType: string;
  /** Pages of a sent PDF; 1 for an image. */
  pageCount: number;
  pageSelector?: number[];
  imagelessMode: boolean;
  fieldMask: string[];
  content: Buffer;
}

/** What the fake does with a request: answer with a Document, fail with a gRPC status, or never answer. */
export type FakeAnswer =
  | { document: FakeDocument; delayMs?: number }
  | { error: grpc.status; message: string }
  | { hang: true };

export interface FakeDocumentAi {
  port: number;
  endpoint: string;
  requests: ReceivedRequest[];
  close(): Promise<void>;
}

let serviceDefinition: grpc.ServiceDefinition | undefined;
/** Proto field names (snake_case) of Document and Document.Page, to check field masks as the service does. */
let documentFields: Set<string> | undefined;
let pageFields: Set<string> | undefined;

interface MessageDescriptor { name: string; field: Array<{ name: string }>; nestedType: MessageDescriptor[] }

function documentDescriptor(definition: protoLoader.PackageDefinition): MessageDescriptor {
  return (definition['google.cloud.documentai.v1.Document'] as unknown as { type: MessageDescriptor }).type;
}

/** A field mask path Document AI accepts: `{document_field}` or `pages.{page_field}` (document_processor_service.proto). */
function validMaskPath(path: string): boolean {
  const [first, second, ...rest] = path.split('.');
  if (rest.length > 0) return false;
  if (second === undefined) return documentFields!.has(first!);
  return first === 'pages' && pageFields!.has(second);
}

function loadService(): grpc.ServiceDefinition {
  if (serviceDefinition) return serviceDefinition;
  const definition = protoLoader.loadSync('google/cloud/documentai/v1/document_processor_service.proto', {
    includeDirs: [join(documentAiRoot, 'build/protos'), join(gaxRoot, 'build/protos')],
    keepCase: false,
    longs: String,
    enums: String,
    defaults: false,
    oneofs: true,
  });
  const loaded = grpc.loadPackageDefinition(definition) as unknown as {
    google: { cloud: { documentai: { v1: { DocumentProcessorService: { service: grpc.ServiceDefinition } } } } };
  };
  serviceDefinition = loaded.google.cloud.documentai.v1.DocumentProcessorService.service;
  const document = documentDescriptor(definition);
  // The loader (keepCase: false) names fields in camelCase; a field mask uses the proto's snake_case names.
  const protoName = (f: { name: string }) => f.name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
  documentFields = new Set(document.field.map(protoName));
  pageFields = new Set(document.nestedType.find((t) => t.name === 'Page')!.field.map(protoName));
  return serviceDefinition;
}

export async function startFakeDocumentAi(answer: (request: ReceivedRequest, index: number) => FakeAnswer | Promise<FakeAnswer>): Promise<FakeDocumentAi> {
  const server = new grpc.Server();
  const requests: ReceivedRequest[] = [];
  const hanging = new Set<grpc.ServerUnaryCall<unknown, unknown>>();
  server.addService(loadService(), {
    processDocument: (call: grpc.ServerUnaryCall<Record<string, any>, unknown>, callback: grpc.sendUnaryData<unknown>) => {
      void (async () => {
        const req = call.request;
        const content = Buffer.from(req.rawDocument?.content ?? []);
        const mimeType = String(req.rawDocument?.mimeType ?? '');
        const pageCount = mimeType === 'application/pdf' ? (await PDFDocument.load(content)).getPageCount() : 1;
        const received: ReceivedRequest = {
          name: req.name,
          mimeType,
          pageCount,
          pageSelector: req.processOptions?.individualPageSelector?.pages,
          imagelessMode: Boolean(req.imagelessMode),
          fieldMask: req.fieldMask?.paths ?? [],
          content,
        };
        requests.push(received);
        const badPath = received.fieldMask.find((p) => !validMaskPath(p));
        if (badPath !== undefined) {
          callback({ code: grpc.status.INVALID_ARGUMENT, details: `invalid field mask path "${badPath}"` });
          return;
        }
        const a = await answer(received, requests.length - 1);
        if ('hang' in a) {
          hanging.add(call);
          call.on('cancelled', () => hanging.delete(call));
          return;
        }
        if ('error' in a) {
          callback({ code: a.error, details: a.message });
          return;
        }
        if (a.delayMs) await new Promise((r) => setTimeout(r, a.delayMs));
        callback(null, { document: a.document });
      })().catch((err) => callback({ code: grpc.status.INTERNAL, details: String(err) }));
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (err, p) => (err ? reject(err) : resolve(p)));
  });
  return {
    port,
    endpoint: `127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => {
      server.forceShutdown();
      resolve();
    }),
  };
}

/** A word for `documentOf`: its text and box as fractions of the page. */
export interface FakeToken {
  text: string;
  box: [number, number, number, number];
  confidence?: number;
}

/**
 * A Document with `pages` (each a list of lines of tokens) as Document AI lays one out: one text for the
 * whole document, tokens ending in a space or newline, every token and line anchored into the text, boxes as
 * normalized vertices (four corners), page number and dimension set.
 */
export function documentOf(pages: Array<{ lines: FakeToken[][]; pageNumber?: number; width?: number; height?: number; orientation?: string }>): FakeDocument {
  let text = '';
  const outPages = pages.map((p, i) => {
    const tokens: unknown[] = [];
    const lines: unknown[] = [];
    for (const line of p.lines) {
      const lineStart = text.length;
      line.forEach((t, j) => {
        const start = text.length;
        text += t.text + (j === line.length - 1 ? '\n' : ' ');
        const [x0, y0, x1, y1] = t.box;
        tokens.push({
          layout: {
            textAnchor: { textSegments: [{ startIndex: String(start), endIndex: String(text.length) }] },
            confidence: t.confidence ?? 0.98,
            boundingPoly: { normalizedVertices: [{ x: x0, y: y0 }, { x: x1, y: y0 }, { x: x1, y: y1 }, { x: x0, y: y1 }] },
            orientation: p.orientation ?? 'PAGE_UP',
          },
        });
      });
      lines.push({ layout: { textAnchor: { textSegments: [{ startIndex: String(lineStart), endIndex: String(text.length) }] }, confidence: 0.97, orientation: p.orientation ?? 'PAGE_UP' } });
    }
    return {
      pageNumber: p.pageNumber ?? i + 1,
      dimension: { width: p.width ?? 1700, height: p.height ?? 2200, unit: 'pixels' },
      layout: { orientation: p.orientation ?? 'PAGE_UP', confidence: 0.95 },
      lines,
      tokens,
    };
  });
  return { text, pages: outPages };
}
