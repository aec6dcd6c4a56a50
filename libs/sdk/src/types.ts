/**
 * The API's resources as they travel on the wire (docs/api.md, contract 2026-08-10). Field names are the
 * API's own (snake_case), so what the SDK returns is exactly what the service sent. The service adds
 * fields without a new version: every shape here may grow.
 */
import type { FieldMap } from './schema-types.js';

/** The public error codes (service-spec.md, "Errors"); a code added later arrives as a plain string. */
export type ErrorCode =
  | 'invalid_schema'
  | 'document_too_large'
  | 'unsupported_document'
  | 'invalid_api_key'
  | 'insufficient_balance'
  | 'not_found'
  | 'idempotency_key_conflict'
  | 'extraction_failed'
  | 'rate_limited'
  | 'internal_error'
  | 'provider_unavailable';

/** A decimal amount as a string, with its currency (`{"amount": "0.02", "currency": "USD"}`). */
export interface Money {
  amount: string;
  currency: string;
}

/** A JSON Schema object describing the wanted fields (the `schema` of extract and jobs). */
export type JsonSchema = { readonly [keyword: string]: unknown };

/** Exactly one of inline base64 bytes or the key of a staged upload; `bytes` is encoded by the SDK. */
export type DocumentInput =
  | { bytes_base64: string }
  | { upload_key: string }
  | { bytes: Uint8Array | ArrayBuffer };

/** The body of `POST /v1/extract` and `POST /v1/jobs`. */
export interface ExtractionRequest<S extends JsonSchema = JsonSchema> {
  schema: S;
  document: DocumentInput;
}

/** Where a value came from: 1-based page, `[x0, y0, x1, y1]` normalised from the page's top-left. */
export interface Grounding {
  page: number;
  bbox: [number, number, number, number];
  text: string;
  start: number;
  end: number;
}

export type MissingReason = 'not_found' | 'low_confidence' | 'invalid_value';

export interface ExtractedField<V> {
  state: 'extracted';
  value: V;
  /** Calibrated probability that `value` is correct. */
  confidence: number;
  /** One or more spans for every extracted value. */
  grounding: Grounding[];
}

export interface MissingField {
  state: 'missing';
  reason: MissingReason;
  /** Calibrated probability that the document really does not contain the field. */
  confidence: number;
  grounding: Grounding[];
}

/** One leaf's outcome; narrow on `state` to read `value` or `reason`. */
export type FieldResult<V = unknown> = ExtractedField<V> | MissingField;

export interface DocumentSummary {
  format: 'pdf' | 'png' | 'jpeg' | 'tiff';
  pages: number;
  words: number;
  ocr_pages: number;
}

export interface ResultMeta {
  request_id: string;
  billed_pages: number;
  calibrator_version: string;
}

/**
 * The result of an extraction. `data` is shaped like the caller's schema (every leaf present, `null` when
 * missing, `[]` for a missing array); `fields` is keyed by JSON Pointer, each entry typed by the value at
 * that pointer (`fields['/total']` is a `FieldResult<number>` when `total` is a number).
 */
export interface ExtractionResult<T = Record<string, unknown>> {
  data: T;
  fields: FieldMap<T>;
  document: DocumentSummary;
  meta: ResultMeta;
}

export type JobState = 'queued' | 'running' | 'succeeded' | 'failed';

export interface JobError {
  code: ErrorCode;
  message: string;
  detail?: string;
}

interface JobBase {
  id: string;
  object: 'job';
  /** Minted at admission: the same in the 202 body, `result.meta.request_id` and the webhook delivery. */
  request_id: string;
  pages: number;
  price_per_page: Money;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  /** When the job and its result are deleted (24 hours after it finished). */
  expires_at: string | null;
}

export interface PendingJob extends JobBase {
  state: 'queued' | 'running';
  result: null;
  error: null;
}

export interface SucceededJob<T = Record<string, unknown>> extends JobBase {
  state: 'succeeded';
  result: ExtractionResult<T>;
  error: null;
}

