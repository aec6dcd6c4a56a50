// Error mapping against a scripted API on 127.0.0.1: each public error code becomes its own class,
// carrying the answer's status, code, message, request id and the code's extra fields.
import {
  AuthenticationError,
  DocumentTooLargeError,
  Exs,
  ExsError,
  ExtractionFailedError,
  IdempotencyConflictError,
  InsufficientBalanceError,
  InternalServerError,
  InvalidRequestError,
  NotFoundError,
  RateLimitError,
  ServiceUnavailableError,
  UnsupportedDocumentError,
} from '../src/index.js';
import { REQUEST_ID, apiError, startFakeApi, type FakeApi, type Reply } from './support/fake-api.js';

let api: FakeApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

async function errorOf(reply: Reply): Promise<unknown> {
  api = await startFakeApi(() => reply);
  const client = new Exs({ apiKey: 'exs_live_test', baseUrl: api.url, retry: { maxRetries: 0 } });
  return client.jobs.get('job_0123456789abcdef01234567').then(() => undefined, (e: unknown) => e);
}

test.each([
  [400, 'invalid_schema', InvalidRequestError],
  [400, 'document_too_large', DocumentTooLargeError],
  [400, 'unsupported_document', UnsupportedDocumentError],
  [401, 'invalid_api_key', AuthenticationError],
  [402, 'insufficient_balance', InsufficientBalanceError],
  [404, 'not_found', NotFoundError],
  [409, 'idempotency_key_conflict', IdempotencyConflictError],
  [422, 'extraction_failed', ExtractionFailedError],
  [429, 'rate_limited', RateLimitError],
  [500, 'internal_error', InternalServerError],
  [503, 'provider_unavailable', ServiceUnavailableError],
] as const)('a %i %s is thrown as %p with its status, code, message and request id', async (status, code, Kind) => {
  const error = await errorOf(apiError(status, code));
  expect(error).toBeInstanceOf(Kind);
  expect(error).toBeInstanceOf(ExsError);
  expect(error).toMatchObject({ status, code, message: `static message of ${code}`, request_id: REQUEST_ID, name: Kind.name });
});

test('insufficient_balance carries top_up_url', async () => {
  const error = await errorOf(apiError(402, 'insufficient_balance', { top_up_url: 'https://dashboard.example.com/top-up' }));
  expect(error).toMatchObject({ top_up_url: 'https://dashboard.example.com/top-up' });
});

test('rate_limited carries retry_after, and detail is kept where the API sends it', async () => {
  const error = await errorOf(apiError(429, 'rate_limited', { retry_after: 3600, detail: 'the daily page quota of this account is used up' }, { 'retry-after': '3600' }));
  expect(error).toMatchObject({ retry_after: 3600, detail: 'the daily page quota of this account is used up' });
});

test('a code this SDK does not know is an ExsError with that code', async () => {
  const error = await errorOf(apiError(418, 'teapot_refused'));
  expect(error).toBeInstanceOf(ExsError);
  expect((error as ExsError).constructor).toBe(ExsError);
  expect(error).toMatchObject({ status: 418, code: 'teapot_refused', request_id: REQUEST_ID });
});

test('an answer without an error body (a proxy\'s page) is classed by its status, with the x-request-id header', async () => {
  const error = await errorOf({ status: 404, text: '<html>Not Found</html>', headers: { 'x-request-id': 'req_ffffffffffffffffffffffffffffffff' } });
  expect(error).toBeInstanceOf(NotFoundError);
  expect(error).toMatchObject({ status: 404, code: 'unexpected_response', request_id: 'req_ffffffffffffffffffffffffffffffff' });
});
