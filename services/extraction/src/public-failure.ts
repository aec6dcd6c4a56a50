/** A failure with a public error code and a caller-facing detail (rendered by the gateway, never a gRPC error). */
export class PublicFailure extends Error {
  constructor(readonly code: string, readonly detail = '') {
    super(detail ? `${code}: ${detail}` : code);
  }
}
