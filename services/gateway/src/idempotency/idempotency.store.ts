import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import pg from 'pg';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';

/** Keys are scoped to the account and kept this long. */
export const IDEMPOTENCY_TTL_MS = 24 * 3600_000;
/**
 * How long a running request holds its key without renewing it. The gateway renews every third of it
 * while the request runs, so only a crashed (or cut-off) gateway lets it lapse: then a retry may run.
 */
export const LEASE_MS = 60_000;
const SWEEP_INTERVAL_MS = 5 * 60_000;
const SWEEP_BATCH = 1000;

export type BeginOutcome =
  | { kind: 'started' }
  | { kind: 'conflict' }
  | { kind: 'replay'; status: number; body: string; requestId: string };

/** `timestamp(3)` columns hold UTC wall-clock time (Prisma's convention); PostgreSQL ignores the `Z`. */
const ts = (date: Date) => date.toISOString();

/** An existing record that no longer holds its key: expired, or running under a lapsed lease. */
const FREE = `(r.expires_at <= EXCLUDED.created_at OR (r.state = 'in_progress' AND r.locked_until <= EXCLUDED.created_at))`;
const takeOver = (column: string, value: string) => `${column} = CASE WHEN ${FREE} THEN ${value} ELSE r.${column} END`;

/**
 * The whole claim in one statement and one round trip. A new key is inserted. An existing row is
 * taken over when it no longer holds its key; otherwise it is "updated" to itself, which is only there
 * so that RETURNING hands the row back: ON CONFLICT DO UPDATE locks the row and works on its latest
 * committed version, so a claim racing a completion waits for it and replays (a SELECT in the same
 * statement would read the statement's snapshot, possibly from before the completion, and answer 409).
 * The claim is ours when the row carries our request id (minted per request, never reused).
 */
const CLAIM = {
  name: 'idempotency_claim',
  text: `
    INSERT INTO idempotency_records AS r (account_id, key, fingerprint, state, request_id, created_at, expires_at, locked_until)
    VALUES ($1, $2, $3, 'in_progress', $4, $5, $6, $7)
    ON CONFLICT (account_id, key) DO UPDATE SET
      ${takeOver('fingerprint', 'EXCLUDED.fingerprint')},
      ${takeOver('state', "'in_progress'")},
      ${takeOver('request_id', 'EXCLUDED.request_id')},
      ${takeOver('response_status', 'NULL')},
      ${takeOver('response_body', 'NULL')},
      ${takeOver('created_at', 'EXCLUDED.created_at')},
      ${takeOver('expires_at', 'EXCLUDED.expires_at')},
      ${takeOver('locked_until', 'EXCLUDED.locked_until')}
    RETURNING r.request_id, r.fingerprint, r.state, r.response_status, r.response_body`,
};

const COMPLETE = {
  name: 'idempotency_complete',
  text: `UPDATE idempotency_records SET state = 'completed', response_status = $4, response_body = $5
         WHERE account_id = $1 AND key = $2 AND request_id = $3`,
};

const RENEW = {
  name: 'idempotency_renew',
  text: `UPDATE idempotency_records SET locked_until = $4
         WHERE account_id = $1 AND key = $2 AND request_id = $3 AND state = 'in_progress'`,
};

const ABANDON = {
  name: 'idempotency_abandon',
  text: `DELETE FROM idempotency_records WHERE account_id = $1 AND key = $2 AND request_id = $3 AND state = 'in_progress'`,
};

/**
 * A batch of expired records. The outer `expires_at` test is not redundant: a claim may take over a
 * picked row before the DELETE reaches it, and only the outer condition is checked again on the row's
 * new version (the subquery's list is not), so the fresh claim survives.
 */
const SWEEP = {
  name: 'idempotency_sweep',
  text: `DELETE FROM idempotency_records WHERE expires_at <= $1 AND (account_id, key) IN (
           SELECT account_id, key FROM idempotency_records WHERE expires_at <= $1 LIMIT ${SWEEP_BATCH})`,
};

interface ClaimRow { request_id: string; fingerprint: string; state: string; response_status: number | null; response_body: string | null }

/**
 * Idempotency records in PostgreSQL, through a small `pg` pool of its own with prepared statements:
 * these queries run on every idempotent POST, and an insert through Prisma's raw-query path measured
 * 0.67 ms against 0.18 ms for a prepared statement on `pg`.
 *
 * Completions are written after the response is sent (`completeLater`): until the UPDATE lands, a
 * repeat handled by this process waits for it (`settling`) rather than seeing the key still running;
 * a repeat on another replica arrives at least one client round trip after the UPDATE was sent.
 */
