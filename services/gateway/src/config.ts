import { baseConfigSchema, grpcTarget, loadConfig, z } from '@exs/platform';

export const gatewayConfigSchema = baseConfigSchema.extend({
  HTTP_PORT: z.coerce.number().int().min(1).max(65535).default(8080),
  EXTRACTION_GRPC_URL: grpcTarget.default('127.0.0.1:50052'),
});

export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;
export const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');
export const loadGatewayConfig = () => loadConfig(gatewayConfigSchema);
