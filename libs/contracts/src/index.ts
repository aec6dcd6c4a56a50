// Generated internal contracts (proto/ -> ts-proto), one namespace per proto package.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export * as commonV1 from './gen/exs/common/v1/common.js';
export * as uploadsV1 from './gen/exs/uploads/v1/uploads.js';
export * as extractionV1 from './gen/exs/extraction/v1/extraction.js';
export * as billingV1 from './gen/exs/billing/v1/billing.js';
export * as ratelimitV1 from './gen/exs/ratelimit/v1/ratelimit.js';
export * as webhooksV1 from './gen/exs/webhooks/v1/webhooks.js';
export * as eventsV1 from './gen/exs/events/v1/events.js';
export * as gatewayV1 from './gen/exs/gateway/v1/gateway.js';

/** The proto/ folder (from src/ or dist/ alike: both sit two levels below libs/contracts). */
export const PROTO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../../proto');

/** The gRPC services, by owner: package name and the .proto file Nest's transport loads. */
export const GRPC_SERVICES = {
  uploads: { package: 'exs.uploads.v1', service: 'UploadsService', protoPath: 'exs/uploads/v1/uploads.proto' },
  extraction: { package: 'exs.extraction.v1', service: 'ExtractionService', protoPath: 'exs/extraction/v1/extraction.proto' },
  billing: { package: 'exs.billing.v1', service: 'BillingService', protoPath: 'exs/billing/v1/billing.proto' },
  ratelimit: { package: 'exs.ratelimit.v1', service: 'RateLimitService', protoPath: 'exs/ratelimit/v1/ratelimit.proto' },
  webhooks: { package: 'exs.webhooks.v1', service: 'WebhooksService', protoPath: 'exs/webhooks/v1/webhooks.proto' },
  // Internal to the dashboard: accounts and API keys.
  gateway: { package: 'exs.gateway.v1', service: 'GatewayService', protoPath: 'exs/gateway/v1/gateway.proto' },
} as const;

export type GrpcServiceName = keyof typeof GRPC_SERVICES;