@Injectable()
export class IdempotencyStore implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly pool: pg.Pool;
  /** Completions sent but not yet acknowledged, by account and key. */
  private readonly settling = new Map<string, Promise<void>>();
  private sweeper?: NodeJS.Timeout;

  constructor(@Inject(GATEWAY_CONFIG) config: Pick<GatewayConfig, 'DATABASE_URL'>) {
    // Small: one statement per idempotent POST, each well under a millisecond. A hung database fails
    // the request after connectionTimeoutMillis instead of queueing it forever.
    this.pool = new pg.Pool({ connectionString: config.DATABASE_URL, max: 5, idleTimeoutMillis: 30_000, connectionTimeoutMillis: 5_000 });
    // An idle connection the server drops (restart, failover) emits here; the pool replaces it.
    this.pool.on('error', () => {});
  }

  async begin(accountId: string, key: string, fingerprint: string, requestId: string, now = new Date()): Promise<BeginOutcome> {
    const pending = this.settling.get(settlingKey(accountId, key));
    if (pending) await pending;
    const expiresAt = new Date(now.getTime() + IDEMPOTENCY_TTL_MS);
    const lockedUntil = new Date(now.getTime() + LEASE_MS);
    const { rows } = await this.pool.query<ClaimRow>({
      ...CLAIM,
      values: [accountId, key, fingerprint, requestId, ts(now), ts(expiresAt), ts(lockedUntil)],
    });
    const row = rows[0]!;
    if (row.request_id === requestId) return { kind: 'started' };
    if (row.fingerprint !== fingerprint || row.state !== 'completed') return { kind: 'conflict' };
    return { kind: 'replay', status: row.response_status!, body: row.response_body!, requestId: row.request_id };
  }

  /** Stores the response of the request that holds the key. */
  async complete(accountId: string, key: string, requestId: string, status: number, body: string): Promise<void> {
    await this.pool.query({ ...COMPLETE, values: [accountId, key, requestId, status, body] });
  }

  /**
   * `complete` without holding up the response: `body` is serialised and written once the current I/O
   * turn is over (after the response went out). Repeats in this process wait for it; a failed write is
   * retried a few times, and if it never lands the lease lapses and a retry runs the request again.
   */
  completeLater(accountId: string, key: string, requestId: string, status: number, body: () => string, onFailure: (err: unknown) => void): void {
    const sk = settlingKey(accountId, key);
    const write: Promise<void> = (async () => {
      await new Promise<void>((resolve) => setImmediate(resolve));
      for (let attempt = 1; ; attempt++) {
        try {
          return await this.complete(accountId, key, requestId, status, body());
        } catch (err) {
          if (attempt === 3) return onFailure(err);
          await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
        }
      }
    })().finally(() => {
      if (this.settling.get(sk) === write) this.settling.delete(sk);
    });
    this.settling.set(sk, write);
  }

  /**
   * Keeps the lease of a running request: renews it every third of LEASE_MS until the returned
   * function is called. A failed renewal is retried at the next tick (two chances before it lapses).
   */
  hold(accountId: string, key: string, requestId: string): () => void {
    const timer = setInterval(() => void this.renew(accountId, key, requestId).catch(() => {}), LEASE_MS / 3).unref();
    return () => clearInterval(timer);
  }

  /** Extends the lease of a request that is still running. */
  async renew(accountId: string, key: string, requestId: string, now = new Date()): Promise<void> {
    await this.pool.query({ ...RENEW, values: [accountId, key, requestId, ts(new Date(now.getTime() + LEASE_MS))] });
  }

  /** Forgets a request that ended in a retryable failure, so the retry can run. */
  async abandon(accountId: string, key: string, requestId: string): Promise<void> {
    await this.pool.query({ ...ABANDON, values: [accountId, key, requestId] });
  }

  /** Deletes expired records (a batch at a time); returns how many. */
  async sweep(now = new Date()): Promise<number> {
    let total = 0;
    for (;;) {
      const { rowCount } = await this.pool.query({ ...SWEEP, values: [ts(now)] });
      total += rowCount ?? 0;
      if ((rowCount ?? 0) < SWEEP_BATCH) return total;
    }
  }

  onApplicationBootstrap(): void {
    // Expired keys are already ignored by `begin`; the sweep only reclaims their space. Replicas may
    // sweep at the same time: deletes of the same rows are harmless.
    this.sweeper = setInterval(() => void this.sweep().catch(() => {}), SWEEP_INTERVAL_MS).unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.sweeper);
    await Promise.allSettled(this.settling.values());
    await this.pool.end();
  }

  /** For tests and shutdown outside Nest. */
  close(): Promise<void> {
    return this.onApplicationShutdown();
  }
}

const settlingKey = (accountId: string, key: string) => `${accountId}\0${key}`;
