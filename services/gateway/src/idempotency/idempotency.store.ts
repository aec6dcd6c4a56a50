import { Injectable } from '@nestjs/common';
import { PrismaClient } from '../generated/prisma/client.js';

/** Keys are scoped to the account and kept this long. */
export const IDEMPOTENCY_TTL_MS = 24 * 3600_000;

export type BeginOutcome =
  | { kind: 'started' }
  | { kind: 'conflict' }
  | { kind: 'replay'; status: number; body: string; requestId: string };

/**
 * Idempotency records in PostgreSQL. The INSERT ... ON CONFLICT DO NOTHING is the whole concurrency
 * story: of N simultaneous requests with one key, exactly one inserts and runs; the rest see its record.
 */
@Injectable()
export class IdempotencyStore {
  constructor(private readonly db: PrismaClient) {}

  async begin(accountId: string, key: string, fingerprint: string, requestId: string, now = new Date()): Promise<BeginOutcome> {
    const expiresAt = new Date(now.getTime() + IDEMPOTENCY_TTL_MS);
    for (let attempt = 0; attempt < 2; attempt++) {
      const inserted = await this.db.$executeRaw`
        INSERT INTO idempotency_records (account_id, key, fingerprint, state, request_id, created_at, expires_at)
        VALUES (${accountId}, ${key}, ${fingerprint}, 'in_progress', ${requestId}, ${now}, ${expiresAt})
        ON CONFLICT (account_id, key) DO NOTHING`;
      if (inserted === 1) return { kind: 'started' };
      const existing = await this.db.idempotencyRecord.findUnique({ where: { accountId_key: { accountId, key } } });
      if (!existing) continue; // abandoned between our insert and read: try once more
      if (existing.expiresAt <= now) {
        await this.db.idempotencyRecord.deleteMany({ where: { accountId, key, expiresAt: { lte: now } } });
        continue;
      }
      if (existing.fingerprint !== fingerprint || existing.state !== 'completed') return { kind: 'conflict' };
      return { kind: 'replay', status: existing.responseStatus!, body: existing.responseBody!, requestId: existing.requestId };
    }
    return { kind: 'conflict' };
  }

  async complete(accountId: string, key: string, status: number, body: string): Promise<void> {
    // Raw SQL: this runs on every idempotent POST, and the model API costs a millisecond more here.
    await this.db.$executeRaw`
      UPDATE idempotency_records SET state = 'completed', response_status = ${status}, response_body = ${body}
      WHERE account_id = ${accountId} AND key = ${key}`;
  }

  /** Forgets a request that ended in a retryable failure, so the retry can run. */
  async abandon(accountId: string, key: string): Promise<void> {
    await this.db.idempotencyRecord.deleteMany({ where: { accountId, key, state: 'in_progress' } });
  }

  async sweep(now = new Date()): Promise<number> {
    const { count } = await this.db.idempotencyRecord.deleteMany({ where: { expiresAt: { lte: now } } });
    return count;
  }
}
