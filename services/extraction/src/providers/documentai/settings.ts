/**
 * Configuration of the Document AI OCR provider. Off unless DOCUMENTAI_PROCESSOR names a processor. The
 * settings are plain data: the engine pool hands them to each worker thread, which builds its own client.
 */
import { z } from '@exs/platform';

/** A processor, or one version of it: projects/<project>/locations/<location>/processors/<id>[/processorVersions/<v>]. */
const PROCESSOR = /^projects\/[^/\s]+\/locations\/([a-z0-9-]+)\/processors\/[^/\s]+(\/processorVersions\/[^/\s]+)?$/;
/** host or host:port (IPv6 in brackets). */
const ENDPOINT = /^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+)(:(\d{1,5}))?$/;

/** Document AI's own cap on pages per online (processDocument) request: 15, or 30 in imageless mode. */
export const MAX_PAGES_PER_REQUEST = 30;
const PAGES_WITH_IMAGES = 15;

/** "true"/"false" from the environment (z.coerce.boolean would read "false" as true). */
const flag = z.enum(['true', 'false']).default('false').transform((v) => v === 'true');

export const documentAiConfigShape = {
  /** The processor pages are sent to (an Enterprise Document OCR processor); unset = provider off. */
  DOCUMENTAI_PROCESSOR: z.string().regex(PROCESSOR, 'must be projects/<project>/locations/<location>/processors/<id>').optional(),
  /** API host[:port]; default <location>-documentai.googleapis.com:443 (the processor's region). */
  DOCUMENTAI_ENDPOINT: z.string().regex(ENDPOINT, 'must be host or host:port').optional(),
  /** No TLS and no Google credentials: for a local fake or emulator only, so loopback endpoints only. */
  DOCUMENTAI_PLAINTEXT: flag,
  /** Deadline of one request; a request past it is cancelled and its pages are read locally. */
  DOCUMENTAI_TIMEOUT_SECONDS: z.coerce.number().positive().max(600).default(60),
  /** Pages per request (Document AI refuses more than 15, or 30 in imageless mode, which is used above 15). */
  DOCUMENTAI_PAGES_PER_REQUEST: z.coerce.number().int().min(1).max(MAX_PAGES_PER_REQUEST).default(PAGES_WITH_IMAGES),
  /** Largest request body; a batch over it is split, a single page over it is read locally. */
  DOCUMENTAI_MAX_REQUEST_MB: z.coerce.number().positive().max(40).default(20),
};

export interface DocumentAiSettings {
  processor: string;
  host: string;
  port: number;
  plaintext: boolean;
  timeoutMs: number;
  pagesPerRequest: number;
  maxRequestBytes: number;
}

const documentAiConfigSchema = z.object(documentAiConfigShape);
type DocumentAiConfig = z.infer<typeof documentAiConfigSchema>;

function splitEndpoint(endpoint: string): { host: string; port?: number } {
  const m = ENDPOINT.exec(endpoint)!;
  const host = m[1]!.startsWith('[') ? m[1]!.slice(1, -1) : m[1]!;
  return m[3] === undefined ? { host } : { host, port: Number(m[3]) };
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** Cross-field checks, as config issues naming the variable (see extractionConfigSchema). */
export function documentAiConfigIssues(cfg: DocumentAiConfig): Array<{ path: string; message: string }> {
  const issues: Array<{ path: string; message: string }> = [];
  if (!cfg.DOCUMENTAI_PROCESSOR) {
    // Settings without a processor would look like a provider that is on.
    if (cfg.DOCUMENTAI_ENDPOINT) issues.push({ path: 'DOCUMENTAI_ENDPOINT', message: 'set without DOCUMENTAI_PROCESSOR' });
    if (cfg.DOCUMENTAI_PLAINTEXT) issues.push({ path: 'DOCUMENTAI_PLAINTEXT', message: 'set without DOCUMENTAI_PROCESSOR' });
    return issues;
  }
  if (cfg.DOCUMENTAI_PLAINTEXT) {
    const endpoint = cfg.DOCUMENTAI_ENDPOINT ? splitEndpoint(cfg.DOCUMENTAI_ENDPOINT) : undefined;
    if (!endpoint || !isLoopback(endpoint.host)) {
      issues.push({ path: 'DOCUMENTAI_PLAINTEXT', message: 'only for a loopback DOCUMENTAI_ENDPOINT (127.0.0.0/8, ::1, localhost)' });
    }
  }
  return issues;
}

/** The provider's settings, or undefined when it is off (no processor configured). */
export function documentAiSettings(cfg: DocumentAiConfig): DocumentAiSettings | undefined {
  const processor = cfg.DOCUMENTAI_PROCESSOR;
  if (!processor) return undefined;
  const location = PROCESSOR.exec(processor)![1]!;
  const endpoint = cfg.DOCUMENTAI_ENDPOINT ? splitEndpoint(cfg.DOCUMENTAI_ENDPOINT) : { host: `${location}-documentai.googleapis.com` };
  return {
    processor,
    host: endpoint.host,
    port: endpoint.port ?? 443,
    plaintext: cfg.DOCUMENTAI_PLAINTEXT,
    timeoutMs: Math.round(cfg.DOCUMENTAI_TIMEOUT_SECONDS * 1000),
    pagesPerRequest: cfg.DOCUMENTAI_PAGES_PER_REQUEST,
    maxRequestBytes: Math.floor(cfg.DOCUMENTAI_MAX_REQUEST_MB * 1024 * 1024),
  };
}

/** Whether requests of this many pages need imageless mode (Document AI's limit with page images is 15). */
export function needsImageless(pagesPerRequest: number): boolean {
  return pagesPerRequest > PAGES_WITH_IMAGES;
}
