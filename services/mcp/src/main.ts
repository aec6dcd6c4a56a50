import { createLogger, startServiceApp } from '@exs/platform';
import { loadMcpConfig } from './config.js';
import { MCP_BODY_LIMIT_BYTES } from './mcp-http.js';
import { McpModule } from './mcp.module.js';

const config = loadMcpConfig();
const logger = createLogger('mcp', config.LOG_LEVEL);

await startServiceApp({
  module: McpModule.forRoot(config, logger),
  logger,
  http: { host: config.HTTP_HOST, port: config.HTTP_PORT, bodyLimitBytes: MCP_BODY_LIMIT_BYTES },
  trustProxy: config.TRUST_PROXY,
});
