/**
 * The OpenAPI 3.1 description of the whole public API (contract version 2026-08-10), and the one source
 * of its request shapes: the gateway validates JSON bodies and list queries with the schemas below
 * (request-validation.ts), so the document and the refusals cannot drift. Responses are checked against it
 * by `test/e2e/openapi.test.ts` (every documented status and error code is produced by a real request) and
 * by schemathesis; Redocly lints it in the unit tests. Served unauthenticated at `GET /v1/openapi.json`.
 * When you change a route, its statuses or a body, change this file.
 */
import { ERROR_CATALOG, type ErrorCode } from '@exs/platform';
import { SERVICE_VERSION } from '../edge/contract-headers.js';
import { KEY_NAME_MAX, MAX_DAILY_PAGE_LIMIT } from '../keys/key-limits.js';
import { LIST_LIMIT } from '../edge/list-limit.js';
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
const keyIdParam = { name: 'id', in: 'path', required: true, description: 'The key\'s id.', schema: { type: 'string', examples: ['key_0123456789abcdef01234567'] } };
const idempotencyParam = { $ref: '#/components/parameters/IdempotencyKey' };

/** The id formats cursors take: an id of the listed kind (another format is 400, an unknown id 404). */
const KEY_ID = { type: 'string', pattern: '^key_[0-9a-f]{24}$', examples: ['key_0123456789abcdef01234567'] } as const;
const JOB_ID = { type: 'string', pattern: '^job_[0-9a-f]{24}$', examples: ['job_0123456789abcdef01234567'] } as const;
const ENDPOINT_ID = { type: 'string', format: 'uuid', examples: ['6c1f0f0e-2f52-4b55-9d6e-0f4d3c1a9b10'] } as const;

/** Stripe-style cursor pagination, newest first: `limit`, and one of `starting_after` / `ending_before`. */
const listParams = (what: string, id: object) => [
  { $ref: '#/components/parameters/Limit' },
  {
    name: 'starting_after',
    in: 'query',
    required: false,
    description: `The id of a ${what} of this account: the page holds the ones listed after it (older). Pass the last \`id\` of a page to get the next one. An id of another format is 400 \`invalid_schema\`; an unknown id or another account's is 404 \`not_found\`.`,
    schema: id,
  },
  {
    name: 'ending_before',
    in: 'query',
    required: false,
    description: `The id of a ${what} of this account: the page holds the ones listed before it (newer). Pass the first \`id\` of a page to go back. Not together with \`starting_after\` (400 \`invalid_schema\`).`,
    schema: id,
  },
];

const LIST_DESCRIPTION = [
  'Newest first (by creation time, then id), `limit` at a time (default 10, at most 100). `has_more` says whether more lie beyond',
  'this page in the direction read: follow `starting_after` with the last `id` while it is true. A `limit` outside 1..100, an',
  'unknown query parameter, a cursor of another format or both cursors together are 400 `invalid_schema`; a cursor that is not',
  'one of this account\'s is 404 `not_found`.',
].join(' ');

/** The list envelope around one page of `item`s. */
const listSchema = (item: string, url: string, description: string) => ({
  type: 'object',
  description,
  required: ['object', 'url', 'has_more', 'data'],
  properties: {
    object: { const: 'list', description: 'Always `list`.' },
    url: { type: 'string', const: url, description: 'The path this list is read from.' },
    has_more: { type: 'boolean', description: 'More objects lie beyond this page in the direction read (older with `starting_after` or no cursor, newer with `ending_before`).' },
    data: { type: 'array', items: ref(item), maxItems: LIST_LIMIT.max, description: 'This page, newest first.' },
  },
});

/** Errors every authenticated operation shares. */
// Every authenticated route reads the gateway's own database, so any of them can see a storage outage (503).
const AUTHENTICATED: ErrorMap = { 400: ['invalid_schema'], 401: ['invalid_api_key'], 500: ['internal_error'], 503: ['provider_unavailable'] };
const RATE_LIMITED: ErrorMap = { 429: ['rate_limited'] };
const IDEMPOTENT: ErrorMap = { 409: ['idempotency_key_conflict'] };

const amount = (description: string) => ({ allOf: [ref('Money')], description });

