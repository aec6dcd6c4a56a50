import type { extractionV1 } from '@exs/contracts';
import type { Job } from '../generated/prisma/client.js';

const ms = (d: Date | null | undefined) => (d ? String(d.getTime()) : '0');

export function toJobMessage(job: Job): extractionV1.Job {
  return {
    id: job.id,
    accountId: job.accountId,
    requestId: job.requestId,
    state: job.state,
    pages: job.pages,
    createdAtMs: ms(job.createdAt),
    startedAtMs: ms(job.startedAt),
    finishedAtMs: ms(job.finishedAt),
    expiresAtMs: ms(job.expiresAt),
    resultJson: job.state === 'succeeded' ? job.resultJson ?? '' : '',
    error: job.errorCode ? { code: job.errorCode, detail: job.errorDetail ?? '', retryAfterSeconds: 0 } : undefined,
    billedPages: job.billedPages,
  };
}
