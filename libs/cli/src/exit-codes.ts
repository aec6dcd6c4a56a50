/**
 * Exit codes by error class, so a script can branch on `$?` without reading messages. The same map serves
 * an API error, a failed job's error code and the CLI's own refusals.
 */
import { ExsError, ExsTimeoutError } from '@exs/sdk';

export const ExitCode = {
  ok: 0,
  usage: 1,
  auth: 2,
  invalidInput: 3,
  paymentOrQuota: 4,
  notFound: 5,
  timeout: 6,
  serverOrNetwork: 7,
} as const;
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

/** The table `exs --help` and the README print. */
export const EXIT_CODE_HELP = `Exit codes:
  0  ok
  1  usage: an unknown command or option, a missing or malformed argument
  2  authentication: no API key, a refused key (401/403), a config file others can read
  3  invalid input: a missing or unreadable file, a bad schema or document (400/413/415/422)
  4  payment or quota: insufficient balance (402), rate or daily page limit after retries (429)
  5  not found (404)
  6  timeout: no answer in time, or a job that did not end within --timeout
  7  server or network: 5xx after retries, no connection`;

/** A refusal of the CLI itself, with a static message and its class. */
export class CliError extends Error {
  constructor(
    readonly exitCode: ExitCode,
    message: string,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

/** The class of an HTTP status the API (or a proxy in front of it) answered with. */
export function exitCodeForStatus(status: number): ExitCode {
  if (status === 401 || status === 403) return ExitCode.auth;
  if (status === 402 || status === 429) return ExitCode.paymentOrQuota;
  if (status === 404) return ExitCode.notFound;
  if (status === 408 || status === 504) return ExitCode.timeout;
  if (status >= 400 && status < 500) return ExitCode.invalidInput;
  return ExitCode.serverOrNetwork;
}

/** The status each public error code is answered with (service-spec.md, "Errors"). */
const STATUS_OF_CODE: Record<string, number> = {
  invalid_schema: 400,
  document_too_large: 400,
  unsupported_document: 400,
  invalid_api_key: 401,
  insufficient_balance: 402,
  not_found: 404,
  idempotency_key_conflict: 409,
  extraction_failed: 422,
  rate_limited: 429,
  internal_error: 500,
  provider_unavailable: 503,
};

/** The class of a public error code, e.g. a failed job's `error.code`; an unknown code is a server error. */
export function exitCodeForErrorCode(code: string): ExitCode {
  const status = STATUS_OF_CODE[code];
  return status === undefined ? ExitCode.serverOrNetwork : exitCodeForStatus(status);
}

export function exitCodeOf(error: unknown): ExitCode {
  if (error instanceof CliError) return error.exitCode;
  if (error instanceof ExsTimeoutError) return ExitCode.timeout;
  // Status 0: no answer at all (refused, reset, DNS).
  if (error instanceof ExsError) return error.status === 0 ? ExitCode.serverOrNetwork : exitCodeForStatus(error.status);
  return ExitCode.serverOrNetwork;
}
