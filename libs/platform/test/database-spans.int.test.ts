// Database time shows in traces: startTelemetry registers the pg and ioredis instrumentations, so a traced
// request's PostgreSQL queries (through Prisma's pg driver adapter, as every service runs them) and Redis
// commands are spans of its trace. Runs the request in a child process (fixtures/traced-request.mjs): modules
// are instrumented by Node's own loader, which Jest replaces. Spans are read from an in-memory exporter.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { SpanKind } from '@opentelemetry/api';

interface SpanRecord { name: string; kind: number; traceId: string; spanId: string; parentSpanId?: string; attributes: Record<string, unknown> }

const FIXTURE = fileURLToPath(new URL('./fixtures/traced-request.mjs', import.meta.url));
const PLATFORM = fileURLToPath(new URL('..', import.meta.url));
// ioredis is a dependency of the services that use Redis, not of the platform.
const IOREDIS_FROM = fileURLToPath(new URL('../../../services/ratelimit', import.meta.url));

let spans: SpanRecord[];
beforeAll(() => {
  const res = spawnSync(process.execPath, [FIXTURE], {
    cwd: PLATFORM,
    encoding: 'utf8',
    timeout: 50_000,
    env: { ...process.env, NODE_OPTIONS: '', DATABASE_URL: process.env.EXS_TEST_DATABASE_URL, REDIS_URL: process.env.EXS_TEST_REDIS_URL, IOREDIS_FROM },
  });
  if (res.status !== 0) throw new Error(`fixture failed (${res.status ?? res.signal}): ${res.stderr}`);
  spans = JSON.parse(res.stdout) as SpanRecord[];
}, 60_000);

const system = (s: SpanRecord) => s.attributes['db.system.name'] ?? s.attributes['db.system'];
const statement = (s: SpanRecord) => s.attributes['db.query.text'] ?? s.attributes['db.statement'];

/** Whether `span` descends from `ancestor` through the recorded spans. */
function descends(span: SpanRecord, ancestor: SpanRecord): boolean {
  for (let at: SpanRecord | undefined = span; at; at = spans.find((s) => s.spanId === at!.parentSpanId)) {
    if (at.parentSpanId === ancestor.spanId) return true;
  }
  return false;
}

test('a traced request has a PostgreSQL query span inside its server span, with the statement and no parameter values', () => {
  const request = spans.find((s) => s.kind === SpanKind.SERVER);
  expect(request).toBeDefined();
  const queries = spans.filter((s) => system(s) === 'postgresql' && statement(s) !== undefined);
  expect(queries).toHaveLength(1);
  expect(queries[0].traceId).toBe(request!.traceId);
  expect(descends(queries[0], request!)).toBe(true);
  expect(statement(queries[0])).toBe('SELECT $1::int AS answer');
  // (a value no port number or id in the attributes can hold by chance)
  expect(JSON.stringify(queries[0].attributes)).not.toContain('739182465');
});

test('a traced request has a Redis command span inside its server span, with the command name only', () => {
  const request = spans.find((s) => s.kind === SpanKind.SERVER)!;
  const commands = spans.filter((s) => system(s) === 'redis');
  expect(commands.map((s) => s.name)).toEqual(['set']);
  expect(descends(commands[0], request)).toBe(true);
  expect(JSON.stringify(commands[0].attributes)).not.toMatch(/exs-trace-test|secret-value/);
});

test('queries and commands outside any request start no trace of their own', () => {
  expect(spans.filter((s) => system(s) !== undefined).every((s) => s.parentSpanId !== undefined)).toBe(true);
  expect(spans.filter((s) => s.kind === SpanKind.SERVER)).toHaveLength(1);
  expect(new Set(spans.map((s) => s.traceId)).size).toBe(1);
});
