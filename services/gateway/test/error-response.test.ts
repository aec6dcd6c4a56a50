import { NotFoundException, PayloadTooLargeException } from '@nestjs/common';
import { createLogger } from '@exs/platform';
import { toErrorResponse } from '../src/edge/error-filter.js';
import { ApiError } from '../src/edge/api-error.js';

const logger = createLogger('test', 'silent');

test('an ApiError renders its code, static message and extra fields', () => {
  const { status, body } = toErrorResponse(new ApiError('rate_limited', { retry_after: 2 }), logger, 'req_1');
  expect(status).toBe(429);
  expect(body).toEqual({ error: { code: 'rate_limited', message: expect.any(String), request_id: 'req_1', retry_after: 2 } });
});

test('an unknown route is not_found', () => {
  expect(toErrorResponse(new NotFoundException(), logger, 'req_1')).toMatchObject({ status: 404, body: { error: { code: 'not_found' } } });
});

test('a body over the limit is document_too_large', () => {
  expect(toErrorResponse(new PayloadTooLargeException(), logger, 'req_1')).toMatchObject({ status: 400, body: { error: { code: 'document_too_large' } } });
});

test('an unexpected error is a 500 internal_error that reveals nothing of it', () => {
  const { status, body } = toErrorResponse(new Error('connection string postgres://secret'), logger, 'req_1');
  expect(status).toBe(500);
  expect(JSON.stringify(body)).not.toContain('secret');
  expect(body.error.code).toBe('internal_error');
});

test('messages are static: the same code always has the same message', () => {
  const a = toErrorResponse(new ApiError('invalid_schema', {}, 'detail one'), logger, 'req_1').body.error;
  const b = toErrorResponse(new ApiError('invalid_schema', {}, 'detail two'), logger, 'req_2').body.error;
  expect(a.message).toBe(b.message);
});

test('a storage outage (connection refused) is 503 provider_unavailable, not a 500', () => {
  const err = Object.assign(new Error('query failed'), { cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }) });
  expect(toErrorResponse(err, logger, 'req_1')).toMatchObject({ status: 503, body: { error: { code: 'provider_unavailable' } } });
});
