/**
 * The OpenAPI 3.1 description of the whole public API (contract version 2026-08-10), written by hand
 * from `shared/spec/service-spec.md` and `docs/api.md` and checked against the running service by
 * `test/e2e/openapi.test.ts` (every documented status and error code is produced by a real request) and
 * by schemathesis (`test/contract/schemathesis.sh`). Served unauthenticated at `GET /v1/openapi.json`.
 * See docs/openapi.md. When you change a route, its statuses or a body, change this file too.
 */
import { ERROR_CATALOG, type ErrorCode } from '@exs/platform';
import { SERVICE_VERSION } from '../edge/contract-headers.js';
import { MAX_DAILY_PAGE_LIMIT } from '../keys/key-params.js';
import { SCHEMA_LIMITS } from '../extract/schema-limits.js';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** Every public error code, in the catalog's order. */
export const ERROR_CODES = Object.keys(ERROR_CATALOG) as ErrorCode[];

/** Which error codes each status of an operation can carry. */
type ErrorMap = Partial<Record<number, ErrorCode[]>>;

const CONTRACT_HEADERS = {
  'x-request-id': { $ref: '#/components/headers/RequestId' },
  'service-version': { $ref: '#/components/headers/ServiceVersion' },
};
/** Responses an `Idempotency-Key` replay can return carry `idempotent-replayed: true`. */
const REPLAYABLE_STATUS = new Set([400, 402, 404, 422]);

function errorResponse(status: number, codes: ErrorCode[], replayable: boolean): JsonObject {
  const headers: JsonObject = { ...CONTRACT_HEADERS };
  if (codes.includes('rate_limited')) headers['Retry-After'] = { $ref: '#/components/headers/RetryAfter' };
  if (replayable && REPLAYABLE_STATUS.has(status)) headers['idempotent-replayed'] = { $ref: '#/components/headers/IdempotentReplayed' };
  const examples: JsonObject = {};
  for (const code of codes) {
    const error: JsonObject = { code, message: ERROR_CATALOG[code].message, request_id: 'req_6f9c1d2e3a4b5c6d7e8f90a1b2c3d4e5' };
    if (code === 'insufficient_balance') error.top_up_url = 'https://dashboard.example.com/billing/top-up';
    if (code === 'rate_limited') error.retry_after = 1;
    examples[code] = { value: { error } };
  }
  return {
    description: codes.map((c) => `\`${c}\``).join(', '),
    headers,
    content: {
      'application/json': {
        schema: {
          type: 'object',
          required: ['error'],
          properties: {
            error: { allOf: [ref('ErrorObject')], properties: { code: { enum: codes } } },
          },
        },
        examples,
      },
    },
  };
}

function responses(success: Record<number, JsonObject>, errors: ErrorMap, opts: { replayable?: boolean } = {}): JsonObject {
  const out: JsonObject = {};
  for (const [status, body] of Object.entries(success)) out[status] = body;
  for (const [status, codes] of Object.entries(errors)) out[status] = errorResponse(Number(status), codes!, opts.replayable ?? false);
  return out;
}

function ok(description: string, schema: Json, opts: { replayable?: boolean; links?: JsonObject } = {}): JsonObject {
  const headers: JsonObject = { ...CONTRACT_HEADERS };
  if (opts.replayable) headers['idempotent-replayed'] = { $ref: '#/components/headers/IdempotentReplayed' };
  return { description, headers, content: { 'application/json': { schema } }, ...(opts.links ? { links: opts.links } : {}) };
}

/** The created resource's id feeds the operation that reads or deletes it (used by stateful testing, too). */
const idLink = (operationId: string, description: string) => ({ [operationId]: { operationId, parameters: { id: '$response.body#/id' }, description } });

const versionParam = { $ref: '#/components/parameters/ServiceVersion' };
const keyIdParam = { name: 'id', in: 'path', required: true, schema: { type: 'string', examples: ['key_0123456789abcdef01234567'] } };
const idempotencyParam = { $ref: '#/components/parameters/IdempotencyKey' };

/** Errors every authenticated operation shares. */
// Every authenticated route reads the gateway's own database, so any of them can see a storage outage (503).
const AUTHENTICATED: ErrorMap = { 400: ['invalid_schema'], 401: ['invalid_api_key'], 500: ['internal_error'], 503: ['provider_unavailable'] };
const RATE_LIMITED: ErrorMap = { 429: ['rate_limited'] };
const IDEMPOTENT: ErrorMap = { 409: ['idempotency_key_conflict'] };

