import 'reflect-metadata';
import { PATH_METADATA, METHOD_METADATA } from '@nestjs/common/constants.js';
import { RequestMethod } from '@nestjs/common';
import { Validator } from '@seriousme/openapi-schema-validator';
import { ERROR_CATALOG } from '@exs/platform';
import { openApiDocument, openApiJson, ERROR_CODES } from '../src/openapi/openapi-document.js';
import { ResponseValidator, documentedOutcomes } from '../src/openapi/response-validator.js';
import { PublicHealthController } from '../src/health/health.controller.js';
import { ExtractController } from '../src/extract/extract.controller.js';
import { JobsController } from '../src/jobs/jobs.controller.js';
import { UploadsController } from '../src/uploads/uploads.controller.js';
import { KeysController } from '../src/keys/keys.controller.js';
import { WalletController } from '../src/wallet/wallet.controller.js';
import { OpenApiController } from '../src/openapi/openapi.controller.js';
import { GatewayModule } from '../src/gateway.module.js';
import { KeyBeforeBody } from '../src/auth/key-before-body.js';

const doc = JSON.parse(openApiJson);

test('the document is a valid OpenAPI 3.1 document', async () => {
  const validator = new Validator();
  const res = await validator.validate(doc);
  expect(res.errors).toBeUndefined();
  expect(res.valid).toBe(true);
  expect(validator.version).toBe('3.1');
});

test('the served JSON is the module, with no shared or undefined values lost', () => {
  expect(doc).toEqual(JSON.parse(JSON.stringify(openApiDocument)));
});

test('every response schema compiles (JSON Schema 2020-12) and every $ref resolves', () => {
  const validator = new ResponseValidator();
  const closed = new ResponseValidator({ closed: true });
  for (const { path, method, status } of documentedOutcomes()) {
    expect(() => validator.bodyValidator(path, method, status)).not.toThrow();
    expect(() => closed.bodyValidator(path, method, status)).not.toThrow();
  }
  const refs = [...openApiJson.matchAll(/"\$ref":"#\/([^"]+)"/g)].map((m) => m[1]);
  for (const r of refs) {
    const target = r.split('/').reduce<any>((node, part) => node?.[part.replaceAll('~1', '/').replaceAll('~0', '~')], doc);
    expect({ ref: r, found: target !== undefined }).toEqual({ ref: r, found: true });
  }
});

test('error codes and messages are the catalog, and each documented code sits under its catalog status', () => {
  expect(doc.components.schemas.ErrorCode.enum).toEqual(Object.keys(ERROR_CATALOG));
  for (const { path, method, status, code } of documentedOutcomes()) {
    if (code === null) continue;
    expect({ path, method, code, status }).toEqual({ path, method, code, status: ERROR_CATALOG[code as keyof typeof ERROR_CATALOG].status });
  }
  // Every code is documented on at least one operation.
  const documented = new Set(documentedOutcomes().map((o) => o.code));
  for (const code of ERROR_CODES) expect({ code, documented: documented.has(code) }).toEqual({ code, documented: true });
});

test('the examples validate against their own schemas', () => {
  const validator = new ResponseValidator({ closed: true });
  for (const [path, item] of Object.entries<any>(doc.paths)) {
    for (const [method, op] of Object.entries<any>(item)) {
      for (const [status, response] of Object.entries<any>(op.responses)) {
        for (const [name, example] of Object.entries<any>(response.content?.['application/json']?.examples ?? {})) {
          const validate = validator.bodyValidator(path, method, Number(status));
          expect({ path, method, status, name, valid: validate(example.value), errors: validate.errors ?? null })
            .toEqual({ path, method, status, name, valid: true, errors: null });
        }
      }
    }
  }
});

test('a conforming and a non-conforming response are told apart', () => {
  const validator = new ResponseValidator({ closed: true });
  const headers = new Headers({ 'x-request-id': 'req_0123456789abcdef0123456789abcdef', 'service-version': '2026-08-10' });
  const health = { ok: true, version: 'dev', calibrator_version: 'c1' };
  expect(validator.check('/v1/health', 'get', { status: 200, headers, body: health })).toEqual([]);
  expect(validator.check('/v1/health', 'get', { status: 200, headers, body: { ...health, extra: 1 } })).not.toEqual([]);
  expect(validator.check('/v1/health', 'get', { status: 200, headers: new Headers(), body: health })).toHaveLength(2);
  expect(validator.check('/v1/health', 'get', { status: 503, headers, body: {} })).toEqual(['status 503 not documented for GET /v1/health']);
  const limited = { error: { code: 'rate_limited', message: ERROR_CATALOG.rate_limited.message, request_id: 'req_0123456789abcdef0123456789abcdef', retry_after: 1 } };
  expect(validator.check('/v1/wallet', 'get', { status: 429, headers: new Headers({ ...Object.fromEntries(headers), 'retry-after': '1' }), body: limited })).toEqual([]);
  expect(validator.check('/v1/wallet', 'get', { status: 429, headers, body: limited })).toEqual(['header Retry-After: missing']);
  expect(validator.check('/v1/wallet', 'get', { status: 400, headers, body: { error: { ...limited.error, code: 'not_found' } } })).not.toEqual([]);
});

/** Every route the gateway's public controllers declare is documented, and every documented one is declared. */
test('the document and the controllers describe the same routes', () => {
  // The controllers the server registers (forRoot only builds the module description; nothing connects).
  const config = { DATABASE_URL: 'postgresql://127.0.0.1:1/none' } as Parameters<typeof GatewayModule.forRoot>[0];
  const controllers = GatewayModule.forRoot(config, console as unknown as Parameters<typeof GatewayModule.forRoot>[1], new KeyBeforeBody()).controllers!;
  for (const c of [PublicHealthController, ExtractController, JobsController, UploadsController, KeysController, WalletController, OpenApiController]) expect(controllers).toContain(c);
  const routes = new Set<string>();
  for (const controller of controllers) {
    const base = String(Reflect.getMetadata(PATH_METADATA, controller));
    for (const name of Object.getOwnPropertyNames(controller.prototype)) {
      const handler = (controller.prototype as unknown as Record<string, unknown>)[name];
      if (name === 'constructor' || typeof handler !== 'function' || Reflect.getMetadata(METHOD_METADATA, handler) === undefined) continue;
      const sub = String(Reflect.getMetadata(PATH_METADATA, handler) ?? '/');
      const path = `/${[base, sub].map((s) => s.replace(/^\/+|\/+$/g, '')).filter(Boolean).join('/')}`.replace(/:([a-z_]+)/gi, '{$1}');
      routes.add(`${RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler)].toLowerCase()} ${path}`);
    }
  }
  const documented = new Set(Object.entries<any>(doc.paths).flatMap(([path, item]) => Object.keys(item).map((m) => `${m} ${path}`)));
  expect([...documented].sort()).toEqual([...routes].sort());
});
