import { Catch, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import { BaseExceptionFilter } from '@nestjs/core';
import { BaseRpcExceptionFilter, RpcException } from '@nestjs/microservices';
import { status } from '@grpc/grpc-js';
import { isDependencyOutage } from '../errors/dependency-outage.js';
import type { Logger } from '../logging/logger.js';

/**
 * A gRPC handler that failed because its database or Redis is unreachable answers UNAVAILABLE, so
 * callers see an outage (retryable, 503 at the edge) rather than UNKNOWN (a bug, 500). HTTP requests
 * (health probes) keep Nest's default handling. The outage is logged (warn) with its cause, since the
 * caller only sees the status: saturation (pool waits, lock queues) is found from these lines.
 */
@Catch()
export class DependencyOutageFilter implements ExceptionFilter {
  private readonly rpc = new BaseRpcExceptionFilter();

  constructor(private readonly http: BaseExceptionFilter, private readonly logger?: Logger) {}

  catch(exception: unknown, host: ArgumentsHost) {
    if (host.getType() !== 'rpc') return this.http.catch(exception, host);
    if (!(exception instanceof RpcException) && isDependencyOutage(exception)) {
      this.logger?.warn({ err: (exception as Error).message }, 'dependency unavailable; answered UNAVAILABLE');
      return this.rpc.catch(new RpcException({ code: status.UNAVAILABLE, message: 'a storage dependency is unavailable' }), host);
    }
    return this.rpc.catch(exception, host);
  }
}
