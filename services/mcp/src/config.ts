import { baseConfigSchema, loadConfig, z } from '@exs/platform';

/** "true"/"false" from the environment (z.coerce.boolean would read "false" as true). */
const flag = z.enum(['true', 'false']).default('false').transform((v) => v === 'true');
const positiveInt = (def: number, max?: number) => (max ? z.coerce.number().int().min(1).max(max) : z.coerce.number().int().min(1)).default(def);
/** The only NODE_ENV values under which the dev-only URL flags are honoured (as in webhooks). */
const DEV_MODES = new Set(['development', 'test']);

/** What both entries (HTTP and stdio) share: where the REST API is, and how documents are fetched by URL. */
export const mcpClientConfigSchema = z.object({
  LOG_LEVEL: baseConfigSchema.shape.LOG_LEVEL,
  BUILD_ID: baseConfigSchema.shape.BUILD_ID,
  /** The public REST API (the gateway) every tool calls, with the caller's own key. */
  EXS_API_URL: z.url({ protocol: /^https?$/ }).default('http://127.0.0.1:8080'),
  /** Deadline of one REST call (a sync extraction may take up to the gateway's own 120 s). */
  MCP_API_TIMEOUT_MS: positiveInt(125_000),
  /** Deadline of one document download (connect, headers and body together). */
  MCP_FETCH_TIMEOUT_MS: positiveInt(30_000),
  /** Largest document fetched by URL or read from a file: the API's upload cap (50 MiB). */
  MCP_FETCH_MAX_BYTES: positiveInt(50 * 1024 * 1024),
  /** Unset means production: the dev-only flags below need an explicit `development` or `test`. */
  NODE_ENV: z.string().optional(),
  /** Dev/test only: fetch http:// document URLs (production requires https). */
  MCP_ALLOW_INSECURE_URLS: flag,
  /** Dev/test only: fetch from loopback and private addresses. Link-local and metadata stay refused. */
  MCP_ALLOW_PRIVATE_URLS: flag,
});

function devOnlyFlags(cfg: { NODE_ENV?: string; MCP_ALLOW_INSECURE_URLS: boolean; MCP_ALLOW_PRIVATE_URLS: boolean }, ctx: z.RefinementCtx) {
  // An allow-list, not a deny-list: a typo or a forgotten NODE_ENV must not open the SSRF protections.
  if (DEV_MODES.has(cfg.NODE_ENV ?? '')) return;
  for (const key of ['MCP_ALLOW_INSECURE_URLS', 'MCP_ALLOW_PRIVATE_URLS'] as const) {
    if (cfg[key]) ctx.addIssue({ code: 'custom', path: [key], message: `may be true only when NODE_ENV is development or test (NODE_ENV is ${cfg.NODE_ENV === undefined ? 'unset' : JSON.stringify(cfg.NODE_ENV.slice(0, 40))})` });
  }
}

/** The HTTP service (Streamable HTTP on /mcp, health and metrics beside it). */
export const mcpConfigSchema = baseConfigSchema.extend(mcpClientConfigSchema.shape).extend({
  HTTP_PORT: z.coerce.number().int().min(1).max(65535).default(8091),
}).superRefine(devOnlyFlags);

/** The stdio entry: the caller's key comes from the environment instead of each HTTP request. */
export const mcpStdioConfigSchema = mcpClientConfigSchema.extend({
  EXS_API_KEY: z.string().min(1, 'must be set to your API key'),
}).superRefine(devOnlyFlags);

export type McpClientConfig = z.infer<typeof mcpClientConfigSchema>;
export type McpConfig = z.infer<typeof mcpConfigSchema>;
export type McpStdioConfig = z.infer<typeof mcpStdioConfigSchema>;
export const loadMcpConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(mcpConfigSchema, env);
export const loadMcpStdioConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(mcpStdioConfigSchema, env);