export interface FailedJob extends JobBase {
  state: 'failed';
  result: null;
  error: JobError;
}

/** An asynchronous extraction; narrow on `state` (`result` is set once succeeded, `error` once failed). */
export type Job<T = Record<string, unknown>> = PendingJob | SucceededJob<T> | FailedJob;

/** A job that has ended. */
export type FinishedJob<T = Record<string, unknown>> = SucceededJob<T> | FailedJob;

export interface Upload {
  object: 'upload';
  /** Pass as `document.upload_key` within 24 hours. */
  upload_key: string;
  size_bytes: number;
  sha256: string;
  expires_at: string;
}

export interface ApiKey {
  id: string;
  object: 'api_key';
  name: string;
  /** The first characters of the secret, to recognise it. */
  prefix: string;
  daily_page_limit: number | null;
  created_at: string;
  revoked_at: string | null;
}

export interface ApiKeyWithSecret extends ApiKey {
  /** Shown only in the response that created the key. */
  secret: string;
}

export interface CreateApiKeyParams {
  name?: string;
  /** Billed pages per UTC day for this key, 1 to 10,000,000; `null` (the default): no key limit. */
  daily_page_limit?: number | null;
}

/** Only the fields sent change; `daily_page_limit: null` removes the limit. */
export type UpdateApiKeyParams = CreateApiKeyParams;

export type WebhookEventType = 'job.succeeded' | 'job.failed';

export interface WebhookEndpoint {
  id: string;
  object: 'webhook_endpoint';
  url: string;
  /** Empty: every type, including types added later. */
  event_types: WebhookEventType[];
  description: string;
  created_at: string;
}

export interface WebhookEndpointWithSecret extends WebhookEndpoint {
  /** The signing secret (`whsec_...`), shown only in the response that created the endpoint. */
  secret: string;
}

export interface CreateWebhookEndpointParams {
  url: string;
  event_types?: WebhookEventType[];
  description?: string;
}

export interface DeletedWebhookEndpoint {
  id: string;
  object: 'webhook_endpoint';
  deleted: true;
}

export interface Wallet {
  object: 'wallet';
  plan: 'free' | 'default' | 'raised';
  /** Available prepaid funds; never negative. */
  balance: Money;
  /** Reserved for running work: released if it fails, billed if it succeeds. */
  held: Money;
  price_per_page: Money;
}

export interface Health {
  ok: boolean;
  /** Deployed build id (not the contract version). */
  version: string;
  calibrator_version: string;
}

export type ComponentStatus = 'operational' | 'degraded' | 'outage' | 'not_deployed';

export interface StatusPage {
  object: 'status';
  status: 'operational' | 'degraded' | 'outage';
  checked_at: string;
  components: Array<{
    id: string;
    name: string;
    status: ComponentStatus;
    description: string;
    checks: Array<{ name: string; status: 'up' | 'down'; reason?: string }>;
  }>;
}

/**
 * One page of a list. `has_more` is absent while the API lists everything at once; the SDK's iterators
 * follow `starting_after` when it is present and `true`.
 */
export interface ListPage<T> {
  object: 'list';
  data: T[];
  has_more?: boolean;
}

/** Stripe-style list parameters; sent only when given (today's list endpoints return every item). */
export interface ListParams {
  limit?: number;
  starting_after?: string;
}

export interface JobSucceededEvent {
  type: 'job.succeeded';
  timestamp: string;
  data: { job_id: string; request_id: string; state: 'succeeded'; billed_pages: number; finished_at: string };
}

export interface JobFailedEvent {
  type: 'job.failed';
  timestamp: string;
  data: { job_id: string; request_id: string; state: 'failed'; error: { code: ErrorCode; message: string }; finished_at: string };
}

/**
 * A webhook delivery's payload (docs/webhooks.md). New event types are added without a version change:
 * handle the ones you know and ignore the rest (`switch` with a `default`).
 */
export type WebhookEvent = JobSucceededEvent | JobFailedEvent;
