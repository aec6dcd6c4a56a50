import { credentials } from '@grpc/grpc-js';
import { loadPackageDefinition } from '@grpc/grpc-js';
import { loadSync } from '@grpc/proto-loader';
import { protoPath as healthProtoPath } from 'grpc-health-check';
import { sampleInvoicePdf, sampleInvoiceSchema } from '../support/sample-documents.js';
import { OtlpReceiver } from '../support/otlp-receiver.js';
import { createAccount, startTestStack, waitFor, type TestStack } from '../support/stack-fixture.js';

let stack: TestStack;
let otlp: OtlpReceiver;

beforeAll(async () => {
  otlp = await new OtlpReceiver().start();
  stack = await startTestStack({ OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url, OTEL_BSP_SCHEDULE_DELAY: '200' });
}, 180_000);

afterAll(async () => {
  await stack?.dispose();
  await otlp?.stop();
}, 60_000);

describe('the public edge', () => {
  test('GET /v1/health answers 200 with ok, version and calibrator_version, unauthenticated', async () => {
    const res = await fetch(`${stack.gatewayUrl}/v1/health`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as any;
    expect(body).toEqual({ ok: true, version: 'e2e-build', calibrator_version: expect.any(String) });
    await waitFor('calibrator version from extraction', async () => ((await (await fetch(`${stack.gatewayUrl}/v1/health`)).json()) as any).calibrator_version !== 'unknown');
  });

  test('every response carries x-request-id and service-version 2026-08-10', async () => {
    const res = await fetch(`${stack.gatewayUrl}/v1/health`);
    expect(res.headers.get('x-request-id')).toMatch(/^req_[0-9a-f]{32}$/);
    expect(res.headers.get('service-version')).toBe('2026-08-10');
  });

  test('an unknown route is 404 not_found in the one error shape, with the request id', async () => {
    const res = await fetch(`${stack.gatewayUrl}/v1/nothing-here`);
    expect(res.status).toBe(404);
    const body = (await res.json()) as any;
    expect(body).toEqual({ error: { code: 'not_found', message: expect.any(String), request_id: res.headers.get('x-request-id') } });
    expect(res.headers.get('service-version')).toBe('2026-08-10');
  });

  test('a protected route without an API key is 401 invalid_api_key', async () => {
    const res = await fetch(`${stack.gatewayUrl}/v1/wallet`);
    expect(res.status).toBe(401);
    expect(((await res.json()) as any).error.code).toBe('invalid_api_key');
  });
});

describe('internal health', () => {
  test('every gRPC service answers grpc.health.v1 Check with SERVING', async () => {
    const pkg = loadPackageDefinition(loadSync(healthProtoPath, { enums: String })) as any;
    for (const spec of stack.specs.filter((s) => s.grpcPort)) {
      const client = new pkg.grpc.health.v1.Health(`127.0.0.1:${spec.grpcPort}`, credentials.createInsecure());
      const res = await new Promise<any>((resolve, reject) => client.Check({ service: '' }, (err: Error | null, r: unknown) => (err ? reject(err) : resolve(r))));
      client.close();
      expect({ service: spec.name, status: res.status }).toEqual({ service: spec.name, status: 'SERVING' });
    }
  });

  test('every service answers /healthz/live and /healthz/ready over HTTP', async () => {
    for (const spec of stack.specs) {
      for (const probe of ['live', 'ready']) {
        const res = await fetch(`http://127.0.0.1:${spec.httpPort}/healthz/${probe}`);
        expect({ service: spec.name, probe, status: res.status }).toEqual({ service: spec.name, probe, status: 200 });
      }
    }
  });
});

describe('one request, one trace', () => {
  test('a sync extraction is one trace from the gateway through gRPC to extraction and billing', async () => {
    const { api_key } = createAccount(stack, 'trace@example.com');
    const pdf = await sampleInvoicePdf();
    const res = await fetch(`${stack.gatewayUrl}/v1/extract`, {
      method: 'POST',
      headers: { authorization: `Bearer ${api_key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ schema: sampleInvoiceSchema, document: { bytes_base64: Buffer.from(pdf).toString('base64') } }),
    });
    const body = (await res.json()) as any;
    expect(res.status).toBe(200);
    expect(body.meta).toMatchObject({ request_id: res.headers.get('x-request-id'), billed_pages: 1 });

    const traced = await waitFor('spans from gateway, extraction and billing in one trace', () => {
      const isExtractRequest = (s: (typeof otlp.spans)[number]) => s.service === 'gateway' && (String(s.attributes['url.path'] ?? s.attributes['http.target'] ?? '').startsWith('/v1/extract'));
      const gatewayTraces = new Set(otlp.spans.filter(isExtractRequest).map((s) => s.traceId));
      for (const traceId of gatewayTraces) {
        const services = new Set(otlp.spans.filter((s) => s.traceId === traceId).map((s) => s.service));
        if (services.has('extraction') && services.has('billing')) return traceId;
      }
      return undefined;
    }).catch((err: Error) => {
      throw new Error(`${err.message}; spans seen: ${JSON.stringify(otlp.spans.map((s) => [s.service, s.name, s.traceId.slice(0, 8)]))}`);
    });
    expect(traced).toMatch(/^[0-9a-f]{32}$/);
  }, 60_000);
});

describe('supervision', () => {
  test('a killed service is reported, restarted, and healthy again without manual steps', async () => {
    const billing = stack.services.get('billing')!;
    const pid = billing.pid!;
    process.kill(pid, 'SIGKILL');
    await waitFor('the stack to report billing exited', () => stack.logLines.some((l) => l.startsWith('billing exited')));
    const ready = await fetch(billing.readyUrl).then(() => true, () => false);
    expect(ready).toBe(false);
    await waitFor('billing restarted and ready', async () => billing.pid !== pid && (await billing.probe()), 60_000);
    const res = await fetch(billing.readyUrl);
    expect(res.status).toBe(200);
  }, 90_000);
});
