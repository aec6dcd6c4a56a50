import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { status as GrpcStatus } from '@grpc/grpc-js';
import { Observable, tap } from 'rxjs';
import { isErrorCode } from '../errors/error-catalog.js';
import { isDependencyOutage } from '../errors/dependency-outage.js';
import { REQUEST_SECONDS_BUCKETS, ServiceMetrics } from './service-metrics.js';

const STATUS_NAMES = new Map(Object.entries(GrpcStatus).filter(([, v]) => typeof v === 'number').map(([k, v]) => [v as number, k]));

/** The gRPC status a thrown error ends the call with (Nest's RpcException carries it; the outage filter makes UNAVAILABLE). */
function statusOf(err: unknown): string {
  const e = err as { getError?: () => unknown; code?: unknown };
  const inner = typeof e?.getError === 'function' ? e.getError() as { code?: unknown } : e;
  if (typeof inner?.code === 'number' && STATUS_NAMES.has(inner.code)) return STATUS_NAMES.get(inner.code)!;
  return isDependencyOutage(err) ? 'UNAVAILABLE' : 'UNKNOWN';
}

/**
 * `/pkg.Service/Method` of the call: grpc-js passes the call object as a unary or server-streaming handler's
 * third argument, and as the first one to a raw stream-call handler (`@GrpcStreamCall`).
 */
function pathOf(ctx: ExecutionContext): { service: string; method: string } {
  for (const index of [2, 0]) {
    const path = (ctx.getArgByIndex(index) as { getPath?: () => unknown } | undefined)?.getPath?.();
    const match = typeof path === 'string' ? /^\/([\w.]+)\/(\w+)$/.exec(path) : null;
    if (match) return { service: match[1]!, method: match[2]! };
  }
  // Without a call object (a test calling the handler directly) the handler's name stands in.
  return { service: ctx.getClass().name, method: ctx.getHandler().name };
}

/**
 * RED metrics for every gRPC method this service serves: calls by method, gRPC status and the contract's
 * error code when the answer is an outcome error (`{ error: { code } }`: the service refused the request
 * with a public code, e.g. insufficient_balance), and their durations. HTTP requests are measured on
 * Fastify's hooks instead (http-metrics.ts), so they are skipped here.
 */
@Injectable()
export class RpcMetricsInterceptor implements NestInterceptor {
  private readonly calls;
  private readonly duration;

  constructor(metrics: ServiceMetrics) {
    this.calls = metrics.meter.createCounter('rpc_server_requests_total', {
      description: 'gRPC calls served, by service, method, gRPC status and contract error code of an outcome error (none when there is none).',
    });
    this.duration = metrics.meter.createHistogram('rpc_server_duration_seconds', {
      description: 'Time to serve a gRPC call, by service, method and gRPC status.',
      advice: { explicitBucketBoundaries: REQUEST_SECONDS_BUCKETS },
    });
  }

  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (ctx.getType() !== 'rpc') return next.handle();
    const started = performance.now();
    const { service, method } = pathOf(ctx);
    let recorded = false;
    const record = (grpcStatus: string, errorCode: string) => {
      if (recorded) return;
      recorded = true;
      const attributes = { 'rpc.service': service, 'rpc.method': method, 'rpc.grpc.status_code': grpcStatus };
      this.calls.add(1, { ...attributes, 'error.code': errorCode });
      this.duration.record((performance.now() - started) / 1000, attributes);
    };
    // A stream-call handler answers through its callback (the second argument), not its return value:
    // the callback is wrapped in place (Nest hands the handler this same argument array).
    const args = ctx.getArgs();
    const streamCall = typeof args[1] === 'function';
    if (streamCall) {
      const callback = args[1] as (err: unknown, value?: unknown) => void;
      args[1] = (err: unknown, value?: unknown) => {
        if (err) record(statusOf(err), 'none');
        else record('OK', 'none');
        callback(err, value);
      };
    }
    let first: unknown;
    let emitted = false;
    return next.handle().pipe(tap({
      // A unary answer is the one value; a server stream's are its messages, and the call ends at completion.
      next: (value) => { if (!emitted) { emitted = true; first = value; } },
      complete: () => {
        if (streamCall) return;
        const code = (first as { error?: { code?: unknown } } | undefined)?.error?.code;
        record('OK', isErrorCode(code) ? code : code ? 'other' : 'none');
      },
      error: (err) => record(statusOf(err), 'none'),
    }));
  }
}
