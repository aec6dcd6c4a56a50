import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { call } from '@exs/platform';
import type { extractionV1 } from '@exs/contracts';
import { jobPage, jobsPage, message, type JobRow } from '../views/pages.js';
import { pageContext, query, sendPage } from '../web.js';
import { AccountLink } from './account-link.js';
import { SignedIn, minute } from './signed-in.js';

/** Job ids as extraction mints them (job_ + 24 hex). */
export const JOB_ID = /^job_[0-9a-f]{24}$/;
/** Jobs per page of the list. */
export const JOBS_PER_PAGE = 20;

const jobRow = (j: extractionV1.Job): JobRow => ({
  id: j.id,
  state: j.state,
  pages: j.pages,
  billedPages: j.billedPages,
  created: minute(j.createdAtMs),
  finished: minute(j.finishedAtMs),
  errorCode: j.error?.code ?? '',
});

/**
 * The account's recent jobs (extraction's ListJobs, newest first, a page at a time) and one job with its
 * result (GetJob). Both are asked with the signed-in account's id, so another account's job id is not found.
 */
@Controller()
export class JobsController {
  constructor(private readonly signedIn: SignedIn, private readonly accounts: AccountLink) {}

  @Get('/jobs')
  async jobs(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const caller = await this.signedIn.caller(req, reply);
    if (!caller) return;
    const ctx = pageContext(reply, caller.user.email);
    const after = query(req, 'after', 40);
    if (after && !JOB_ID.test(after)) return sendPage(reply, 404, message(ctx, 'Jobs', 'No such job.', 'error'));
    const res = await call(this.accounts.extraction.listJobs({ accountId: caller.accountId, limit: JOBS_PER_PAGE, startingAfter: after, endingBefore: '', state: '' }));
    if (!res.list) return sendPage(reply, 404, message(ctx, 'Jobs', 'No such job.', 'error'));
    const jobs = res.list.jobs.map(jobRow);
    sendPage(reply, 200, jobsPage(ctx, jobs, res.list.hasMore ? jobs.at(-1)!.id : null));
  }

  @Get('/jobs/:id')
  async job(@Req() req: FastifyRequest, @Res() reply: FastifyReply, @Param('id') jobId: string): Promise<void> {
    const caller = await this.signedIn.caller(req, reply);
    if (!caller) return;
    const ctx = pageContext(reply, caller.user.email);
    if (!JOB_ID.test(jobId)) return sendPage(reply, 404, message(ctx, 'Job', 'No such job.', 'error'));
    const res = await call(this.accounts.extraction.getJob({ accountId: caller.accountId, jobId }));
    if (!res.job) return sendPage(reply, 404, message(ctx, 'Job', 'No such job.', 'error'));
    sendPage(reply, 200, jobPage(ctx, { ...jobRow(res.job), errorDetail: res.job.error?.detail ?? '', expires: minute(res.job.expiresAtMs), result: prettyJson(res.job.resultJson) }));
  }
}

/** The result as indented JSON (it is escaped when rendered); as sent when it is not JSON. */
function prettyJson(text: string): string {
  if (!text) return '';
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
