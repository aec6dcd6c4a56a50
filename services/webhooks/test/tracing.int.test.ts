// The delivery span continues the trace of the NATS message that carried the job event.
import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { call, eventually, startHarness, uid, Receiver, type Harness } from './support/harness.js';
import { jest } from '@jest/globals';

// Starting the service (database, migrations, NATS consumers) can take several seconds on a busy 2-core machine.
jest.setTimeout(60_000);

const exporter = new InMemorySpanExporter();
let h: Harness;
let receiver: Receiver;

beforeAll(async () => {
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] }));
  receiver = await new Receiver().start();
  h = await startHarness();
});

afterAll(async () => {
  await h?.close();
  await receiver?.stop();
  trace.disable();
  propagation.disable();
  context.disable();
});

describe('trace propagation', () => {
  it('continues the trace of the job event in the delivery span', async () => {
    const accountId = uid('acct');
    const path = `/${uid('p')}`;
    await call(h.api.createEndpoint({ accountId, url: receiver.url(path), eventTypes: [], description: '' }));

    const traceId = await trace.getTracer('test').startActiveSpan('job finishes', async (span) => {
      await h.publishSucceeded({ accountId });
      span.end();
      return span.spanContext().traceId;
    });
    await eventually(() => expect(receiver.on(path)).toHaveLength(1));

    const spans = await eventually(() => {
      const found = exporter.getFinishedSpans().filter((s) => s.spanContext().traceId === traceId);
      expect(found.map((s) => s.name)).toEqual(expect.arrayContaining(['publish exs.jobs.succeeded', 'process exs.jobs.succeeded', 'webhook deliver']));
      return found;
    });
    const consume = spans.find((s) => s.name === 'process exs.jobs.succeeded')!;
    const deliver = spans.find((s) => s.name === 'webhook deliver')!;
    expect(deliver.parentSpanContext?.spanId).toBe(consume.spanContext().spanId);
    expect(deliver.attributes).toMatchObject({ 'webhook.event_type': 'job.succeeded', 'webhook.attempt': 1, 'http.response.status_code': 204, 'webhook.outcome': 'succeeded' });
  });
});
