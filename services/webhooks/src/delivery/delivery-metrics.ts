import { Injectable } from '@nestjs/common';
import { SAMPLE_DEADLINE_MS, ServiceMetrics, withinDeadline } from '@exs/platform';
import { PrismaClient } from '../generated/prisma/client.js';
import type { AttemptOutcome } from './delivery.store.js';

/** Webhook attempt latency buckets, up to past the delivery timeout. */
const ATTEMPT_SECONDS_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15, 30];

/** How an attempt went, in a label of four values. */
function attemptResult(outcome: AttemptOutcome): 'delivered' | 'rejected' | 'unreachable' | 'refused' {
  if (outcome.statusCode !== null) return outcome.status === 'succeeded' ? 'delivered' : 'rejected';
  return outcome.error?.startsWith('target refused') ? 'refused' : 'unreachable';
}

/**
 * Webhook deliveries: every attempt (by result, with its latency), every delivery that ended, and the
 * deliveries still pending, read from PostgreSQL at each scrape (indexed on status and next attempt).
 */
@Injectable()
export class DeliveryMetrics {
  private readonly attempts;
  private readonly latency;
  private readonly finished;

  constructor(db: PrismaClient, metrics: ServiceMetrics) {
    const meter = metrics.meter;
    this.attempts = meter.createCounter('exs_webhook_attempts_total', {
      description: 'Webhook delivery attempts by result: delivered (2xx), rejected (another status), unreachable (no response: connection error or timeout), refused (the target failed the address check).',
    });
    this.latency = meter.createHistogram('exs_webhook_attempt_duration_seconds', {
      description: 'Time of one delivery attempt, from the address check to the response or the failure, by result.',
      advice: { explicitBucketBoundaries: ATTEMPT_SECONDS_BUCKETS },
    });
    this.finished = meter.createCounter('exs_webhook_deliveries_finished_total', {
      description: 'Deliveries that ended, by status: succeeded, failed (every attempt of the schedule failed), canceled (its endpoint was deleted).',
    });
    // Every result and status served as 0 from start-up, so failure ratios and alerts see the series before the first event.
    for (const result of ['delivered', 'rejected', 'unreachable', 'refused'] as const) this.attempts.add(0, { result });
    for (const status of ['succeeded', 'failed', 'canceled'] as const) this.finished.add(0, { status });
    const pending = meter.createObservableGauge('exs_webhook_deliveries_pending', { description: 'Deliveries not yet ended (waiting for their next attempt or being attempted), sampled at scrape.' });
    const overdue = meter.createObservableGauge('exs_webhook_oldest_due_delivery_age_seconds', { description: 'How long the most overdue pending delivery has been due (0 when none is), sampled at scrape.' });
    meter.addBatchObservableCallback(async (observer) => {
      const [row] = await withinDeadline(SAMPLE_DEADLINE_MS, () => db.$queryRaw<Array<{ pending: number; overdue: number | null }>>`
        SELECT count(*)::int AS pending, extract(epoch FROM now() - min(next_attempt_at) FILTER (WHERE next_attempt_at <= now()))::float8 AS overdue
        FROM deliveries WHERE status = 'pending'`);
      observer.observe(pending, row!.pending);
      observer.observe(overdue, Math.max(0, row!.overdue ?? 0));
    }, [pending, overdue]);
  }

  attempted(outcome: AttemptOutcome): void {
    const result = attemptResult(outcome);
    this.attempts.add(1, { result });
    this.latency.record(outcome.latencyMs / 1000, { result });
  }

  ended(status: 'succeeded' | 'failed' | 'canceled'): void {
    this.finished.add(1, { status });
  }
}
