// Every engine call has a deadline enforced from the main thread: a call whose thread never answers
// (a task that never settles, a CPU loop, a reply the main thread cannot read) fails with the contract's
// code at its deadline, its thread is terminated and replaced, and the kill is counted. Runs a stand-in
// worker (engine-stub-worker.mjs) whose behaviour the test picks; without the deadlines these calls
// never settle and the tests fail on Jest's timeout.
import { SpanStatusCode, context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { EnginePool, type EnginePoolOptions } from '../src/engine/engine-pool.js';
import { DEFAULT_ENGINE_DEADLINES } from '../src/engine/deadlines.js';
import { PublicFailure } from '../src/public-failure.js';
import { SyncExtractionService } from '../src/sync/sync-extraction.js';
import type { Holds, Settlement } from '../src/settlement/settlement.js';

const STUB_WORKER = new URL('./engine-stub-worker.mjs', import.meta.url).href;
const HANG_TIMEOUT_MS = 20_000;
const exporter = new InMemorySpanExporter();
const pools: EnginePool[] = [];

function stubPool(options: Partial<EnginePoolOptions> = {}): EnginePool {
  const pool = new EnginePool({ threads: 1, workerFile: STUB_WORKER, ...options });
  pools.push(pool);
  return pool;
}

const doc = (text = 'ok') => new TextEncoder().encode(text);

async function failureOf(p: Promise<unknown>): Promise<{ code: string; detail: string }> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(PublicFailure);
    const { code, detail } = err as PublicFailure;
    return { code, detail };
  }
  throw new Error('expected a failure');
}

const TIMED_OUT = { code: 'extraction_failed', detail: 'the document could not be processed within the time limit' };

beforeAll(() => {
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  trace.setGlobalTracerProvider(new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] }));
});

afterAll(async () => {
  await Promise.all(pools.map((p) => p.onApplicationShutdown()));
  trace.disable();
  context.disable();
});

describe('an extraction past its deadline', () => {
  test('one that never settles fails with extraction_failed at its deadline', async () => {
    const engine = stubPool();
    expect(await failureOf(engine.run(doc(), 'hang', 20, { deadlineMs: 500 }))).toEqual(TIMED_OUT);
  }, HANG_TIMEOUT_MS);

  test('its thread is terminated and replaced: the next call on a one-thread pool succeeds, and the kill is counted', async () => {
    const engine = stubPool();
    await failureOf(engine.run(doc(), 'spin', 20, { deadlineMs: 500 }));
    // The only thread is still in its endless loop unless it was replaced.
    await expect(engine.run(doc(), 'ok', 20, { deadlineMs: 10_000 })).resolves.toMatchObject({ document: { pages: 1 } });
    expect(engine.stats()).toMatchObject({ threads: 1, busyThreads: 0, queued: 0, deadlineKills: 1 });
  }, HANG_TIMEOUT_MS);

  test('a reply the main thread cannot read (a 5,000-level nested result) fails at the deadline, and the pool recovers', async () => {
    const engine = stubPool();
    expect(await failureOf(engine.run(doc(), 'nest:5000', 20, { deadlineMs: 1_000 }))).toEqual(TIMED_OUT);
    await expect(engine.run(doc(), 'ok', 20, { deadlineMs: 10_000 })).resolves.toMatchObject({ document: { pages: 1 } });
    expect(engine.stats().deadlineKills).toBe(1);
  }, HANG_TIMEOUT_MS);

  test('without a deadline of its own, a sync extraction gets the sync deadline', async () => {
    const engine = stubPool({ deadlines: { syncMs: 500 } });
    expect(await failureOf(engine.run(doc(), 'hang', 20))).toEqual(TIMED_OUT);
  }, HANG_TIMEOUT_MS);

  test('the kill is logged as a warning and recorded on the engine span', async () => {
    const warnings: Array<{ fields: Record<string, unknown>; message: string }> = [];
    const engine = stubPool({ logger: { warn: ((fields: Record<string, unknown>, message: string) => { warnings.push({ fields, message }); }) as never } });
    const traceId = await trace.getTracer('test').startActiveSpan('request', async (span) => {
      await engine.run(doc(), 'hang', 20, { deadlineMs: 500 }).catch(() => undefined);
      span.end();
      return span.spanContext().traceId;
    });
    expect(warnings).toEqual([{
      fields: expect.objectContaining({ task: 'extract', deadlineMs: 500, threadTerminated: true, code: 'extraction_failed', deadlineKills: 1 }),
      message: 'engine call exceeded its deadline; its thread was terminated and replaced',
    }]);
    const span = exporter.getFinishedSpans().find((s) => s.name === 'engine extract' && s.spanContext().traceId === traceId);
    expect(span?.attributes).toMatchObject({ 'engine.deadline_ms': 500, 'exs.error_code': 'extraction_failed' });
    expect(span?.events.map((e) => [e.name, e.attributes])).toEqual([['engine deadline exceeded', { 'engine.deadline_ms': 500, 'engine.thread_terminated': true }]]);
    expect(span?.status.code).toBe(SpanStatusCode.ERROR);
  }, HANG_TIMEOUT_MS);
});

