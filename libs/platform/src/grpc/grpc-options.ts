import { Transport, type GrpcOptions } from '@nestjs/microservices';
import { HealthImplementation } from 'grpc-health-check';
import { GRPC_SERVICES, PROTO_ROOT, type GrpcServiceName } from '@exs/contracts';

/** Large enough for a 20 MiB inline document plus its schema, or a 200-page result. */
export const GRPC_MAX_MESSAGE_BYTES = 64 * 1024 * 1024;

/** proto-loader options matching ts-proto's generated types (camelCase, int64 as string, defaults filled). */
export const PROTO_LOADER_OPTIONS = {
  keepCase: false,
  longs: String,
  enums: String,
  defaults: true,
  arrays: true,
  objects: true,
  oneofs: false,
  includeDirs: [PROTO_ROOT],
};

/**
 * gRPC server options for one service, with the standard `grpc.health.v1` service registered on the
 * same server. The returned health handle flips to NOT_SERVING on shutdown so balancers drain first.
 * `serviceName` is the API's full name, whose status can also say the API cannot serve while the
 * process (`''`) still does.
 */
export function grpcServerOptions(name: GrpcServiceName, url: string): { options: GrpcOptions; health: HealthImplementation; serviceName: string } {
  const def = GRPC_SERVICES[name];
  const fullName = `${def.package}.${def.service}`;
  const health = new HealthImplementation({ '': 'SERVING', [fullName]: 'SERVING' });
  return {
    health,
    serviceName: fullName,
    options: {
      transport: Transport.GRPC,
      options: {
        url,
        package: def.package,
        protoPath: def.protoPath,
        loader: PROTO_LOADER_OPTIONS,
        maxReceiveMessageLength: GRPC_MAX_MESSAGE_BYTES,
        maxSendMessageLength: GRPC_MAX_MESSAGE_BYTES,
        gracefulShutdown: true,
        onLoadPackageDefinition: (_pkg, server) => health.addToServer(server),
      },
    },
  };
}

/** Settings of one method that differ from its service's (grpc-js picks the method's entry over the service's). */
export interface GrpcMethodOverride {
  /** The method's deadline, e.g. for calls that wait on a third party with its own timeouts and retries. */
  timeoutSeconds?: number;
  /**
   * false: never retried by grpc-js, for calls that are not idempotent (each creates something new, like a
   * checkout page), where a retry after the handler ran would create a second one.
   */
  retry?: boolean;
}

const RETRY_TOKENS = 10;

/**
 * Client-side deadlines and retries as a gRPC service config, so every call gets them from grpc-js
 * itself rather than from hand-written retry loops. Only UNAVAILABLE is retried: either the call never
 * reached a handler, or the handler met a dependency outage (the outage filter). Mutating RPCs are
 * idempotent by their reference, so a retry cannot run anything twice; the few that are not (billing's
 * checkout and card setup mint a new payment per call) are marked `retry: false` by their callers.
 *
 * Retry throttling (gRFC A6): each failed attempt spends a token, each success returns a tenth of one,
 * and retries stop while fewer than half of the 10 tokens are left. A saturated dependency then sees each
 * call once instead of four times, rather than a retry storm on top of its overload.
 */
export function grpcServiceConfig(name: GrpcServiceName, timeoutSeconds: number, methods: Record<string, GrpcMethodOverride> = {}): string {
  const def = GRPC_SERVICES[name];
  const service = `${def.package}.${def.service}`;
  const retryPolicy = {
    maxAttempts: 4,
    initialBackoff: '0.1s',
    maxBackoff: '1s',
    backoffMultiplier: 2,
    retryableStatusCodes: ['UNAVAILABLE'],
  };
  return JSON.stringify({
    retryThrottling: { maxTokens: RETRY_TOKENS, tokenRatio: 0.1 },
    methodConfig: [
      { name: [{ service }], timeout: `${timeoutSeconds}s`, retryPolicy },
      ...Object.entries(methods).map(([method, o]) => ({
        name: [{ service, method }],
        timeout: `${o.timeoutSeconds ?? timeoutSeconds}s`,
        ...(o.retry === false ? {} : { retryPolicy }),
      })),
    ],
  });
}
