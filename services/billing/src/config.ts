import { baseConfigSchema, grpcServerConfigSchema, databaseConfigSchema, loadConfig, z } from '@exs/platform';

export const billingConfigSchema = baseConfigSchema.extend(grpcServerConfigSchema.shape).extend(databaseConfigSchema.shape).extend({
  HTTP_PORT: z.coerce.number().int().min(1).max(65535).default(9103),
  GRPC_PORT: z.coerce.number().int().min(1).max(65535).default(50053),
  // A hold nobody settles is released after this. 6 h is past the longest a job can take: extraction
  // redelivers a job at most 5 times, each after JOB_ACK_WAIT_SECONDS (at most 3600), so 5 h at the
  // extreme and minutes with the defaults. Shorter risks releasing the hold of work still running.
  RESERVATION_TTL_SECONDS: z.coerce.number().int().min(60).max(7 * 24 * 3600).default(6 * 3600),
  RESERVATION_SWEEP_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
});

export type BillingConfig = z.infer<typeof billingConfigSchema>;
export const loadBillingConfig = () => loadConfig(billingConfigSchema);
