import { Module, type DynamicModule } from '@nestjs/common';
import { HealthModule, MetricsModule, ServiceMetrics, type Logger, type Resolver } from '@exs/platform';
import { apiClient } from './api-client.js';
import type { McpConfig } from './config.js';
import { documentFetcher, type Dial } from './document-fetcher.js';
import { DocumentReader } from './documents.js';
import { MCP_HTTP_DEPS, McpHttpController, type McpHttpDeps } from './mcp-http.js';
import { TOOL_NAMES } from './tools.js';

/** Seams for tests: a stub resolver and dialer, so no test depends on DNS or sends traffic out. */
export interface McpOverrides {
  resolver?: Resolver;
  dial?: Dial;
}

@Module({})
export class McpModule {
  static forRoot(config: McpConfig, logger: Logger, overrides: McpOverrides = {}): DynamicModule {
    return {
      module: McpModule,
      imports: [
        MetricsModule.forRoot('mcp'),
        // Ready when the REST API it calls answers: without it every tool call would fail.
        HealthModule.forRoot({ useFactory: () => ({ api: () => apiClient(config, undefined).health({ timeoutMs: 2000 }) }) }),
      ],
      controllers: [McpHttpController],
      providers: [
        {
          provide: MCP_HTTP_DEPS,
          inject: [ServiceMetrics],
          useFactory: (metrics: ServiceMetrics): McpHttpDeps => {
            const calls = metrics.meter.createCounter('mcp_tool_calls_total', {
              description: 'MCP tool calls answered, by tool and contract error code (none for successes).',
            });
            // Each tool served as 0 from start-up, so call rates have their series before the first call.
            for (const tool of TOOL_NAMES) calls.add(0, { tool, 'error.code': 'none' });
            return {
              config,
              documents: new DocumentReader({ fetcher: documentFetcher(config, overrides), readFiles: false, maxBytes: config.MCP_FETCH_MAX_BYTES }),
              onCall: (tool, error) => {
                calls.add(1, { tool, 'error.code': error?.code ?? 'none' });
                if (error) logger.info({ tool, code: error.code, request_id: error.request_id }, 'tool call failed');
              },
            };
          },
        },
      ],
    };
  }
}
