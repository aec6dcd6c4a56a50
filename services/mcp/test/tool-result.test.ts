// A tool call that fails is an MCP tool error carrying the REST API's error object: its contract code,
// static message and request id, with retry_after / top_up_url where the API gave them.
import { AuthenticationError, ExsConnectionError, ExsError, ExsTimeoutError, RateLimitError } from '@exs/sdk';
import { ToolFailure, toolError, toolResult } from '../src/tool-result.js';

const REQUEST_ID = /^req_[0-9a-f]{32}$/;
const errorOf = (err: unknown) => (toolError(err).structuredContent as { error: Record<string, unknown> }).error;

test('an API error keeps its code, message and request id', () => {
  const result = toolError(new AuthenticationError({ status: 401, code: 'invalid_api_key', message: 'The API key is missing, malformed or inactive.', request_id: 'req_0123456789abcdef0123456789abcdef' }));
  expect(result.isError).toBe(true);
  expect(result.structuredContent).toEqual({ error: { code: 'invalid_api_key', message: 'The API key is missing, malformed or inactive.', request_id: 'req_0123456789abcdef0123456789abcdef' } });
  expect(JSON.parse((result.content[0] as { text: string }).text)).toEqual(result.structuredContent);
});

test('rate_limited carries retry_after as the API sent it', () => {
  expect(errorOf(new RateLimitError({ status: 429, code: 'rate_limited', message: 'm', request_id: 'req_1', retry_after: 7 }))).toMatchObject({ code: 'rate_limited', retry_after: 7, request_id: 'req_1' });
});

test('no answer from the API is provider_unavailable with a request id of our own', () => {
  for (const err of [new ExsConnectionError({ status: 0, code: 'connection_error', message: 'x', request_id: null }), new ExsTimeoutError({ status: 0, code: 'timeout', message: 'x', request_id: null })]) {
    expect(errorOf(err)).toEqual({ code: 'provider_unavailable', message: 'An upstream dependency is unavailable; it is safe to retry.', request_id: expect.stringMatching(REQUEST_ID), detail: 'the extraction API did not answer' });
  }
});

test('an answer without a contract code is internal_error, never the answer\'s own text', () => {
  expect(errorOf(new ExsError({ status: 502, code: 'unexpected_response', message: '<html>bad gateway</html>', request_id: null }))).toEqual({ code: 'internal_error', message: 'An unexpected error occurred; it is safe to retry.', request_id: expect.stringMatching(REQUEST_ID) });
});

test('a failure found before any API call carries its code, detail and a fresh request id', () => {
  expect(errorOf(new ToolFailure('document_too_large', 'too big'))).toEqual({ code: 'document_too_large', message: 'The document exceeds a size, page or word limit.', detail: 'too big', request_id: expect.stringMatching(REQUEST_ID) });
});

test('a bug is internal_error without its message', () => {
  expect(errorOf(new TypeError('secret internals'))).toEqual({ code: 'internal_error', message: 'An unexpected error occurred; it is safe to retry.', request_id: expect.stringMatching(REQUEST_ID) });
});

test('a result is the API\'s JSON, structured and as text', () => {
  const body = { object: 'extraction', data: { total: 1 } };
  expect(toolResult(body)).toEqual({ content: [{ type: 'text', text: JSON.stringify(body) }], structuredContent: body });
});