const extractionRequestBody = {
  required: true,
  description: 'The schema of the wanted fields and the document.',
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

const JOB_PROPERTIES = {
  id: JOB_ID,
  object: { const: 'job' },
  state: ref('JobState'),
  request_id: { type: 'string', pattern: '^req_[0-9a-f]{32}$', description: 'Minted at admission; the same in the 202 body, `result.meta.request_id` and the webhook delivery.' },
  pages: { type: 'integer', minimum: 1 },
  price_per_page: amount('The published per-page rate.'),
  created_at: { type: 'string', format: 'date-time' },
  started_at: { type: ['string', 'null'], format: 'date-time' },
  finished_at: { type: ['string', 'null'], format: 'date-time' },
  expires_at: { type: ['string', 'null'], format: 'date-time', description: 'When the job and its result are deleted (24 hours after it finished).' },
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
} as const;
const JOB_REQUIRED = ['id', 'object', 'state', 'request_id', 'pages', 'price_per_page', 'created_at', 'started_at', 'finished_at', 'expires_at', 'error'] as const;

const API_KEY = {
  type: 'object',
  description: 'An API key of the account, without its secret.',
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
  description: 'A registered webhook endpoint, without its signing secret.',
  required: ['id', 'object', 'url', 'event_types', 'description', 'created_at'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    object: { const: 'webhook_endpoint' },
    url: { type: 'string' },
    event_types: { type: 'array', items: { type: 'string' }, description: 'Empty: every type.' },
    description: { type: 'string' },
    created_at: { type: 'string', format: 'date-time' },
  },
} as const;

/**
 * A delivery the service POSTs to a registered endpoint (docs/webhooks.md): Standard Webhooks headers and
 * a signed JSON body. Any 2xx within 10 s acknowledges it; anything else is retried on a schedule.
 */
const webhook = (name: string, summary: string, event: string) => ({
  post: {
    operationId: `${name}Webhook`,
    tags: ['webhooks'],
    summary,
    description: 'Delivered at least once to every endpoint subscribed to the type: verify the signature over the raw body, de-duplicate on `webhook-id`, answer 2xx within 10 seconds, then do the work. Receivers ignore event types and fields they do not know.',
    security: [],
    parameters: [
      { $ref: '#/components/parameters/WebhookId' },
      { $ref: '#/components/parameters/WebhookTimestamp' },
      { $ref: '#/components/parameters/WebhookSignature' },
    ],
    requestBody: { required: true, description: 'The event.', content: { 'application/json': { schema: ref(event) } } },
    responses: {
      200: { description: 'Any 2xx acknowledges the delivery; the body is ignored (the first 1 KiB is kept in the delivery log).' },
      400: { description: 'Refused (a bad signature, say): any status other than 2xx, a redirect or no answer within 10 seconds is a failed attempt, retried up to 8 times over about 28 hours.' },
    },
  },
});

export const openApiDocument = {
  openapi: '3.1.0',
  jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base',
  info: {
    title: 'Document extraction service',
    version: SERVICE_VERSION,
    contact: { name: 'API support', email: 'support@example.com', url: 'https://dashboard.example.com/support' },
    license: { name: 'Proprietary: use under the service\'s terms of service', url: 'https://dashboard.example.com/terms' },
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
      get: {
        operationId: 'listJobs',
        tags: ['extraction'],
        summary: 'List the account\'s jobs, newest first',
        description: `${LIST_DESCRIPTION} Filter by \`state\`. Listed jobs carry no \`result\`: fetch one with \`GET /v1/jobs/{id}\` for it. Jobs deleted 24 hours after they finished are not listed.`,
        parameters: [
          ...listParams('job', JOB_ID),
          { name: 'state', in: 'query', required: false, description: 'Only jobs in this state.', schema: ref('JobState') },
          versionParam,
        ],
        responses: responses(
          { 200: ok('A page of jobs', ref('JobList')) },
          { ...AUTHENTICATED, 404: ['not_found'], ...RATE_LIMITED, 503: ['provider_unavailable'] },
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
          { name: 'id', in: 'path', required: true, description: 'The job\'s id.', schema: { type: 'string', examples: ['job_0123456789abcdef01234567'] } },
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
          description: 'The new key\'s name and daily page limit; an absent body is a key with neither.',
          content: { 'application/json': { schema: ref('CreateApiKeyRequest') } },
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
        description: `Revoked keys are listed too. ${LIST_DESCRIPTION}`,
        parameters: [...listParams('key', KEY_ID), versionParam],
        responses: responses(
          { 200: ok('A page of keys, revoked ones included', ref('ApiKeyList')) },
          { ...AUTHENTICATED, 404: ['not_found'], ...RATE_LIMITED },
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
          description: 'The fields to change; the others stay as they are.',
          content: { 'application/json': { schema: ref('UpdateApiKeyRequest') } },
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
          description: 'Where to deliver, and which events.',
          content: { 'application/json': { schema: ref('CreateWebhookEndpointRequest') } },
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
        description: LIST_DESCRIPTION,
        parameters: [...listParams('webhook endpoint', ENDPOINT_ID), versionParam],
        responses: responses(
          { 200: ok('A page of endpoints', ref('WebhookEndpointList')) },
          { ...AUTHENTICATED, 404: ['not_found'], ...RATE_LIMITED, 503: ['provider_unavailable'] },
        ),
      },
    },
    '/v1/webhook_endpoints/{id}': {
      delete: {
        operationId: 'deleteWebhookEndpoint',
        tags: ['webhooks'],
        summary: 'Delete a webhook endpoint',
        description: 'Pending deliveries to it are cancelled. Another account\'s endpoint is 404.',
        parameters: [{ name: 'id', in: 'path', required: true, description: 'The endpoint\'s id.', schema: { type: 'string' } }, versionParam],
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
        description: 'The balance available for extractions, the funds held for running jobs, and the published per-page rate.',
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
        description: 'Answers while the gateway runs, with the deployed build and the confidence calibrator in use. Not rate limited.',
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
        description: 'The OpenAPI 3.1 description of the API this deployment serves; clients may generate types from it.',
        security: [],
        parameters: [versionParam],
        responses: responses(
          {
            200: ok('The OpenAPI 3.1 document', {
              type: 'object',
              required: ['openapi', 'info', 'paths'],
              properties: { openapi: { type: 'string', examples: ['3.1.0'] }, info: { type: 'object' }, paths: { type: 'object' } },
              additionalProperties: true,
            }),
          },
          { 400: ['invalid_schema'] },
        ),
      },
    },
  },
  webhooks: {
    'job.succeeded': webhook('jobSucceeded', 'An async job succeeded', 'JobSucceededEvent'),
    'job.failed': webhook('jobFailed', 'An async job failed', 'JobFailedEvent'),
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
      Limit: {
        name: 'limit',
        in: 'query',
        required: false,
        description: `How many objects the page holds: ${LIST_LIMIT.min} to ${LIST_LIMIT.max}, ${LIST_LIMIT.default} when absent. Outside the range: 400 \`invalid_schema\`.`,
        schema: { type: 'integer', minimum: LIST_LIMIT.min, maximum: LIST_LIMIT.max, default: LIST_LIMIT.default },
      },
      WebhookId: {
        name: 'webhook-id',
        in: 'header',
        required: true,
        description: '`msg_` + 32 hex characters; unique per event and endpoint and the same on every retry: de-duplicate on it.',
        schema: { type: 'string', pattern: '^msg_[0-9a-f]{32}$' },
      },
      WebhookTimestamp: {
        name: 'webhook-timestamp',
        in: 'header',
        required: true,
        description: 'Unix seconds of this attempt; refuse deliveries more than 5 minutes from your clock.',
        schema: { type: 'string', pattern: '^[0-9]+$' },
      },
      WebhookSignature: {
        name: 'webhook-signature',
        in: 'header',
        required: true,
        description: '`v1,` + base64 of HMAC-SHA256 over `<webhook-id>.<webhook-timestamp>.<raw body>` keyed with the endpoint secret (Standard Webhooks); several space-separated signatures may be sent, accept when any matches.',
        schema: { type: 'string' },
      },
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
        description: 'What went wrong: branch on `code`.',
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
        description: 'The one shape of every error response.',
        required: ['error'],
        properties: { error: ref('ErrorObject') },
      },
      Money: {
        type: 'object',
        description: 'An amount of money as a decimal string (never a float), with its currency.',
        required: ['amount', 'currency'],
        properties: {
          amount: { type: 'string', pattern: '^-?[0-9]+\\.[0-9]{2,6}$', examples: ['0.02'] },
          currency: { type: 'string', examples: ['USD'] },
        },
      },
      ExtractionRequest: {
        type: 'object',
        description: 'The body of `POST /v1/extract` and `POST /v1/jobs`. Unknown fields are refused (400 `invalid_schema`).',
        required: ['schema', 'document'],
        additionalProperties: false,
        properties: {
          schema: {
            type: 'object',
            additionalProperties: true,
            description: SCHEMA_LIMITS_DESCRIPTION,
            examples: [{ type: 'object', properties: { total: { type: 'number' } } }],
          },
          document: ref('DocumentReference'),
        },
      },
      DocumentReference: {
        // One object with exactly one property rather than a oneOf: the same check, and a failure names it plainly.
        type: 'object',
        description: 'exactly one of bytes_base64 or upload_key is required',
        additionalProperties: false,
        minProperties: 1,
        maxProperties: 1,
        properties: {
          bytes_base64: {
            type: 'string',
            minLength: 1,
            contentEncoding: 'base64',
            // The alphabet and padding are checked by the gateway after this (a linear scan: a regular
            // expression over a 27 MB string would be evaluated here first).
            description: 'The document (PDF, PNG, JPEG, TIFF), base64 encoded (standard alphabet, padded); up to 20 MiB decoded, more is 400 `document_too_large`.',
          },
          upload_key: { type: 'string', minLength: 1, maxLength: 256, description: 'A key from `POST /v1/uploads` on the same account, not expired.', examples: ['upl_Zx3kq0yX8bW2dVnR6tLmP4sQ1uHcE7aF'] },
        },
      },
      ExtractionResult: {
        type: 'object',
        description: 'Values shaped like the caller\'s schema, with per-field confidence and grounding.',
        required: ['data', 'fields', 'document', 'meta'],
        properties: {
          data: {
            type: 'object',
            additionalProperties: true,
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
        description: 'The outcome for one leaf field of the schema.',
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
        description: 'Where in the document a value was read.',
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
        description: 'What the service read: the format, pages and words of the document.',
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
        description: 'The request id, the pages billed and the calibrator of this result.',
        required: ['request_id', 'billed_pages', 'calibrator_version'],
        properties: {
          request_id: { type: 'string', pattern: '^req_[0-9a-f]{32}$', description: 'For jobs, the id minted at admission.' },
          billed_pages: { type: 'integer', minimum: 0 },
          calibrator_version: { type: 'string' },
        },
      },
      JobState: {
        type: 'string',
        enum: ['queued', 'running', 'succeeded', 'failed'],
        description: '`queued` (funds held) -> `running` -> `succeeded` (result set, billed) or `failed` (error set, not billed).',
      },
      Job: {
        type: 'object',
        description: 'An asynchronous extraction and, once succeeded, its result.',
        required: [...JOB_REQUIRED, 'result'],
        properties: {
          ...JOB_PROPERTIES,
          result: { oneOf: [ref('ExtractionResult'), { type: 'null' }], description: 'Set once succeeded.' },
        },
      },
      JobListItem: {
        type: 'object',
        description: 'A job as lists show it: every field of the job but its `result` (fetch the job for that).',
        required: [...JOB_REQUIRED],
        properties: JOB_PROPERTIES,
      },
      JobList: listSchema('JobListItem', '/v1/jobs', 'A page of the account\'s jobs.'),
      Upload: {
        type: 'object',
        description: 'A staged document: pass `upload_key` as `document.upload_key`.',
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
        description: 'A new API key with its secret, shown only in this response.',
        required: [...API_KEY.required, 'secret'],
        properties: { ...API_KEY.properties, secret: { type: 'string', pattern: '^exs_live_[0-9A-Za-z]{40}$', description: 'Shown only here.' } },
      },
      ApiKeyList: listSchema('ApiKey', '/v1/keys', 'A page of the account\'s API keys.'),
      CreateApiKeyRequest: {
        type: 'object',
        description: 'The body of `POST /v1/keys`. Unknown fields are refused.',
        additionalProperties: false,
        properties: {
          name: { type: 'string', maxLength: KEY_NAME_MAX, description: 'A label for the key.' },
          daily_page_limit: dailyPageLimit({ examples: [500] }),
        },
      },
      UpdateApiKeyRequest: {
        type: 'object',
        description: 'The body of `POST /v1/keys/{id}`: only the fields present change. Unknown fields are refused.',
        additionalProperties: false,
        properties: {
          name: { type: 'string', maxLength: KEY_NAME_MAX, description: 'A label for the key.' },
          daily_page_limit: dailyPageLimit({ examples: [1000, null] }),
        },
      },
      Wallet: {
        type: 'object',
        description: 'The account\'s prepaid wallet.',
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
        description: 'A new webhook endpoint with its signing secret, shown only in this response.',
        required: [...WEBHOOK_ENDPOINT.required, 'secret'],
        properties: { ...WEBHOOK_ENDPOINT.properties, secret: { type: 'string', pattern: '^whsec_', description: 'The signing secret; shown only here.' } },
      },
      WebhookEndpointList: listSchema('WebhookEndpoint', '/v1/webhook_endpoints', 'A page of the account\'s webhook endpoints.'),
      CreateWebhookEndpointRequest: {
        type: 'object',
        description: 'The body of `POST /v1/webhook_endpoints`. Unknown fields are refused.',
        required: ['url'],
        additionalProperties: false,
        properties: {
          url: { type: 'string', minLength: 1, maxLength: 2048, description: 'An https URL whose host resolves to public addresses only.', examples: ['https://example.com/exs-webhooks'] },
          event_types: { type: 'array', items: ref('WebhookEventType'), description: 'Empty or absent: every type, including types added later.' },
          description: { type: 'string', maxLength: 256, description: 'A note for people.' },
        },
      },
      DeletedWebhookEndpoint: {
        type: 'object',
        description: 'The id of an endpoint that was deleted.',
        required: ['id', 'object', 'deleted'],
        properties: { id: { type: 'string' }, object: { const: 'webhook_endpoint' }, deleted: { const: true } },
      },
      StatusPage: {
        type: 'object',
        description: 'The status of the API, the MCP server and the dashboard.',
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
      JobSucceededEvent: {
        type: 'object',
        description: 'Sent when an async job succeeded; its result is on `GET /v1/jobs/{job_id}` for 24 hours.',
        required: ['type', 'timestamp', 'data'],
        properties: {
          type: { const: 'job.succeeded', description: 'The event type.' },
          timestamp: { type: 'string', format: 'date-time', description: 'When the event happened (UTC).' },
          data: {
            type: 'object',
            description: 'The job, thinly: fetch the job for its result.',
            required: ['job_id', 'request_id', 'state', 'billed_pages', 'finished_at'],
            properties: {
              job_id: JOB_ID,
              request_id: { type: 'string', pattern: '^req_[0-9a-f]{32}$', description: 'Minted at admission: as in the 202 body and `result.meta.request_id`.' },
              state: { const: 'succeeded' },
              billed_pages: { type: 'integer', minimum: 0 },
              finished_at: { type: 'string', format: 'date-time' },
            },
          },
        },
      },
      JobFailedEvent: {
        type: 'object',
        description: 'Sent when an async job ended without a result (not billed).',
        required: ['type', 'timestamp', 'data'],
        properties: {
          type: { const: 'job.failed', description: 'The event type.' },
          timestamp: { type: 'string', format: 'date-time', description: 'When the event happened (UTC).' },
          data: {
            type: 'object',
            description: 'The job and why it failed.',
            required: ['job_id', 'request_id', 'state', 'error', 'finished_at'],
            properties: {
              job_id: JOB_ID,
              request_id: { type: 'string', pattern: '^req_[0-9a-f]{32}$', description: 'Minted at admission: as in the 202 body.' },
              state: { const: 'failed' },
              error: {
                type: 'object',
                description: 'A public error code and its static message.',
                required: ['code', 'message'],
                properties: { code: ref('ErrorCode'), message: { type: 'string' } },
              },
              finished_at: { type: 'string', format: 'date-time' },
            },
          },
        },
      },
      Health: {
        type: 'object',
        description: 'Liveness of the service.',
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
