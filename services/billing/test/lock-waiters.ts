// Race tests lock a wallet row and start statements that must meet that lock. Waiting until PostgreSQL reports
// them waiting (instead of sleeping a while) makes the overlap certain on a machine of any speed.
import type { PrismaClient } from '../src/generated/prisma/client.js';

/** Resolves once at least `n` sessions on this database wait for a lock; a test whose statements never do ends by its Jest timeout. */
export async function lockWaiters(db: PrismaClient, n: number): Promise<void> {
  for (;;) {
    const [{ waiting }] = await db.$queryRaw<Array<{ waiting: number }>>`
      SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`;
    if (waiting >= n) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
