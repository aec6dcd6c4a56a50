#!/usr/bin/env node
// The MCP server over stdio, for a client that starts it as a local process (Claude Desktop, IDEs):
//   EXS_API_KEY=exs_live_... node services/mcp/dist/stdio.js
// stdout carries the protocol only; problems go to stderr.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { ConfigError } from '@exs/platform';
import { loadMcpStdioConfig } from './config.js';
import { createStdioServer } from './stdio-server.js';

let config;
try {
  config = loadMcpStdioConfig();
} catch (err) {
  process.stderr.write(`exs-mcp: ${err instanceof ConfigError ? err.message : String(err)}\n`);
  process.exit(78); // EX_CONFIG
}
const server = createStdioServer(config);
await server.connect(new StdioServerTransport());
