// The HTTP service in process (Nest on Fastify, as main.ts starts it) against a stand-in for the REST API on
// 127.0.0.1: Streamable HTTP with the official client, the caller's Bearer key passed through to the API,
// the API's errors as tool errors, 405 for the methods a stateless server does not serve, readiness that
// follows the API, and tool calls counted on /metrics.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createLogger } from '@exs/platform';
import { loadMcpConfig } from '../src/config.js';
import { MCP_BODY_LIMIT_BYTES } from '../src/mcp-http.js';
import { McpModule } from '../src/mcp.module.js';

const JOB = { object: 'job', id: 'job_1', state: 'queued', request_id: 'req_0123456789abcdef0123456789abcdef' };
const DENIED = { error: { code: 'invalid_api_key', message: 'The API key is missing, malformed or inactive.', request_id: 'req_ffffffffffffffffffffffffffffffff' } };

let api: Server;
let apiUrl: string;
const seen: Array<{ method?: string; url?: string; headers: IncomingHttpHeaders }> = [];

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function startMcp(apiBase: string): Promise<{ app: NestFastifyApplication; url: string }> {
  const config = loadMcpConfig({ EXS_API_URL: apiBase, LOG_LEVEL: 'silent', HTTP_PORT: '1' });
  const app = await NestFactory.create<NestFastifyApplication>(McpModule.forRoot(config, createLogger('mcp', 'silent')), new FastifyAdapter({ bodyLimit: MCP_BODY_LIMIT_BYTES }), { logger: false, bodyParser: false });
  await app.listen(0, '127.0.0.1');
  return { app, url: await app.getUrl() };
}

let mcp: { app: NestFastifyApplication; url: string };

beforeAll(async () => {
  api = createServer((req, res) => {
    seen.push({ method: req.method, url: req.url, headers: req.headers });
    if (req.url === '/v1/health') return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: true, version: 't', calibrator_version: 't' }));
    if (req.headers.authorization !== 'Bearer exs_live_good') {
      return res.writeHead(401, { 'content-type': 'application/json', 'x-request-id': DENIED.error.request_id }).end(JSON.stringify(DENIED));
    }
    res.writeHead(200, { 'content-type': 'application/json', 'x-request-id': JOB.request_id }).end(JSON.stringify(JOB));
  });
  apiUrl = await listen(api);
  mcp = await startMcp(apiUrl);
});

afterAll(async () => {
  await mcp?.app.close();
  api.closeAllConnections();
  await new Promise((resolve) => api.close(resolve));
});

async function client(key?: string): Promise<Client> {
  const c = new Client({ name: 'test', version: '1' });
  await c.connect(new StreamableHTTPClientTransport(new URL(`${mcp.url}/mcp`), { requestInit: { headers: key ? { authorization: `Bearer ${key}` } : {} } }));
  return c;
}

test('tools/list over Streamable HTTP gives the three tools; documents by URL or base64, not by path', async () => {
  const c = await client('exs_live_good');
  const { tools } = await c.listTools();
  expect(tools.map((t) => t.name).sort()).toEqual(['extract_document', 'get_extraction_job', 'submit_extraction_job']);
  expect(Object.keys(tools.find((t) => t.name === 'submit_extraction_job')!.inputSchema.properties ?? {}).sort()).toEqual(['document_base64', 'document_url', 'schema']);
  await c.close();
});

test('a tool call reaches the API with the caller\'s own Bearer key and returns the API\'s JSON', async () => {
  const c = await client('exs_live_good');
  seen.length = 0;
  const result = await c.callTool({ name: 'get_extraction_job', arguments: { job_id: 'job_1' } });
  expect(result.isError).toBeFalsy();
  expect(result.structuredContent).toEqual(JOB);
  expect(seen).toEqual([{ method: 'GET', url: '/v1/jobs/job_1', headers: expect.objectContaining({ authorization: 'Bearer exs_live_good' }) }]);
  await c.close();
});

test('the API\'s 401 is a tool error with invalid_api_key and the API\'s request id; no key sends no Authorization', async () => {
  for (const key of ['exs_live_revoked', undefined]) {
    const c = await client(key);
    seen.length = 0;
    const result = await c.callTool({ name: 'get_extraction_job', arguments: { job_id: 'job_1' } });
    expect(result).toMatchObject({ isError: true, structuredContent: DENIED });
    expect(seen[0]!.headers.authorization).toBe(key ? `Bearer ${key}` : undefined);
    await c.close();
  }
});

test('GET and DELETE /mcp are 405 (stateless: no server stream, no session)', async () => {
  for (const method of ['GET', 'DELETE']) {
    const res = await fetch(`${mcp.url}/mcp`, { method, headers: { accept: 'text/event-stream' } });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
  }
});

test('tool calls are counted on /metrics by tool and error code', async () => {
  const body = await (await fetch(`${mcp.url}/metrics`)).text();
  expect(body).toMatch(/mcp_tool_calls_total\{[^}]*tool="get_extraction_job"[^}]*error_code="none"[^}]*\} [1-9]/);
  expect(body).toMatch(/mcp_tool_calls_total\{[^}]*tool="get_extraction_job"[^}]*error_code="invalid_api_key"[^}]*\} [1-9]/);
});

test('ready while the API answers; not ready when it does not', async () => {
  expect((await fetch(`${mcp.url}/healthz/ready`)).status).toBe(200);
  const closed = createServer();
  const deadUrl = await listen(closed);
  await new Promise((resolve) => closed.close(resolve));
  const orphan = await startMcp(deadUrl);
  try {
    expect((await fetch(`${orphan.url}/healthz/ready`)).status).toBe(503);
    expect((await fetch(`${orphan.url}/healthz/live`)).status).toBe(200);
  } finally {
    await orphan.app.close();
  }
});
