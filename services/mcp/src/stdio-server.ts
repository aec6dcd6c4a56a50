import { apiClient } from './api-client.js';
import type { McpStdioConfig } from './config.js';
import { documentFetcher } from './document-fetcher.js';
import { DocumentReader } from './documents.js';
import { createMcpServer } from './tools.js';

/**
 * The server the stdio entry runs for one local user: their key from EXS_API_KEY, documents from file
 * paths on their machine (and base64, and URLs through the same guard as the HTTP server).
 */
export function createStdioServer(config: McpStdioConfig) {
  return createMcpServer({
    exs: apiClient(config, config.EXS_API_KEY),
    documents: new DocumentReader({ fetcher: documentFetcher(config), readFiles: true, maxBytes: config.MCP_FETCH_MAX_BYTES }),
    sources: { url: true, file: true },
    version: config.BUILD_ID,
  });
}
