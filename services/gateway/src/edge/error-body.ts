import { ERROR_CATALOG, type ErrorCode } from '@exs/platform';

/** The one error shape: `{"error":{"code","message","request_id", ...}}` with the catalog's static message. */
export function errorBody(code: ErrorCode, requestId: string, extra: Record<string, unknown> = {}, detail?: string) {
  return {
    error: {
      code,
      message: ERROR_CATALOG[code].message,
      request_id: requestId,
      ...extra,
      ...(detail ? { detail } : {}),
    },
  };
}
