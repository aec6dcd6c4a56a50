import { Injectable } from '@nestjs/common';
import { SAMPLE_DEADLINE_MS, ServiceMetrics, withinDeadline } from '@exs/platform';
import { PrismaClient } from '../generated/prisma/client.js';

/**
 * Holds in force, read from PostgreSQL at each scrape (one indexed query, bounded by SAMPLE_DEADLINE_MS),
 * and holds the expiry sweep gave back. A hold that stays held for hours is work nobody settled.
 */
@Injectable()
export class ReservationMetrics {
  private readonly expired;

  constructor(db: PrismaClient, metrics: ServiceMetrics) {
    const meter = metrics.meter;
    this.expired = meter.createCounter('exs_billing_reservations_expired_total', {
      description: 'Holds nobody settled, given back by the expiry sweep (RESERVATION_TTL_SECONDS after they were made).',
    });
    // Served as 0 from start-up, so rate() and alerts see the series before the first expiry.
    this.expired.add(0);
    const held = meter.createObservableGauge('exs_billing_reservations_held', { description: 'Reservations currently held (neither captured, released nor expired), sampled at scrape.' });
    const heldMicros = meter.createObservableGauge('exs_billing_reservations_held_micros', { description: 'Funds currently held by reservations, in micro-USD, sampled at scrape.' });
    const oldest = meter.createObservableGauge('exs_billing_oldest_reservation_age_seconds', { description: 'Age of the oldest reservation still held (0 when none is), sampled at scrape.' });
    meter.addBatchObservableCallback(async (observer) => {
      const [row] = await withinDeadline(SAMPLE_DEADLINE_MS, () => db.$queryRaw<Array<{ held: number; micros: bigint; age: number | null }>>`
        SELECT count(*)::int AS held, coalesce(sum(amount_micros), 0)::bigint AS micros,
               extract(epoch FROM (now() AT TIME ZONE 'UTC') - min(created_at))::float8 AS age
        FROM reservations WHERE state = 'held'`);
      observer.observe(held, row!.held);
      observer.observe(heldMicros, Number(row!.micros));
      observer.observe(oldest, Math.max(0, row!.age ?? 0));
    }, [held, heldMicros, oldest]);
  }

  expiredReleased(count: number): void {
    if (count > 0) this.expired.add(count);
  }
}
