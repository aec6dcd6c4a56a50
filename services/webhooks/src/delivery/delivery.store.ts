import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { PrismaClient, type Delivery, type Endpoint } from '../generated/prisma/client.js';
import type { WebhookEvent } from './payload.js';

export type ClaimedDelivery = Delivery & { endpoint: Endpoint };

export interface AttemptOutcome {
  attemptNumber: number;
  startedAt: Date;
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
  responseBody: string | null;
  /** pending (retry at nextAttemptAt) | succeeded | failed */
  status: 'pending' | 'succeeded' | 'failed';
  nextAttemptAt: Date | null;
}

/** PostgreSQL text cannot hold NUL; error and response texts come from the outside world. */
const clean = (text: string | null, max: number) => (text === null ? null : text.replaceAll('\u0000', '').slice(0, max));

/** `webhook-id` values: `msg_` + 32 hex characters. */
export const newMessageId = () => `msg_${randomUUID().replaceAll('-', '')}`;

/** All SQL of deliveries and attempts. */
@Injectable()
export class DeliveryStore {
  constructor(private readonly db: PrismaClient) {}

  /**
   * One pending delivery per matching endpoint of the event's account (filter empty = every type).
   * Idempotent: (event id, endpoint) is unique, so a redelivered event inserts nothing.
   */
  async enqueue(event: WebhookEvent, traceContext: Record<string, string>, now: Date): Promise<number> {
    const endpoints = await this.db.endpoint.findMany({
      where: { accountId: event.accountId, deletedAt: null, OR: [{ eventTypes: { isEmpty: true } }, { eventTypes: { has: event.type } }] },
      select: { id: true },
    });
    if (!endpoints.length) return 0;
    const { count } = await this.db.delivery.createMany({
      data: endpoints.map((e) => ({
        id: newMessageId(),
        endpointId: e.id,
        accountId: event.accountId,
        eventId: event.id,
        eventType: event.type,
        payload: event.body,
        traceContext,
        nextAttemptAt: now,
      })),
      skipDuplicates: true,
    });
    return count;
  }

  /**
   * Claims up to `limit` due deliveries for `owner` until `now + leaseMs`. Row locks with SKIP LOCKED
   * make concurrent claimers take disjoint rows, and the lease keeps a row away from other instances
   * while its attempt runs (the lease outlives the attempt timeout; an instance that dies mid-attempt
   * loses the row when the lease expires and another instance makes the attempt).
   */
  async claimDue(now: Date, limit: number, owner: string, leaseMs: number): Promise<ClaimedDelivery[]> {
    const nowIso = now.toISOString();
    const leaseIso = new Date(now.getTime() + leaseMs).toISOString();
    const rows = await this.db.$queryRaw<Array<{ id: string }>>`
      UPDATE deliveries AS d
      SET lease_until = ${leaseIso}::timestamptz, lease_owner = ${owner}
      FROM (
        SELECT id FROM deliveries
        WHERE status = 'pending' AND next_attempt_at <= ${nowIso}::timestamptz
          AND (lease_until IS NULL OR lease_until <= ${nowIso}::timestamptz)
        ORDER BY next_attempt_at
        LIMIT ${limit}::int
        FOR UPDATE SKIP LOCKED
      ) AS due
      WHERE d.id = due.id
      RETURNING d.id`;
    if (!rows.length) return [];
    return this.db.delivery.findMany({ where: { id: { in: rows.map((r) => r.id) } }, include: { endpoint: true }, orderBy: { nextAttemptAt: 'asc' } });
  }

  /**
   * Records an attempt and the delivery's next state, fenced on the claim: if the lease was lost (another
   * instance took the row over), nothing is written and false is returned.
   */
  async recordAttempt(deliveryId: string, owner: string, outcome: AttemptOutcome): Promise<boolean> {
    return this.db.$transaction(async (tx) => {
      const { count } = await tx.delivery.updateMany({
        where: { id: deliveryId, leaseOwner: owner, status: 'pending', attemptCount: outcome.attemptNumber - 1 },
        data: { attemptCount: outcome.attemptNumber, status: outcome.status, nextAttemptAt: outcome.nextAttemptAt, leaseOwner: null, leaseUntil: null },
      });
      if (!count) return false;
      await tx.deliveryAttempt.create({
        data: {
          deliveryId,
          attemptNumber: outcome.attemptNumber,
          startedAt: outcome.startedAt,
          statusCode: outcome.statusCode,
          latencyMs: outcome.latencyMs,
          error: clean(outcome.error, 500),
          responseBody: clean(outcome.responseBody, 1024),
        },
      });
      return true;
    });
  }

  /** A claimed delivery whose endpoint was deleted: no attempt is made. */
  async cancelClaimed(deliveryId: string, owner: string): Promise<void> {
    await this.db.delivery.updateMany({ where: { id: deliveryId, leaseOwner: owner, status: 'pending' }, data: { status: 'canceled', nextAttemptAt: null, leaseOwner: null, leaseUntil: null } });
  }
}
