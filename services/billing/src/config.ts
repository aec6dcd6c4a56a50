import { baseConfigSchema, grpcServerConfigSchema, databaseConfigSchema, loadConfig, z } from '@exs/platform';

export const billingConfigSchema = baseConfigSchema.extend(grpcServerConfigSchema.shape).extend(databaseConfigSchema.shape).extend({
  HTTP_PORT: z.coerce.number().int().min(1).max(65535).default(9103),
  GRPC_PORT: z.coerce.number().int().min(1).max(65535).default(50053),
});

export type BillingConfig = z.infer<typeof billingConfigSchema>;
export const loadBillingConfig = () => loadConfig(billingConfigSchema);
