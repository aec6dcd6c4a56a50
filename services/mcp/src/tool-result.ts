import { randomUUID } from 'node:crypto';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { ERROR_CATALOG, isErrorCode, type ErrorCode } from '@exs/platform';
import { ExsConnectionError, ExsError, ExsTimeoutError } from '@exs/sdk';

/** The contract's error object, as the REST API sends it under `error`. */
export interface ContractError {
  code: ErrorCode;
  message: string;
  request_id: string;
  detail?: string;
  retry_after?: number;
  top_up_url?: string;
}

/** A request id in the gateway's format, for failures the MCP server finds before any REST call. */
export const mintRequestId = (): string => `req_${randomUUID().replaceAll('-', '')}`;

/**
 * A failure found here, before or instead of a REST call (a refused URL, a file too large): carried to the
 * caller as the contract code it would have had from the API, with a request id of our own.
 */
export class ToolFailure extends Error {
  readonly requestId = mintRequestId();
  constructor(readonly code: ErrorCode, readonly detail?: string) {
    super(ERROR_CATALOG[code].message);
    this.name = 'ToolFailure';
  }
}

/** A successful tool call: the REST API's JSON as structured content, and the same JSON as text for clients that read only text. */
export function toolResult(body: object): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(body) }], structuredContent: body as Record<string, unknown> };
}

/** The contract error an exception stands for (`undefined` for a bug: the caller sees internal_error). */
export function contractError(err: unknown): ContractError | undefined {
  if (err instanceof ToolFailure) {
    return { code: err.code, message: err.message, request_id: err.requestId, ...(err.detail ? { detail: err.detail } : {}) };
  }
  if (err instanceof ExsConnectionError || err instanceof ExsTimeoutError) {
    // The API did not answer: to the caller that is an upstream outage, safe to retry.
    return { code: 'provider_unavailable', message: ERROR_CATALOG.provider_unavailable.message, request_id: mintRequestId(), detail: 'the extraction API did not answer' };
  }
  if (err instanceof ExsError) {
    const code: ErrorCode = isErrorCode(err.code) ? err.code : 'internal_error';
    return {
      code,
      // The API's static message when the code is the API's own; never text from an unrecognised answer.
      message: code === err.code ? err.message : ERROR_CATALOG[code].message,
      request_id: err.request_id ?? mintRequestId(),
      ...(err.detail !== undefined ? { detail: err.detail } : {}),
      ...(err.retry_after !== undefined ? { retry_after: err.retry_after } : {}),
      ...(err.top_up_url !== undefined ? { top_up_url: err.top_up_url } : {}),
    };
  }
  return undefined;
}

/** An MCP tool error (`isError: true`) carrying `{ error: { code, message, request_id, ... } }` like the REST API's error body. */
export function toolError(err: unknown): CallToolResult {
  const error = contractError(err) ?? { code: 'internal_error' as const, message: ERROR_CATALOG.internal_error.message, request_id: mintRequestId() };
  const body = { error };
  return { isError: true, content: [{ type: 'text', text: JSON.stringify(body) }], structuredContent: body };
}