const amount = (description: string) => ({ allOf: [ref('Money')], description });

const extractionRequestBody = {
  required: true,
  content: { 'application/json': { schema: ref('ExtractionRequest') } },
};

/** The limits on a caller's schema (docs/api.md, "Schema limits"); the first two are checked by the gateway too. */
const SCHEMA_LIMITS_DESCRIPTION = [
  'A JSON Schema object describing the wanted fields (an object schema). Limits, each refused with 400 `invalid_schema`',
  'before anything runs or is billed: JSON nesting of the schema document up to',
  `${SCHEMA_LIMITS.maxJsonDepth} levels of objects and arrays; its JSON text up to 512 KiB (${SCHEMA_LIMITS.maxSchemaBytes} bytes of UTF-8);`,
  'field nesting up to 32 levels of objects and arrays (the root included, counted through `$ref`/`allOf`/`anyOf`); up to',
  '10,000 subschemas visited after `$ref` expansion; up to 800 leaf fields. `pattern` is evaluated with RE2 semantics',
  '(linear time): patterns with lookahead, lookbehind or backreferences are refused.',
].join(' ');

const DAILY_PAGE_LIMIT_DESCRIPTION = [
  'Billed pages per UTC day. The count is the account\'s (all keys share it); a request made with this key is refused with',
  '429 `rate_limited` (`retry_after`: seconds to the next 00:00 UTC) when it would take the account\'s count for today past',
  'this limit. Keys without a limit are not stopped by it. On a free account the smaller of this and the plan\'s 100 applies.',
  '`null`: no key limit.',
].join(' ');
const dailyPageLimit = (extra: JsonObject = {}) => ({ type: ['integer', 'null'], minimum: 1, maximum: MAX_DAILY_PAGE_LIMIT, description: DAILY_PAGE_LIMIT_DESCRIPTION, ...extra });

const API_KEY = {
  type: 'object',
  required: ['id', 'object', 'name', 'prefix', 'daily_page_limit', 'created_at', 'revoked_at'],
  properties: {
    id: { type: 'string', pattern: '^key_[0-9a-f]{24}$' },
    object: { const: 'api_key' },
    name: { type: 'string' },
    prefix: { type: 'string', description: 'The first characters of the secret, to recognise it.', examples: ['exs_live_Ab3x'] },
    daily_page_limit: dailyPageLimit(),
    created_at: { type: 'string', format: 'date-time' },
    revoked_at: { type: ['string', 'null'], format: 'date-time' },
  },
} as const;

const WEBHOOK_ENDPOINT = {
  type: 'object',
  required: ['id', 'object', 'url', 'event_types', 'description', 'created_at'],
  properties: {
    id: { type: 'string' },
    object: { const: 'webhook_endpoint' },
    url: { type: 'string' },
    event_types: { type: 'array', items: { type: 'string' }, description: 'Empty: every type.' },
    description: { type: 'string' },
    created_at: { type: 'string', format: 'date-time' },
  },
} as const;

