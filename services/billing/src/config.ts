import { baseConfigSchema, grpcServerConfigSchema, databaseConfigSchema, loadConfig, z } from '@exs/platform';

/** The longest STRIPE_TIMEOUT_MS: a checkout then takes at most 4 x 10 s + 2 retry pauses of 0.5 s. */
export const STRIPE_TIMEOUT_MAX_MS = 10_000;

const flag = z.enum(['true', 'false']).transform((v) => v === 'true');

export const billingConfigSchema = baseConfigSchema.extend(grpcServerConfigSchema.shape).extend(databaseConfigSchema.shape).extend({
  HTTP_PORT: z.coerce.number().int().min(1).max(65535).default(9103),
  GRPC_PORT: z.coerce.number().int().min(1).max(65535).default(50053),
  // A hold nobody settles is released after this. 6 h is past the longest a job can take: extraction
  // redelivers a job at most 5 times, each after JOB_ACK_WAIT_SECONDS (at most 3600), so 5 h at the
  // extreme and minutes with the defaults. Shorter risks releasing the hold of work still running.
  RESERVATION_TTL_SECONDS: z.coerce.number().int().min(60).max(7 * 24 * 3600).default(6 * 3600),
  RESERVATION_SWEEP_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** development and test allow a plain-HTTP processor address (stripe-mock on 127.0.0.1). */
  NODE_ENV: z.string().optional(),
  /** The payment processor behind top-ups, saved cards and auto-recharge; `none`: the payment RPCs answer FAILED_PRECONDITION. */
  PAYMENT_PROCESSOR: z.enum(['none', 'stripe']).default('none'),
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret or restricted key (sk_... / rk_...)').optional(),
  /** The signing secret of the webhook endpoint (whsec_...): the only thing that makes an event credit a wallet. */
  STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_\w+$/, 'must be a webhook signing secret (whsec_...)').optional(),
  /** Where the Stripe API is: Stripe itself, or stripe-mock on the local stack and in tests. */
  STRIPE_API_BASE: z.url({ protocol: /^https?$/ }).default('https://api.stripe.com'),
  /**
   * Deadline of every call to the processor. At most STRIPE_TIMEOUT_MAX_MS, so a checkout's worst case
   * (two calls, each retried once) stays inside the dashboard's deadline for it (docs/billing.md).
   */
  STRIPE_TIMEOUT_MS: z.coerce.number().int().min(500).max(STRIPE_TIMEOUT_MAX_MS).default(10_000),
  /** Checkout computes tax with Stripe Tax; prices are tax-inclusive, so the credit is the payment minus its tax. */
  STRIPE_AUTOMATIC_TAX: flag.default(false),
  /** How long a created-but-unsent recharge may wait before the sweep sends it again (same idempotency key). */
  RECHARGE_RESEND_AFTER_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),
  /**
   * A recharge the processor took whose webhook has not come this long after is settled by asking the
   * processor (paid, declined, or canceled and failed with code timeout). Stripe sends most webhooks within
   * seconds; 30 min leaves room for its first retries without blocking the account's recharges for days.
   */
  RECHARGE_PENDING_DEADLINE_SECONDS: z.coerce.number().int().min(60).max(7 * 24 * 3600).default(1800),
}).superRefine((c, ctx) => {
  if (c.PAYMENT_PROCESSOR !== 'stripe') return;
  if (!c.STRIPE_SECRET_KEY) ctx.addIssue({ code: 'custom', path: ['STRIPE_SECRET_KEY'], message: 'required with PAYMENT_PROCESSOR=stripe' });
  if (!c.STRIPE_WEBHOOK_SECRET) ctx.addIssue({ code: 'custom', path: ['STRIPE_WEBHOOK_SECRET'], message: 'required with PAYMENT_PROCESSOR=stripe' });
  if (c.STRIPE_API_BASE.startsWith('http:') && c.NODE_ENV !== 'development' && c.NODE_ENV !== 'test') {
    ctx.addIssue({ code: 'custom', path: ['STRIPE_API_BASE'], message: `http:// is allowed only with NODE_ENV development or test (NODE_ENV is ${c.NODE_ENV ?? 'unset'})` });
  }
});

export type BillingConfig = z.infer<typeof billingConfigSchema>;
export const loadBillingConfig = () => loadConfig(billingConfigSchema);
