import { Exs } from '@exs/sdk';
import type { McpClientConfig } from './config.js';

/**
 * The REST API client for one caller. No retries: a 429 or 503 reaches the agent as the API gave it
 * (with `retry_after`), so one tool call is one API request and the agent decides when to try again.
 */
export function apiClient(config: McpClientConfig, apiKey: string | undefined): Exs {
  return new Exs({ apiKey, baseUrl: config.EXS_API_URL, timeoutMs: config.MCP_API_TIMEOUT_MS, retry: { maxRetries: 0 } });
}

/** The key of an `Authorization: Bearer <key>` header (the scheme word in any case); undefined otherwise, which the API answers 401. */
export function bearerKey(header: string | undefined): string | undefined {
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header ?? '');
  return match?.[1];
}
