import { ERROR_CATALOG, isErrorCode } from '@exs/platform';
import type { extractionV1 } from '@exs/contracts';

/** The published per-page rate, echoed on jobs and the wallet (spec: Pricing). */
export const PRICE_PER_PAGE = { amount: '0.02', currency: 'USD' } as const;

const iso = (ms: string) => (ms && ms !== '0' ? new Date(Number(ms)).toISOString() : null);

/** A job as lists show it: the job object without `result` (ListJobs does not send results). */
export function jobListItemView(job: extractionV1.Job) {
  const code = job.error?.code;
  return {
    id: job.id,
    object: 'job',
    state: job.state,
    request_id: job.requestId,
    pages: job.pages,
    price_per_page: PRICE_PER_PAGE,
    created_at: iso(job.createdAtMs),
    started_at: iso(job.startedAtMs),
    finished_at: iso(job.finishedAtMs),
    expires_at: iso(job.expiresAtMs),
    error: job.state === 'failed' && code && isErrorCode(code)
      ? { code, message: ERROR_CATALOG[code].message, ...(job.error?.detail ? { detail: job.error.detail } : {}) }
      : null,
  };
}

/** The public job object. `result` appears once succeeded; `error` once failed. */
export function jobView(job: extractionV1.Job) {
  const { error, ...rest } = jobListItemView(job);
  // Field order as before: clients ignore it, but people read it.
  return { ...rest, result: job.state === 'succeeded' && job.resultJson ? JSON.parse(job.resultJson) : null, error };
}