export const openApiDocument = {
  openapi: '3.1.0',
  jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base',
  info: {
    title: 'Document extraction service',
    version: SERVICE_VERSION,
    summary: 'Structured data from documents: a value for every field of a JSON Schema, with grounding and calibrated confidence.',
    description: [
      'Send a document (PDF, PNG, JPEG or TIFF) and a JSON Schema of the wanted fields; get a value for every field, where in the',
      'document it came from and how sure the service is. Billed per page (USD 0.02) from a prepaid wallet; only successful',
      'extractions are billed.',
      '',
      'Every response carries `x-request-id` (equal to `error.request_id` and `meta.request_id`) and `service-version`.',
      'Clients ignore unknown fields and unknown enum values: additions ship without a new contract version.',
      'Error messages are static per code; branch on `error.code`, never parse `message` or `detail`.',
      'Text never contains the NUL character (U+0000): a JSON string or key, query or path parameter with one is 400 `invalid_schema`,',
      'and so is a JSON body nested more than 129 levels deep or a request Node\'s HTTP parser refuses (a control byte in a header).',
    ].join('\n'),
  },
  servers: [{ url: '/', description: 'The host serving this document' }],
  security: [{ bearerAuth: [] }],
  tags: [
    { name: 'extraction', description: 'Synchronous and asynchronous extraction' },
    { name: 'uploads', description: 'Staged documents' },
    { name: 'account', description: 'API keys and the wallet' },
    { name: 'webhooks', description: 'Webhook endpoints for job events' },
    { name: 'meta', description: 'Health, the status page and this document' },
  ],
  paths: {
    '/v1/extract': {
      post: {
        operationId: 'extract',
        tags: ['extraction'],
        summary: 'Extract synchronously (documents up to 20 pages)',
        description: [
          'Billed `meta.billed_pages` pages on success. An unextractable field is not an error: it is returned with `state: "missing"`',
          'and a `reason` inside the 200. An extraction still running after 60 s is stopped: 422 `extraction_failed`, not billed.',
        ].join(' '),
        parameters: [idempotencyParam, versionParam],
        requestBody: extractionRequestBody,
        responses: responses(
          { 200: ok('The extraction result', ref('ExtractionResult'), { replayable: true }) },
          {
            ...AUTHENTICATED,
            400: ['invalid_schema', 'document_too_large', 'unsupported_document'],
            402: ['insufficient_balance'],
            ...IDEMPOTENT,
            422: ['extraction_failed'],
            ...RATE_LIMITED,
            503: ['provider_unavailable'],
          },
          { replayable: true },
        ),
      },
    },
    '/v1/jobs': {
      post: {
        operationId: 'createJob',
        tags: ['extraction'],
        summary: 'Submit an asynchronous extraction (documents up to 200 pages)',
        description: [
          'Admission checks the schema, the page count and the balance before anything runs, and holds the funds. Poll `GET /v1/jobs/{id}`',
          'or register a webhook endpoint for `job.succeeded` / `job.failed`. A run past 120 s plus 6 s per page is stopped and the job',
          'fails with `extraction_failed`, not billed.',
        ].join(' '),
        parameters: [idempotencyParam, versionParam],
        requestBody: extractionRequestBody,
        responses: responses(
          { 202: ok('The admitted job (`state: "queued"`)', ref('Job'), { replayable: true, links: idLink('getJob', 'Poll the job') }) },
          {
            ...AUTHENTICATED,
            400: ['invalid_schema', 'document_too_large', 'unsupported_document'],
            402: ['insufficient_balance'],
            ...IDEMPOTENT,
            ...RATE_LIMITED,
            503: ['provider_unavailable'],
          },
          { replayable: true },
        ),
      },
    },
    '/v1/jobs/{id}': {
      get: {
        operationId: 'getJob',
        tags: ['extraction'],
        summary: 'Fetch a job and, once succeeded, its result',
        description: 'Not rate limited. Unknown ids, other accounts\' jobs and jobs deleted 24 hours after they finished are 404 `not_found`.',
        parameters: [
          { name: 'id', in: 'path', required: true, schema: { type: 'string', examples: ['job_0123456789abcdef01234567'] } },
          versionParam,
        ],
        responses: responses(
          { 200: ok('The job', ref('Job')) },
          { ...AUTHENTICATED, 404: ['not_found'], 503: ['provider_unavailable'] },
        ),
      },
    },
    '/v1/uploads': {
      post: {
        operationId: 'createUpload',
        tags: ['uploads'],
        summary: 'Stage a document (up to 50 MiB)',
        description: 'The body is the document\'s bytes, streamed to storage. Pass the returned `upload_key` as `document.upload_key` within 24 hours; staged objects are deleted after that.',
        parameters: [idempotencyParam, versionParam],
        requestBody: {
          required: true,
          description: 'The document bytes (any content type; `application/octet-stream` recommended), 1 byte to 50 MiB.',
          content: { 'application/octet-stream': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } } },
        },
        responses: responses(
          { 201: ok('The staged document', ref('Upload'), { replayable: true }) },
          {
            ...AUTHENTICATED,
            400: ['invalid_schema', 'document_too_large', 'unsupported_document'],
            ...IDEMPOTENT,
            ...RATE_LIMITED,
            503: ['provider_unavailable'],
          },
          { replayable: true },
        ),
      },
    },
    '/v1/keys': {
      post: {
        operationId: 'createApiKey',
        tags: ['account'],
        summary: 'Create an API key on the calling account',
        description: 'The `secret` is shown only in this response.',
        parameters: [idempotencyParam, versionParam],
        requestBody: {
          required: false,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                additionalProperties: false,
                properties: {
                  name: { type: 'string', maxLength: 100, description: 'A label for the key' },
                  daily_page_limit: dailyPageLimit({ examples: [500] }),
                },
              },
            },
          },
        },
        responses: responses(
          {
            201: ok('The new key with its secret', ref('ApiKeyWithSecret'), {
              replayable: true,
              links: { ...idLink('getApiKey', 'Fetch the key'), ...idLink('updateApiKey', 'Change the key'), ...idLink('revokeApiKey', 'Revoke the key') },
            }),
          },
          { ...AUTHENTICATED, ...IDEMPOTENT, ...RATE_LIMITED },
          { replayable: true },
        ),
      },
      get: {
        operationId: 'listApiKeys',
        tags: ['account'],
        summary: 'List the account\'s API keys (without secrets)',
        parameters: [versionParam],
        responses: responses(
          { 200: ok('The keys, revoked ones included', ref('ApiKeyList')) },
          { ...AUTHENTICATED, ...RATE_LIMITED },
        ),
      },
    },
    '/v1/keys/{id}': {
      get: {
        operationId: 'getApiKey',
        tags: ['account'],
        summary: 'Fetch one of the account\'s API keys (without its secret)',
        description: 'Revoked keys are returned too; another account\'s key is 404.',
        parameters: [keyIdParam, versionParam],
        responses: responses(
          { 200: ok('The key', ref('ApiKey')) },
          { ...AUTHENTICATED, 404: ['not_found'], ...RATE_LIMITED },
        ),
      },
      post: {
        operationId: 'updateApiKey',
        tags: ['account'],
        summary: 'Change an API key\'s name or daily page limit',
        description: [
          'Only the fields sent change; `daily_page_limit: null` removes the limit. A new limit reaches every gateway instance within',
          'about 60 seconds (the key cache), and today\'s pages already counted on the account count against it at once. Another',
          'account\'s key is 404.',
        ].join(' '),
        parameters: [keyIdParam, idempotencyParam, versionParam],
        requestBody: {
          required: false,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                additionalProperties: false,
                properties: {
                  name: { type: 'string', maxLength: 100 },
                  daily_page_limit: dailyPageLimit({ examples: [1000, null] }),
                },
              },
            },
          },
        },
        responses: responses(
          { 200: ok('The changed key', ref('ApiKey'), { replayable: true }) },
          { ...AUTHENTICATED, 404: ['not_found'], ...IDEMPOTENT, ...RATE_LIMITED },
          { replayable: true },
        ),
      },
      delete: {
        operationId: 'revokeApiKey',
        tags: ['account'],
        summary: 'Revoke an API key',
        description: 'Takes effect at once on the gateway instance that serves the revocation and within about 60 seconds on the others (their key cache). Revoking twice is fine; another account\'s key is 404.',
        parameters: [keyIdParam, versionParam],
        responses: responses(
          { 200: ok('The key with `revoked_at` set', ref('ApiKey')) },
          { ...AUTHENTICATED, 404: ['not_found'], ...RATE_LIMITED },
        ),
      },
    },
    '/v1/webhook_endpoints': {
      post: {
        operationId: 'createWebhookEndpoint',
        tags: ['webhooks'],
        summary: 'Register a webhook endpoint',
        description: 'Deliveries are signed (Standard Webhooks) with the returned `secret`, shown only in this response. The URL must be https and resolve to public addresses only; anything else is 400 `invalid_schema`. See docs/webhooks.md for events, payloads and retries.',
        parameters: [idempotencyParam, versionParam],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['url'],
                additionalProperties: false,
                properties: {
                  url: { type: 'string', minLength: 1, maxLength: 2048, format: 'uri', examples: ['https://example.com/exs-webhooks'] },
                  event_types: { type: 'array', items: ref('WebhookEventType'), description: 'Empty or absent: every type, including types added later.' },
                  description: { type: 'string', maxLength: 256 },
                },
              },
            },
          },
        },
        responses: responses(
          { 201: ok('The endpoint with its signing secret', ref('WebhookEndpointWithSecret'), { replayable: true, links: idLink('deleteWebhookEndpoint', 'Delete the endpoint') }) },
          { ...AUTHENTICATED, ...IDEMPOTENT, ...RATE_LIMITED, 503: ['provider_unavailable'] },
          { replayable: true },
        ),
      },
      get: {
        operationId: 'listWebhookEndpoints',
        tags: ['webhooks'],
        summary: 'List the account\'s webhook endpoints (without secrets)',
        parameters: [versionParam],
        responses: responses(
          { 200: ok('The endpoints', ref('WebhookEndpointList')) },
          { ...AUTHENTICATED, ...RATE_LIMITED, 503: ['provider_unavailable'] },
        ),
      },
    },
    '/v1/webhook_endpoints/{id}': {
      delete: {
        operationId: 'deleteWebhookEndpoint',
        tags: ['webhooks'],
        summary: 'Delete a webhook endpoint',
        description: 'Pending deliveries to it are cancelled. Another account\'s endpoint is 404.',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }, versionParam],
        responses: responses(
          { 200: ok('The deleted endpoint', ref('DeletedWebhookEndpoint')) },
          { ...AUTHENTICATED, 404: ['not_found'], ...RATE_LIMITED, 503: ['provider_unavailable'] },
        ),
      },
    },
    '/v1/wallet': {
      get: {
        operationId: 'getWallet',
        tags: ['account'],
        summary: 'The prepaid wallet',
        parameters: [versionParam],
        responses: responses(
          { 200: ok('The wallet', ref('Wallet')) },
          { ...AUTHENTICATED, ...RATE_LIMITED, 503: ['provider_unavailable'] },
        ),
      },
    },
    '/v1/health': {
      get: {
        operationId: 'getHealth',
        tags: ['meta'],
        summary: 'Liveness (unauthenticated)',
        security: [],
        parameters: [versionParam],
        responses: responses({ 200: ok('The service is live', ref('Health')) }, { 400: ['invalid_schema'] }),
      },
    },
    '/status': {
      get: {
        operationId: 'getStatus',
        tags: ['meta'],
        summary: 'Status page of the API, the MCP server and the dashboard (unauthenticated, not rate limited)',
        description: [
          'Outside `/v1`, on the service\'s host. HTML for people by default; JSON when the client prefers `application/json`',
          '(`Accept: application/json`). Always 200 while the gateway answers: the body says what is down. The API\'s checks (the',
          'gateway\'s database and each internal service\'s health) are probed at most once every 5 seconds. The MCP server and the',
          'dashboard are not part of this deployment and are listed as `not_deployed`.',
        ].join(' '),
        security: [],
        parameters: [versionParam],
        responses: responses(
          {
            200: {
              description: 'The status of each component',
              headers: CONTRACT_HEADERS,
              content: {
                'application/json': { schema: ref('StatusPage') },
                'text/html': { schema: { type: 'string', contentMediaType: 'text/html' } },
              },
            },
          },
          { 400: ['invalid_schema'] },
        ),
      },
    },
    '/v1/openapi.json': {
      get: {
        operationId: 'getOpenApiDocument',
        tags: ['meta'],
        summary: 'This document (unauthenticated, not rate limited)',
        security: [],
        parameters: [versionParam],
        responses: responses(
          { 200: ok('The OpenAPI 3.1 document', { type: 'object', required: ['openapi', 'info', 'paths'] }) },
          { 400: ['invalid_schema'] },
        ),
      },
    },
  },
  components: {
    securitySchemes: {
      bearerAuth: {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'exs_live_ followed by 40 base62 characters',
        description: '`Authorization: Bearer <API key>`. Missing, another scheme, malformed, unknown or revoked: 401 `invalid_api_key`.',
      },
    },
    parameters: {
      ServiceVersion: {
        name: 'service-version',
        in: 'header',
        required: false,
        description: 'Pins the contract version. Only the current one is served; any other value is 400 `invalid_schema`.',
        schema: { type: 'string', enum: [SERVICE_VERSION] },
      },
      IdempotencyKey: {
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        description: [
          'Makes a POST safe to retry. Scoped to the account, kept 24 hours. The same key with the same request after the first',
          'completed replays the stored response (status, body and `x-request-id`) with `idempotent-replayed: true`; a different',
          'body, or a repeat while the first still runs, is 409 `idempotency_key_conflict`. Successes and 400, 402, 404 and 422 are',
          'stored; 401, 409, 429 and 5xx are not, so a retry after a transient failure runs again.',
        ].join(' '),
        schema: { type: 'string', minLength: 1, maxLength: 255 },
      },
    },
    headers: {
      RequestId: {
        description: 'The request id, minted by the service (`req_` + 32 hex); equals `error.request_id` and `meta.request_id`.',
        required: true,
        schema: { type: 'string', pattern: '^req_[0-9a-f]{32}$' },
      },
      ServiceVersion: {
        description: 'The contract version the response was served under.',
        required: true,
        schema: { type: 'string', const: SERVICE_VERSION },
      },
      RetryAfter: {
        description: 'Seconds to wait before retrying; equals `error.retry_after`.',
        required: true,
        schema: { type: 'integer', minimum: 1 },
      },
      IdempotentReplayed: {
        description: 'Present (`true`) when the response is a replay of a stored response for the same `Idempotency-Key`.',
        required: false,
        schema: { type: 'string', const: 'true' },
      },
    },
    schemas: {
      ErrorCode: {
        type: 'string',
        enum: ERROR_CODES,
        description: ERROR_CODES.map((c) => `\`${c}\` (${ERROR_CATALOG[c].status}): ${ERROR_CATALOG[c].message}`).join('\n'),
      },
      ErrorObject: {
        type: 'object',
        required: ['code', 'message', 'request_id'],
        properties: {
          code: ref('ErrorCode'),
          message: { type: 'string', description: 'Static human text per code.' },
          request_id: { type: 'string', pattern: '^req_[0-9a-f]{32}$' },
          top_up_url: { type: 'string', format: 'uri', description: 'Only with `insufficient_balance`: where to add funds.' },
          retry_after: { type: 'integer', minimum: 1, description: 'Only with `rate_limited`: seconds to wait; mirrors `Retry-After`.' },
          detail: { type: 'string', description: 'Which field, keyword or limit failed, where that helps; do not parse it.' },
        },
      },
      Error: {
        type: 'object',
        required: ['error'],
        properties: { error: ref('ErrorObject') },
      },
      Money: {
        type: 'object',
        required: ['amount', 'currency'],
        properties: {
          amount: { type: 'string', pattern: '^-?[0-9]+\\.[0-9]{2,6}$', examples: ['0.02'] },
          currency: { type: 'string', examples: ['USD'] },
        },
      },
      ExtractionRequest: {
        type: 'object',
        required: ['schema', 'document'],
        additionalProperties: false,
        properties: {
          schema: {
            type: 'object',
            description: SCHEMA_LIMITS_DESCRIPTION,
            examples: [{ type: 'object', properties: { total: { type: 'number' } } }],
          },
          document: ref('DocumentReference'),
        },
      },
      DocumentReference: {
        description: 'Exactly one of `bytes_base64` (inline, up to 20 MiB decoded) or `upload_key` (from `POST /v1/uploads`, same account, not expired).',
        oneOf: [
          {
            type: 'object',
            required: ['bytes_base64'],
            additionalProperties: false,
            properties: {
              bytes_base64: {
                type: 'string',
                minLength: 1,
                contentEncoding: 'base64',
                pattern: '^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$',
                description: 'The document (PDF, PNG, JPEG, TIFF), base64 encoded.',
              },
            },
          },
          {
            type: 'object',
            required: ['upload_key'],
            additionalProperties: false,
            properties: { upload_key: { type: 'string', minLength: 1, maxLength: 256, examples: ['upl_Zx3kq0yX8bW2dVnR6tLmP4sQ1uHcE7aF'] } },
          },
        ],
      },
      ExtractionResult: {
        type: 'object',
        required: ['data', 'fields', 'document', 'meta'],
        properties: {
          data: {
            type: 'object',
            description: 'Values shaped like the caller\'s schema: every leaf present, `null` when missing, `[]` for a missing array.',
          },
          fields: {
            type: 'object',
            description: 'One entry per extracted or missing leaf, keyed by JSON Pointer (`/line_items/0/amount`).',
            propertyNames: { pattern: '^(/.*)?$' },
            additionalProperties: ref('FieldResult'),
          },
          document: ref('DocumentSummary'),
          meta: ref('ResultMeta'),
        },
      },
      FieldResult: {
        type: 'object',
        required: ['state', 'confidence', 'grounding'],
        properties: {
          state: { type: 'string', enum: ['extracted', 'missing'] },
          value: { description: 'The extracted value (typed per the schema); absent when missing.' },
          reason: {
            type: 'string',
            enum: ['not_found', 'low_confidence', 'invalid_value'],
            description: 'Only when missing: no candidate, a candidate below the threshold, or one that failed the schema\'s constraints.',
          },
          confidence: {
            type: 'number',
            minimum: 0,
            maximum: 1,
            description: 'Calibrated probability: that the value is correct (extracted), or that the document does not contain it (missing).',
          },
          grounding: { type: 'array', items: ref('Grounding'), description: 'Where the value came from; one or more for every extracted value.' },
        },
      },
      Grounding: {
        type: 'object',
        required: ['page', 'bbox', 'text', 'start', 'end'],
        properties: {
          page: { type: 'integer', minimum: 1, description: '1-based page number.' },
          bbox: {
            type: 'array',
            items: { type: 'number', minimum: 0, maximum: 1 },
            minItems: 4,
            maxItems: 4,
            description: '`[x0, y0, x1, y1]` normalised to 0..1 from the page\'s top-left.',
          },
          text: { type: 'string', description: 'The source text.' },
          start: { type: 'integer', minimum: 0, description: 'Character offset into the page\'s text.' },
          end: { type: 'integer', minimum: 0 },
        },
      },
      DocumentSummary: {
        type: 'object',
        required: ['format', 'pages', 'words', 'ocr_pages'],
        properties: {
          format: { type: 'string', enum: ['pdf', 'png', 'jpeg', 'tiff'] },
          pages: { type: 'integer', minimum: 1 },
          words: { type: 'integer', minimum: 0 },
          ocr_pages: { type: 'integer', minimum: 0, description: 'Pages read by OCR (no text layer).' },
        },
      },
      ResultMeta: {
        type: 'object',
        required: ['request_id', 'billed_pages', 'calibrator_version'],
        properties: {
          request_id: { type: 'string', pattern: '^req_[0-9a-f]{32}$', description: 'For jobs, the id minted at admission.' },
          billed_pages: { type: 'integer', minimum: 0 },
          calibrator_version: { type: 'string' },
        },
      },
      Job: {
        type: 'object',
        required: ['id', 'object', 'state', 'request_id', 'pages', 'price_per_page', 'created_at', 'started_at', 'finished_at', 'expires_at', 'result', 'error'],
        properties: {
          id: { type: 'string', pattern: '^job_[0-9a-f]{24}$' },
          object: { const: 'job' },
          state: {
            type: 'string',
            enum: ['queued', 'running', 'succeeded', 'failed'],
            description: '`queued` (funds held) -> `running` -> `succeeded` (result set, billed) or `failed` (error set, not billed).',
          },
          request_id: { type: 'string', pattern: '^req_[0-9a-f]{32}$', description: 'Minted at admission; the same in the 202 body, `result.meta.request_id` and the webhook delivery.' },
          pages: { type: 'integer', minimum: 1 },
          price_per_page: amount('The published per-page rate.'),
          created_at: { type: 'string', format: 'date-time' },
          started_at: { type: ['string', 'null'], format: 'date-time' },
          finished_at: { type: ['string', 'null'], format: 'date-time' },
          expires_at: { type: ['string', 'null'], format: 'date-time', description: 'When the job and its result are deleted (24 hours after it finished).' },
          result: { oneOf: [ref('ExtractionResult'), { type: 'null' }], description: 'Set once succeeded.' },
          error: {
            description: 'Set once failed.',
            oneOf: [
              {
                type: 'object',
                required: ['code', 'message'],
                properties: { code: ref('ErrorCode'), message: { type: 'string' }, detail: { type: 'string' } },
              },
              { type: 'null' },
            ],
          },
        },
      },
      Upload: {
        type: 'object',
        required: ['object', 'upload_key', 'size_bytes', 'sha256', 'expires_at'],
        properties: {
          object: { const: 'upload' },
          upload_key: { type: 'string', pattern: '^upl_[A-Za-z0-9_-]{32}$' },
          size_bytes: { type: 'integer', minimum: 1, maximum: 50 * 1024 * 1024 },
          sha256: { type: 'string', pattern: '^[0-9a-f]{64}$' },
          expires_at: { type: 'string', format: 'date-time' },
        },
      },
      ApiKey: API_KEY,
      ApiKeyWithSecret: {
        ...API_KEY,
        required: [...API_KEY.required, 'secret'],
        properties: { ...API_KEY.properties, secret: { type: 'string', pattern: '^exs_live_[0-9A-Za-z]{40}$', description: 'Shown only here.' } },
      },
      ApiKeyList: {
        type: 'object',
        required: ['object', 'data'],
        properties: { object: { const: 'list' }, data: { type: 'array', items: ref('ApiKey') } },
      },
      Wallet: {
        type: 'object',
        required: ['object', 'plan', 'balance', 'held', 'price_per_page'],
        properties: {
          object: { const: 'wallet' },
          plan: { type: 'string', enum: ['free', 'default', 'raised'], description: 'Rate-limit plan: `raised` is granted on request.' },
          balance: amount('Available prepaid funds; never negative.'),
          held: amount('Reserved for running work: released if it fails, billed if it succeeds.'),
          price_per_page: amount('The published per-page rate.'),
        },
      },
      WebhookEventType: {
        type: 'string',
        enum: ['job.succeeded', 'job.failed'],
        description: 'Receivers ignore types they do not know; new ones are added without a version change.',
      },
      WebhookEndpoint: WEBHOOK_ENDPOINT,
      WebhookEndpointWithSecret: {
        ...WEBHOOK_ENDPOINT,
        required: [...WEBHOOK_ENDPOINT.required, 'secret'],
        properties: { ...WEBHOOK_ENDPOINT.properties, secret: { type: 'string', pattern: '^whsec_', description: 'The signing secret; shown only here.' } },
      },
      WebhookEndpointList: {
        type: 'object',
        required: ['object', 'data'],
        properties: { object: { const: 'list' }, data: { type: 'array', items: ref('WebhookEndpoint') } },
      },
      DeletedWebhookEndpoint: {
        type: 'object',
        required: ['id', 'object', 'deleted'],
        properties: { id: { type: 'string' }, object: { const: 'webhook_endpoint' }, deleted: { const: true } },
      },
      StatusPage: {
        type: 'object',
        required: ['object', 'status', 'checked_at', 'components'],
        properties: {
          object: { const: 'status' },
          status: { type: 'string', enum: ['operational', 'degraded', 'outage'], description: 'The worst state of the deployed components.' },
          checked_at: { type: 'string', format: 'date-time', description: 'When the checks ran (reused for up to 5 seconds).' },
          components: {
            type: 'array',
            items: {
              type: 'object',
              required: ['id', 'name', 'status', 'description', 'checks'],
              properties: {
                id: { type: 'string', examples: ['api', 'mcp', 'dashboard'] },
                name: { type: 'string' },
                status: {
                  type: 'string',
                  enum: ['operational', 'degraded', 'outage', 'not_deployed'],
                  description: '`outage`: a check the component cannot work without is down; `degraded`: another check is down; `not_deployed`: not part of this deployment (not monitored here).',
                },
                description: { type: 'string' },
                checks: {
                  type: 'array',
                  items: {
                    type: 'object',
                    required: ['name', 'status'],
                    properties: {
                      name: { type: 'string', examples: ['gateway', 'extraction', 'billing', 'uploads', 'ratelimit', 'webhooks'] },
                      status: { type: 'string', enum: ['up', 'down'] },
                      reason: { type: 'string', description: 'Only when down: a short reason (`unreachable`, `timed out`, `not serving`, `database unreachable`).' },
                    },
                  },
                },
              },
            },
          },
        },
      },
      Health: {
        type: 'object',
        required: ['ok', 'version', 'calibrator_version'],
        properties: {
          ok: { type: 'boolean' },
          version: { type: 'string', description: 'Deployed build id (not the contract version).' },
          calibrator_version: { type: 'string', description: 'The confidence calibrator extraction runs (as in `meta.calibrator_version`); `unknown` only until extraction first answers the gateway.' },
        },
      },
    },
  },
} as const;

export type OpenApiDocument = typeof openApiDocument;

/** The document as served: plain JSON (no shared object references), computed once. */
export const openApiJson: string = JSON.stringify(openApiDocument);