describe('a call that never got a thread', () => {
  test('is 503 provider_unavailable at its deadline (a retry can succeed), and no thread is terminated for it', async () => {
    const engine = stubPool();
    const stuck = failureOf(engine.run(doc(), 'hang', 20, { deadlineMs: 2_000 }));
    expect(await failureOf(engine.run(doc(), 'ok', 20, { deadlineMs: 500 }))).toEqual({ code: 'provider_unavailable', detail: 'the service is busy; try again shortly' });
    expect(engine.stats()).toMatchObject({ busyThreads: 1, queued: 0, deadlineKills: 0 });
    expect(await stuck).toEqual(TIMED_OUT);
    expect(engine.stats().deadlineKills).toBe(1);
  }, HANG_TIMEOUT_MS);
});

describe('the checks before any money is held have the check deadline', () => {
  test('a schema check past it is invalid_schema (the same schema would take as long again)', async () => {
    const engine = stubPool({ deadlines: { checkMs: 500 } });
    expect(await failureOf(engine.checkSchema('hang'))).toEqual({ code: 'invalid_schema', detail: 'the schema could not be checked within the time limit' });
  }, HANG_TIMEOUT_MS);

  test('a page count past it is extraction_failed', async () => {
    const engine = stubPool({ deadlines: { checkMs: 500 } });
    expect(await failureOf(engine.countPages(doc('hang'), 20))).toEqual(TIMED_OUT);
  }, HANG_TIMEOUT_MS);
});

describe('job deadlines', () => {
  test('are the base plus the per-page share (defaults: 120 s + 6 s a page)', () => {
    const engine = stubPool();
    expect(DEFAULT_ENGINE_DEADLINES).toMatchObject({ jobMs: 120_000, jobPerPageMs: 6_000 });
    expect(engine.jobDeadlineMs(1)).toBe(126_000);
    expect(engine.jobDeadlineMs(200)).toBe(1_320_000);
  });

  test('follow the configured base and share', () => {
    const engine = stubPool({ deadlines: { jobMs: 1_000, jobPerPageMs: 10 } });
    expect(engine.jobDeadlineMs(0)).toBe(1_000);
    expect(engine.jobDeadlineMs(50)).toBe(1_500);
  });
});

describe('stats', () => {
  test('count the threads busy and the calls waiting for one', async () => {
    const engine = stubPool();
    const stuck = failureOf(engine.run(doc(), 'hang', 20, { deadlineMs: 500 }));
    const waiting = failureOf(engine.run(doc(), 'hang', 20, { deadlineMs: 500 }));
    expect(engine.stats()).toEqual({ threads: 1, busyThreads: 1, queued: 1, deadlineKills: 0 });
    await Promise.all([stuck, waiting]);
  }, HANG_TIMEOUT_MS);
});

describe('the sync path', () => {
  test('an extraction past its deadline is extraction_failed, and its hold is released, never captured', async () => {
    const engine = stubPool({ deadlines: { syncMs: 500 } });
    const holds: Holds = { reservationId: 'r1', quotaHoldId: 'q1' };
    const settled: string[] = [];
    const settlement = {
      hold: async () => holds,
      release: async (_account: string, released: Holds) => { settled.push(`release ${released.reservationId}`); },
      capture: async () => { settled.push('capture'); },
    } as unknown as Settlement;
    const sync = new SyncExtractionService(engine, settlement);
    expect(await failureOf(sync.extract('acct', 'req', 'hang-extract', doc()))).toEqual(TIMED_OUT);
    expect(settled).toEqual(['release r1']);
  }, HANG_TIMEOUT_MS);
});
