// The exit code of each error class, as `exs --help` documents it.
import {
  AuthenticationError,
  ExsConnectionError,
  ExsError,
  ExsTimeoutError,
  ExtractionFailedError,
  InsufficientBalanceError,
  InternalServerError,
  NotFoundError,
  RateLimitError,
  ServiceUnavailableError,
  type ExsErrorFields,
} from '@exs/sdk';
import { CliError, EXIT_CODE_HELP, ExitCode, exitCodeForErrorCode, exitCodeForStatus, exitCodeOf } from '../src/exit-codes.js';
import { HELP } from '../src/help.js';

const fields = (status: number, code: string): ExsErrorFields => ({ status, code, message: 'm', request_id: null });

test('the documented codes: 0 ok, 1 usage, 2 auth, 3 invalid input, 4 payment/quota, 5 not found, 6 timeout, 7 server/network', () => {
  expect(ExitCode).toEqual({ ok: 0, usage: 1, auth: 2, invalidInput: 3, paymentOrQuota: 4, notFound: 5, timeout: 6, serverOrNetwork: 7 });
  expect(HELP).toContain(EXIT_CODE_HELP);
  for (const code of Object.values(ExitCode)) expect(EXIT_CODE_HELP).toMatch(new RegExp(`^  ${code}  `, 'm'));
});

test.each([
  [401, ExitCode.auth],
  [403, ExitCode.auth],
  [400, ExitCode.invalidInput],
  [409, ExitCode.invalidInput],
  [413, ExitCode.invalidInput],
  [415, ExitCode.invalidInput],
  [422, ExitCode.invalidInput],
  [402, ExitCode.paymentOrQuota],
  [429, ExitCode.paymentOrQuota],
  [404, ExitCode.notFound],
  [408, ExitCode.timeout],
  [504, ExitCode.timeout],
  [500, ExitCode.serverOrNetwork],
  [502, ExitCode.serverOrNetwork],
  [503, ExitCode.serverOrNetwork],
])('HTTP %i exits %i', (status, code) => {
  expect(exitCodeForStatus(status)).toBe(code);
  expect(exitCodeOf(new ExsError(fields(status, 'some_code')))).toBe(code);
});

test('the SDK\'s typed errors exit by their class', () => {
  expect(exitCodeOf(new AuthenticationError(fields(401, 'invalid_api_key')))).toBe(2);
  expect(exitCodeOf(new ExtractionFailedError(fields(422, 'extraction_failed')))).toBe(3);
  expect(exitCodeOf(new InsufficientBalanceError(fields(402, 'insufficient_balance')))).toBe(4);
  expect(exitCodeOf(new RateLimitError(fields(429, 'rate_limited')))).toBe(4);
  expect(exitCodeOf(new NotFoundError(fields(404, 'not_found')))).toBe(5);
  expect(exitCodeOf(new InternalServerError(fields(500, 'internal_error')))).toBe(7);
  expect(exitCodeOf(new ServiceUnavailableError(fields(503, 'provider_unavailable')))).toBe(7);
});

test('no answer in time exits 6; no connection exits 7', () => {
  expect(exitCodeOf(new ExsTimeoutError(fields(0, 'timeout')))).toBe(ExitCode.timeout);
  expect(exitCodeOf(new ExsConnectionError(fields(0, 'connection_error')))).toBe(ExitCode.serverOrNetwork);
});

test('a failed job exits by its error code', () => {
  expect(exitCodeForErrorCode('extraction_failed')).toBe(ExitCode.invalidInput);
  expect(exitCodeForErrorCode('invalid_schema')).toBe(ExitCode.invalidInput);
  expect(exitCodeForErrorCode('insufficient_balance')).toBe(ExitCode.paymentOrQuota);
  expect(exitCodeForErrorCode('internal_error')).toBe(ExitCode.serverOrNetwork);
  expect(exitCodeForErrorCode('provider_unavailable')).toBe(ExitCode.serverOrNetwork);
  expect(exitCodeForErrorCode('a_code_added_later')).toBe(ExitCode.serverOrNetwork);
});

test('the CLI\'s own refusals carry their code', () => {
  expect(exitCodeOf(new CliError(ExitCode.usage, 'm'))).toBe(1);
  expect(exitCodeOf(new CliError(ExitCode.invalidInput, 'm'))).toBe(3);
});
