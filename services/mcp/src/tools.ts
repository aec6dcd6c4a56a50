import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { Exs } from '@exs/sdk';
import type { DocumentReader, DocumentSource } from './documents.js';
import { toolError, toolResult } from './tool-result.js';

export const TOOL_NAMES = ['extract_document', 'submit_extraction_job', 'get_extraction_job'] as const;

export interface ToolContext {
  /** The REST API client, authenticated as the caller (their key, passed through). */
  exs: Exs;
  documents: DocumentReader;
  /** Which document sources this transport offers: URLs over HTTP, file paths over stdio. */
  sources: { url: boolean; file: boolean };
  version: string;
  /** Told the outcome of every tool call (the contract code of a failure, or undefined), for metrics and logs. */
  onCall?: (tool: ToolName, error?: { code: string; request_id: string }) => void;
}

export type ToolName = (typeof TOOL_NAMES)[number];

const schemaInput = z.record(z.string(), z.unknown()).describe(
  'A JSON Schema object (type "object" with properties) describing the fields to extract, as the REST API takes it.',
);

function documentInputs(sources: ToolContext['sources']) {
  return {
    schema: schemaInput,
    document_base64: z.string().optional().describe('The document (PDF or image) as base64, up to 20 MiB decoded.'),
    ...(sources.url ? { document_url: z.string().optional().describe('An https URL the server downloads the document from (public addresses only, up to 50 MiB, no redirects).') } : {}),
    ...(sources.file ? { file_path: z.string().optional().describe('A path to the document on this machine (up to 50 MiB).') } : {}),
  };
}

const sourceHelp = (sources: ToolContext['sources']) =>
  `Give exactly one of document_base64${sources.url ? ', document_url' : ''}${sources.file ? ', file_path' : ''}.`;

/** Runs one tool call: its result as the REST API's JSON, or a tool error carrying the contract's code and request id. */
async function run(ctx: ToolContext, tool: ToolName, fn: () => Promise<object>) {
  try {
    const result = toolResult(await fn());
    ctx.onCall?.(tool);
    return result;
  } catch (err) {
    const result = toolError(err);
    ctx.onCall?.(tool, (result.structuredContent as { error: { code: string; request_id: string } }).error);
    return result;
  }
}

/**
 * One MCP server with the three tools, each a call of the public REST API through @exs/sdk, so values,
 * confidence, grounding, billing, rate limits and errors are exactly the API's. Retries are the caller's
 * choice (errors carry `retry_after`), so one tool call is at most one billed API request.
 */
export function createMcpServer(ctx: ToolContext): McpServer {
  const server = new McpServer({ name: 'exs', title: 'Document extraction', version: ctx.version });
  const inputs = documentInputs(ctx.sources);

  server.registerTool('extract_document', {
    title: 'Extract fields from a document',
    description: 'Extracts the fields a JSON Schema describes from a PDF or image of up to 20 pages (POST /v1/extract). '
      + 'Returns data, and per field (keyed by JSON Pointer) its value, calibrated confidence and grounding (page, bbox, text); '
      + `a field that is not in the document is state "missing" with a reason. Billed per page. ${sourceHelp(ctx.sources)}`,
    inputSchema: inputs,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  }, (args) => run(ctx, 'extract_document', async () => ctx.exs.extract({ schema: args.schema, document: await ctx.documents.reference(args as DocumentSource, ctx.exs) })));

  server.registerTool('submit_extraction_job', {
    title: 'Submit an extraction job',
    description: 'Queues an asynchronous extraction for long documents (up to 200 pages, POST /v1/jobs) and returns the job with its id; '
      + `fetch it with get_extraction_job until its state is succeeded or failed. Billed per page on success. ${sourceHelp(ctx.sources)}`,
    inputSchema: inputs,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  }, (args) => run(ctx, 'submit_extraction_job', async () => ctx.exs.jobs.create({ schema: args.schema, document: await ctx.documents.reference(args as DocumentSource, ctx.exs) })));

  server.registerTool('get_extraction_job', {
    title: 'Get an extraction job',
    description: 'The job (GET /v1/jobs/:id): its state and, once succeeded, its result with the same shape as extract_document. '
      + 'Results are kept 24 hours after success; an unknown job, another account\'s job or an expired one is not_found.',
    inputSchema: { job_id: z.string().min(1).describe('The id submit_extraction_job returned.') },
    annotations: { readOnlyHint: true, openWorldHint: true },
  }, (args) => run(ctx, 'get_extraction_job', () => ctx.exs.jobs.get(args.job_id)));

  return server;
}
