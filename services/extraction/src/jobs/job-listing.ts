import { Inject, Injectable } from '@nestjs/common';
import { PrismaClient, type Job, type Prisma } from '../generated/prisma/client.js';
import { PublicFailure } from '../public-failure.js';
import { CLOCK, type Clock } from '../clock.js';

export const JOB_STATES = ['queued', 'running', 'succeeded', 'failed'] as const;
export const MAX_PAGE_SIZE = 100;
const JOB_ID = /^job_[0-9a-f]{24}$/;

export interface JobListQuery {
  accountId: string;
  limit: number;
  startingAfter?: string;
  endingBefore?: string;
  state?: string;
}

export interface JobPage { jobs: Job[]; hasMore: boolean }

/**
 * The account's jobs, newest first, a page at a time (Stripe-style cursors: a job id of the account).
 * The order is (created_at desc, id desc): ids break ties between jobs admitted in the same millisecond,
 * so a page boundary never skips or repeats a job. Jobs past their retention are not listed, as
 * GetJob does not return them.
 */
@Injectable()
export class JobListing {
  constructor(private readonly db: PrismaClient, @Inject(CLOCK) private readonly clock: Clock) {}

  async list(q: JobListQuery): Promise<JobPage> {
    if (!Number.isInteger(q.limit) || q.limit < 1 || q.limit > MAX_PAGE_SIZE) throw new PublicFailure('invalid_schema', `limit: an integer from 1 to ${MAX_PAGE_SIZE}`);
    if (q.state && !(JOB_STATES as readonly string[]).includes(q.state)) throw new PublicFailure('invalid_schema', `state: one of ${JOB_STATES.join(', ')}`);
    if (q.startingAfter && q.endingBefore) throw new PublicFailure('invalid_schema', 'starting_after and ending_before cannot be used together');
    const cursorId = q.startingAfter || q.endingBefore;
    const visible: Prisma.JobWhereInput = {
      accountId: q.accountId,
      OR: [{ expiresAt: null }, { expiresAt: { gt: this.clock.now() } }],
      ...(q.state ? { state: q.state } : {}),
    };
    let where = visible;
    if (cursorId) {
      // Another account's job, or an expired one, is not found: a cursor never tells it exists.
      const cursor = JOB_ID.test(cursorId)
        ? await this.db.job.findFirst({ where: { id: cursorId, accountId: q.accountId, OR: visible.OR }, select: { id: true, createdAt: true } })
        : null;
      if (!cursor) throw new PublicFailure('not_found', 'the cursor job');
      const cmp = q.startingAfter ? 'lt' : 'gt';
      where = {
        AND: [visible, { OR: [{ createdAt: { [cmp]: cursor.createdAt } }, { createdAt: cursor.createdAt, id: { [cmp]: cursor.id } }] }],
      };
    }
    // ending_before walks towards newer jobs, so it reads ascending and turns the page around.
    const direction = q.endingBefore ? 'asc' : 'desc';
    const rows = await this.db.job.findMany({
      where,
      orderBy: [{ createdAt: direction }, { id: direction }],
      take: q.limit + 1,
      omit: { resultJson: true, schemaJson: true },
    }) as Job[];
    const hasMore = rows.length > q.limit;
    const page = rows.slice(0, q.limit);
    if (q.endingBefore) page.reverse();
    return { jobs: page, hasMore };
  }
}
