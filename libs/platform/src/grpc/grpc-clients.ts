import { ClientsModule, Transport, type ClientGrpc } from '@nestjs/microservices';
import type { DynamicModule } from '@nestjs/common';
import { lastValueFrom, type Observable } from 'rxjs';
import { GRPC_SERVICES, type GrpcServiceName } from '@exs/contracts';
import { GRPC_MAX_MESSAGE_BYTES, PROTO_LOADER_OPTIONS, grpcServiceConfig, type GrpcMethodOverride } from './grpc-options.js';

/** Injection token of the gRPC client for a service: `@Inject(grpcClientToken('billing'))`. */
export const grpcClientToken = (name: GrpcServiceName): string => `grpc-client:${name}`;

export interface GrpcClientTarget {
  name: GrpcServiceName;
  /** host:port */
  url: string;
  /** Per-call deadline; long-running calls (sync extraction) need more than the default. */
  timeoutSeconds?: number;
  /** Per-method settings by the proto's method name (`CreateTopUpCheckout`), over the target's. */
  methods?: Record<string, GrpcMethodOverride>;
}

/** A Nest module providing one gRPC client per target, with deadlines and retries configured. */
export function grpcClientsModule(targets: GrpcClientTarget[]): DynamicModule {
  return ClientsModule.register(targets.map((t) => {
    const def = GRPC_SERVICES[t.name];
    return {
      name: grpcClientToken(t.name),
      transport: Transport.GRPC,
      options: {
        url: t.url,
        package: def.package,
        protoPath: def.protoPath,
        loader: PROTO_LOADER_OPTIONS,
        maxReceiveMessageLength: GRPC_MAX_MESSAGE_BYTES,
        maxSendMessageLength: GRPC_MAX_MESSAGE_BYTES,
        channelOptions: {
          'grpc.service_config': grpcServiceConfig(t.name, t.timeoutSeconds ?? 10, t.methods),
          'grpc.enable_retries': 1,
          // grpc-js backs reconnects off up to 120 s: after a dependency's restart, calls would keep failing
          // UNAVAILABLE for up to that long. 5 s at most keeps recovery prompt at a few connects a minute.
          'grpc.initial_reconnect_backoff_ms': 500,
          'grpc.max_reconnect_backoff_ms': 5_000,
        },
      },
    };
  }));
}

/** The typed stub of a service from its client (`T` is the ts-proto `...ServiceClient` interface). */
export function grpcService<T extends object>(client: ClientGrpc, name: GrpcServiceName): T {
  return client.getService<T>(GRPC_SERVICES[name].service);
}

/** Awaits a unary call. */
export function call<T>(observable: Observable<T>): Promise<T> {
  return lastValueFrom(observable);
}
