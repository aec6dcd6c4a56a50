import { Catch, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import { BaseExceptionFilter } from '@nestjs/core';
import { BaseRpcExceptionFilter, RpcException } from '@nestjs/microservices';
import { status } from '@grpc/grpc-js';
import { isDependencyOutage } from '../errors/dependency-outage.js';

/**
 * A gRPC handler that failed because its database or Redis is unreachable answers UNAVAILABLE, so
 * callers see an outage (retryable, 503 at the edge) rather than UNKNOWN (a bug, 500). HTTP requests
 * (health probes) keep Nest's default handling.
 */
@Catch()
export class DependencyOutageFilter implements ExceptionFilter {
  private readonly rpc = new BaseRpcExceptionFilter();

  constructor(private readonly http: BaseExceptionFilter) {}

  catch(exception: unknown, host: ArgumentsHost) {
    if (host.getType() !== 'rpc') return this.http.catch(exception, host);
    if (!(exception instanceof RpcException) && isDependencyOutage(exception)) {
      return this.rpc.catch(new RpcException({ code: status.UNAVAILABLE, message: 'a storage dependency is unavailable' }), host);
    }
    return this.rpc.catch(exception, host);
  }
}
