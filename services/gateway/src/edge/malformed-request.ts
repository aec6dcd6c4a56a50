import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { Logger } from '@exs/platform';
import { errorBody } from './error-body.js';
import { SERVICE_VERSION, mintRequestId } from './contract-headers.js';

/** Static details by the parser's error code; anything else the HTTP parser refuses is "malformed". */
const DETAILS: Record<string, string> = {
  HPE_HEADER_OVERFLOW: 'request headers too large',
  ERR_HTTP_REQUEST_TIMEOUT: 'request not received in time',
};

/**
 * A request Node's HTTP parser refuses (a control byte in a header, a broken request line, headers over
 * the size limit) never reaches Fastify's routing, and Fastify's default `clientError` answer has neither
 * the contract's error shape nor `x-request-id`/`service-version`. This answers it like any other bad
 * request: 400 `invalid_schema`, one minted request id, then the connection is closed (the parser cannot
 * go on reading it). Fastify attached its listener when the adapter created the server; this replaces it.
 */
export function answerMalformedRequests(fastify: FastifyInstance, logger: Logger): void {
  const server = fastify.server;
  server.removeAllListeners('clientError');
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    // A reset connection has nobody left to answer.
    if (err.code === 'ECONNRESET' || socket.destroyed) return;
    const requestId = mintRequestId();
    const detail = DETAILS[err.code ?? ''] ?? 'malformed HTTP request';
    logger.debug({ request_id: requestId, code: err.code }, 'malformed HTTP request refused');
    if (socket.writable) {
      const body = JSON.stringify(errorBody('invalid_schema', requestId, {}, detail));
      socket.write([
        'HTTP/1.1 400 Bad Request',
        'content-type: application/json; charset=utf-8',
        `content-length: ${Buffer.byteLength(body)}`,
        `x-request-id: ${requestId}`,
        `service-version: ${SERVICE_VERSION}`,
        'connection: close',
        '',
        body,
      ].join('\r\n'));
    }
    socket.destroy(err);
  });
}
