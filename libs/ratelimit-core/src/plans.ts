/**
 * The limits of each plan (docs/rate-limits.md). The spec fixes the rates and the free plan's daily
 * pages; the burst (bucket capacity) is ours: twice the per-second rate, so a client may send two
 * seconds' worth at once after idling, while a sustained overrun is held to the rate.
 */
export interface PlanLimits {
  /** Tokens added per second (requests per second, sustained). */
  ratePerSecond: number;
  /** Bucket capacity: the largest burst. */
  burst: number;
  /** Billed pages per UTC day, shared by the account's keys; 0 = no quota. */
  dailyPages: number;
}

export const PLAN_LIMITS = {
  default: { ratePerSecond: 10, burst: 20, dailyPages: 0 },
  free: { ratePerSecond: 2, burst: 4, dailyPages: 100 },
  /** Raised limits granted on request (the spec's support path), internal teams and load tests. */
  raised: { ratePerSecond: 1000, burst: 2000, dailyPages: 0 },
} as const satisfies Record<string, PlanLimits>;

export type Plan = keyof typeof PLAN_LIMITS;

export class UnknownPlanError extends RangeError {}

/** An empty plan is the most restrictive one ("free"): a caller that forgets it is not let through wider. */
export function planLimits(plan: string): PlanLimits {
  const name = plan === '' ? 'free' : plan;
  if (!Object.hasOwn(PLAN_LIMITS, name)) throw new UnknownPlanError(`unknown plan: ${plan}`);
  return PLAN_LIMITS[name as Plan];
}
