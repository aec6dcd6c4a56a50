import { Controller, Delete, Get, Header, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '@exs/platform';
import { apiClient, bearerKey } from './api-client.js';
import type { McpConfig } from './config.js';
import type { DocumentReader } from './documents.js';
import { createMcpServer, type ToolContext } from './tools.js';

/** Headers the Streamable HTTP transport reads; the caller's Authorization is used here and not handed on. */
const TRANSPORT_HEADERS = ['accept', 'content-type', 'mcp-protocol-version', 'mcp-session-id', 'last-event-id'];

/** Decoded inline cap (20 MiB) as base64, plus room for the schema and the JSON-RPC envelope. */
export const MCP_BODY_LIMIT_BYTES = 29 * 1024 * 1024;

export interface McpHttpDeps {
  config: McpConfig;
  documents: DocumentReader;
  onCall: NonNullable<ToolContext['onCall']>;
}
export const MCP_HTTP_DEPS = Symbol('MCP_HTTP_DEPS');

/** JSON-RPC's "no id" error, as the SDK's own transports send it for a method this endpoint does not serve. */
const METHOD_NOT_ALLOWED = { jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed.' }, id: null };

/**
 * `POST /mcp`: Streamable HTTP, stateless. Each request gets its own server and transport bound to the
 * key in its `Authorization: Bearer` header, answers in plain JSON (no SSE stream) and is then closed, so
 * any replica can serve any request and nothing is kept between them (docs/mcp.md, "Sessions").
 */
@Public()
@Controller('mcp')
export class McpHttpController {
  constructor(@Inject(MCP_HTTP_DEPS) private readonly deps: McpHttpDeps) {}

  @Post()
  async post(@Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const { config, documents, onCall } = this.deps;
    const exs = apiClient(config, bearerKey(req.headers.authorization));
    const server = createMcpServer({ exs, documents, sources: { url: true, file: false }, version: config.BUILD_ID, onCall });
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    try {
      await server.connect(transport);
      const headers = new Headers();
      for (const name of TRANSPORT_HEADERS) {
        const value = req.headers[name];
        if (typeof value === 'string') headers.set(name, value);
      }
      const response = await transport.handleRequest(new Request(`http://mcp.local${req.url}`, { method: 'POST', headers }), { parsedBody: req.body });
      reply.status(response.status);
      response.headers.forEach((value, name) => { reply.header(name, value); });
      return await response.text();
    } finally {
      await server.close();
    }
  }

  /** No server-initiated stream and no session to end: stateless servers answer 405 (MCP Streamable HTTP). */
  @Get()
  @HttpCode(405)
  @Header('allow', 'POST')
  get() {
    return METHOD_NOT_ALLOWED;
  }

  @Delete()
  @HttpCode(405)
  @Header('allow', 'POST')
  delete() {
    return METHOD_NOT_ALLOWED;
  }
}
